import { describe, expect, it } from 'vitest';
import { TAX_CARD_GROUPS, TAX_CARD_IDS, taxCardsFor, type TaxCardId } from './tax-cards.js';
import type { TaxProfileAnswers } from './tax-profile.js';

function enabled(answers: TaxProfileAnswers): Set<TaxCardId> {
  return new Set(taxCardsFor(answers).filter((c) => c.isEnabled).map((c) => c.id));
}

function card(answers: TaxProfileAnswers, id: TaxCardId) {
  return taxCardsFor(answers).find((c) => c.id === id)!;
}

describe('tax cards', () => {
  it('has 21 cards in 11 groups, in the order of part 2 §3', () => {
    const cards = taxCardsFor({});
    expect(cards.map((c) => c.id)).toEqual([...TAX_CARD_IDS]);
    expect(TAX_CARD_IDS).toHaveLength(21);
    expect(TAX_CARD_GROUPS).toHaveLength(11);
    expect(new Set(cards.map((c) => c.group))).toEqual(new Set(TAX_CARD_GROUPS.map((g) => g.id)));
    expect(TAX_CARD_GROUPS.find((g) => g.id === 'relocation')?.title).toBe('Moving & Relocation');
  });

  it('enables nothing for an empty profile, and says why each card is off', () => {
    expect(enabled({}).size).toBe(0);
    expect(card({}, 'rental_income').relevanceReason).toBe('Not applicable - propertyOwner, numberOfProperties');
    expect(card({}, 'children_allowances')).toMatchObject({ group: 'family', requiredFields: ['hasChildren'] });
  });

  // One case per rule of §5: answers that turn the cards on, and close answers that do not.
  const rules: [string, TaxCardId[], TaxProfileAnswers, TaxProfileAnswers][] = [
    ['children', ['children_allowances', 'childcare_costs', 'education_expenses'], { hasChildren: true }, { hasChildren: false, numberOfChildren: 2 }],
    ['spouse', ['spouse_income'], { maritalStatus: 'married' }, { maritalStatus: 'widowed' }],
    ['alimony paid', ['alimony_payments'], { paysAlimony: true, maritalStatus: 'individual' }, { paysAlimony: false, maritalStatus: 'individual' }],
    ['alimony divorced', ['alimony_payments'], { maritalStatus: 'divorced' }, { maritalStatus: 'married' }],
    ['alimony separated', ['alimony_payments'], { maritalStatus: 'separated' }, { maritalStatus: 'company' }],
    ['property', ['property_expenses', 'mortgage_interest'], { propertyOwner: true }, { propertyOwner: false, numberOfProperties: 3 }],
    ['rental', ['property_expenses', 'mortgage_interest', 'rental_income'], { propertyOwner: true, numberOfProperties: 2 }, { propertyOwner: true, numberOfProperties: 1 }],
    ['investments', ['investment_income', 'securities_custody'], { hasInvestments: true }, { hasInvestments: false }],
    ['pillar 3a', ['pillar3a_contributions'], { hasPillar3a: true }, { hasPillar3a: false }],
    ['pension', ['pension_income'], { hasPension: true }, { hasPension: false, employmentType: 'employed' }],
    ['retired', ['pension_income'], { employmentType: 'retired' }, { employmentType: 'unemployed' }],
    ['self-employed', ['self_employment'], { employmentType: 'self-employed' }, { employmentType: 'employed' }],
    ['mixed', ['self_employment', 'professional_expenses'], { employmentType: 'mixed' }, { employmentType: 'farmer' }],
    ['farmer', ['farming_income'], { employmentType: 'farmer' }, { employmentType: 'self-employed' }],
    ['employed', ['professional_expenses'], { employmentType: 'employed' }, { employmentType: 'retired' }],
    ['firefighter', ['firefighter_allowance'], { isFirefighter: true }, { isFirefighter: false }],
    ['disability', ['disability_deductions'], { isDisabled: true }, { isDisabled: false }],
    ['foreign', ['foreign_income'], { hasForeignIncome: true }, { hasForeignIncome: false }],
    ['AHV/IV', ['ahv_iv_benefits'], { receivesAHVIV: true }, { receivesAHVIV: false }],
    ['moved', ['moving_expenses'], { movedDuringYear: 'yes' }, { movedDuringYear: 'no' }],
    ['canton', ['canton_specific_deductions'], { cantonOfResidence: 'bern' }, { cantonOfResidence: '' }],
  ];

  it.each(rules)('%s: on exactly when the rule holds', (name, ids, on, off) => {
    expect(enabled(on)).toEqual(new Set(ids));
    // A close miss turns off the rule's own card (for rental: still a property owner, one property).
    const own = name === 'rental' ? ['rental_income' as const] : ids;
    for (const id of own) expect(enabled(off).has(id)).toBe(false);
    for (const id of ids) expect(card(on, id).relevanceReason).not.toMatch(/^Not applicable/);
  });

  it('covers every card with a rule case', () => {
    expect(new Set(rules.flatMap(([, ids]) => ids))).toEqual(new Set(TAX_CARD_IDS));
  });
});
