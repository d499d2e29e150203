import { describe, expect, it } from 'vitest';
import { priorityCards, profileCompleteness, taxCategoryPreferences } from './tax-card-summary.js';
import { taxCardsFor, type TaxCard } from './tax-cards.js';

describe('profile completeness', () => {
  it('counts the nine fields of §5, false as filled, blank as empty, rounded', () => {
    expect(profileCompleteness({ personal: {}, answers: {} })).toBe(0);
    expect(profileCompleteness({ personal: { firstName: 'Anna', lastName: ' ' }, answers: {} })).toBe(11);
    expect(profileCompleteness({ personal: { firstName: 'Anna', lastName: 'M' }, answers: { hasChildren: false } })).toBe(33);
    expect(profileCompleteness({ personal: {}, answers: { religion: 'reformed', street: 'Weg', hasPension: true } })).toBe(0);
    expect(
      profileCompleteness({
        personal: { firstName: 'Anna', lastName: 'M' },
        answers: { cantonOfResidence: 'bern', maritalStatus: 'married', employmentType: 'employed', hasChildren: false, propertyOwner: false, hasInvestments: false, hasPillar3a: false },
      }),
    ).toBe(100);
    expect(profileCompleteness({ personal: { firstName: 'A', lastName: 'B' }, answers: { cantonOfResidence: 'bern', maritalStatus: 'married', employmentType: 'employed' } })).toBe(56);
  });
});

describe('priority cards', () => {
  const card = (id: string, group: TaxCard['group'], isEnabled = true) =>
    ({ id, group, isEnabled, title: id, requiredFields: [], relevanceReason: '' }) as unknown as TaxCard;

  it('orders enabled cards family, property, employment, pension, investments, others last, at most 3', () => {
    const cards = [card('a', 'social'), card('b', 'investments'), card('c', 'pension'), card('d', 'employment'), card('e', 'property', false), card('f', 'family')];
    expect(priorityCards(cards).map((c) => c.id)).toEqual(['f', 'd', 'c']);
    expect(priorityCards([card('a', 'social'), card('b', 'investments')]).map((c) => c.id)).toEqual(['b', 'a']);
    expect(priorityCards([card('x', 'canton', false)])).toEqual([]);
  });

  it('keeps the given order within a group and among the others (stable)', () => {
    const cards = [card('s1', 'special'), card('c1', 'canton'), card('s2', 'special'), card('p1', 'property'), card('p2', 'property')];
    expect(priorityCards(cards).map((c) => c.id)).toEqual(['p1', 'p2', 's1']);
  });

  it('recommends from real answers', () => {
    const cards = taxCardsFor({ hasChildren: true, propertyOwner: true, employmentType: 'employed', cantonOfResidence: 'bern' });
    expect(priorityCards(cards).map((c) => c.id)).toEqual(['children_allowances', 'childcare_costs', 'education_expenses']);
    const fewer = taxCardsFor({ isFirefighter: true, hasPillar3a: true, employmentType: 'farmer' });
    expect(priorityCards(fewer).map((c) => c.id)).toEqual(['farming_income', 'pillar3a_contributions', 'firefighter_allowance']);
  });
});

describe('tax category preferences', () => {
  it('turns on the Advanced Tax Information tabs the answers call for; deductions always', () => {
    expect(taxCategoryPreferences({})).toEqual({
      investments: false, deductions: true, realEstate: false, foreignIncome: false, spouse: false, children: false,
    });
    expect(
      taxCategoryPreferences({ hasInvestments: true, propertyOwner: true, hasForeignIncome: true, maritalStatus: 'married', hasChildren: true }),
    ).toEqual({ investments: true, deductions: true, realEstate: true, foreignIncome: true, spouse: true, children: true });
    expect(taxCategoryPreferences({ maritalStatus: 'divorced', hasChildren: false }).spouse).toBe(false);
  });
});
