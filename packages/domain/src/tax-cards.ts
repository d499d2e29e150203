import { z } from 'zod';
import { TAX_PROFILE_FIELDS, type TaxProfileAnswers, type TaxProfileField } from './tax-profile.js';

/**
 * Tax cards (part 2 §3, §5): which parts of a return apply to the person, derived from the year's
 * answers by one pure rule per card. Titles and reasons are English; the web app translates them
 * under taxCards.<id>.* and taxCardGroups.<id>, falling back to these texts.
 */
export const TAX_CARD_GROUPS = [
  { id: 'family', title: 'Family & Children' },
  { id: 'relationship', title: 'Marriage & Relationships' },
  { id: 'property', title: 'Property & Real Estate' },
  { id: 'investments', title: 'Investments & Securities' },
  { id: 'pension', title: 'Pension & Retirement' },
  { id: 'employment', title: 'Employment & Business' },
  { id: 'special', title: 'Special Circumstances' },
  { id: 'international', title: 'International & Foreign' },
  { id: 'social', title: 'Social Security & Benefits' },
  { id: 'relocation', title: 'Moving & Relocation' },
  { id: 'canton', title: 'Canton-Specific' },
] as const;
export type TaxCardGroup = (typeof TAX_CARD_GROUPS)[number]['id'];

/** The 21 cards of §3, in that order. */
export const TAX_CARD_IDS = [
  'children_allowances', 'childcare_costs', 'education_expenses', 'spouse_income', 'alimony_payments',
  'property_expenses', 'mortgage_interest', 'rental_income', 'investment_income', 'securities_custody',
  'pillar3a_contributions', 'pension_income', 'self_employment', 'farming_income', 'professional_expenses',
  'firefighter_allowance', 'disability_deductions', 'foreign_income', 'ahv_iv_benefits', 'moving_expenses',
  'canton_specific_deductions',
] as const;
export type TaxCardId = (typeof TAX_CARD_IDS)[number];

type Answers = TaxProfileAnswers;

/** What each card covers (the spec's `description`), in English; the web app shows its translation. */
const DESCRIPTIONS: Record<TaxCardId, string> = {
  children_allowances: 'Family and child allowances paid for your children, and the deductions for children.',
  childcare_costs: 'Costs of care by others, such as a day-care centre or a childminder.',
  education_expenses: 'School, training and study costs of your children.',
  spouse_income: 'Salary and other income of your spouse, taxed together with yours.',
  alimony_payments: 'Maintenance paid to a former spouse or for children, and maintenance you receive.',
  property_expenses: 'Maintenance, renovation and running costs of property you own.',
  mortgage_interest: 'Interest paid on mortgages, deductible as interest on debts.',
  rental_income: 'Rent you earn from letting property.',
  investment_income: 'Interest and dividends from bank accounts, shares and funds.',
  securities_custody: 'Custody and account fees for your securities.',
  pillar3a_contributions: 'Payments into tied private pension provision, deductible up to the yearly limit.',
  pension_income: 'Pensions from the AHV, an occupational pension fund or a private pension.',
  self_employment: 'Income and expenses of a business you run on your own account.',
  farming_income: 'Income from agriculture or forestry, with the farm accounts.',
  professional_expenses: 'Commuting, meals away from home and other costs of your job.',
  firefighter_allowance: 'Pay for service in the fire brigade, tax-free up to a limit set by the canton.',
  disability_deductions: 'Costs caused by a disability, and the deduction for people with a disability.',
  foreign_income: 'Income and assets abroad, declared to set the tax rate.',
  ahv_iv_benefits: 'Benefits of the old-age, survivors’ and disability insurance.',
  moving_expenses: 'A move during the year, which can change where you are taxed.',
  canton_specific_deductions: 'Deductions that only your canton of residence offers.',
};

interface CardRule {
  id: TaxCardId;
  group: TaxCardGroup;
  title: string;
  /** The answers the rule reads, named in 'Not applicable - …' when the card is off. */
  requiredFields: readonly TaxProfileField[];
  applies: (a: Answers) => boolean;
  /** Why the card is on, in the user's terms. */
  reason: string;
}

const hasChildren = (a: Answers) => a.hasChildren === true;
const owner = (a: Answers) => a.propertyOwner === true;
const investments = (a: Answers) => a.hasInvestments === true;
const employment = (...types: string[]) => (a: Answers) => types.includes(a.employmentType ?? '');

const RULES: readonly CardRule[] = [
  { id: 'children_allowances', group: 'family', title: 'Child allowances', requiredFields: ['hasChildren'], applies: hasChildren, reason: 'You have children' },
  { id: 'childcare_costs', group: 'family', title: 'Childcare costs', requiredFields: ['hasChildren'], applies: hasChildren, reason: 'You have children' },
  { id: 'education_expenses', group: 'family', title: 'Education expenses', requiredFields: ['hasChildren'], applies: hasChildren, reason: 'You have children' },
  { id: 'spouse_income', group: 'relationship', title: 'Spouse income', requiredFields: ['maritalStatus'], applies: (a) => a.maritalStatus === 'married', reason: 'You are married' },
  {
    id: 'alimony_payments', group: 'relationship', title: 'Alimony payments', requiredFields: ['paysAlimony', 'maritalStatus'],
    applies: (a) => a.paysAlimony === true || a.maritalStatus === 'divorced' || a.maritalStatus === 'separated',
    reason: 'You pay alimony or are divorced or separated',
  },
  { id: 'property_expenses', group: 'property', title: 'Property expenses', requiredFields: ['propertyOwner'], applies: owner, reason: 'You own property' },
  { id: 'mortgage_interest', group: 'property', title: 'Mortgage interest', requiredFields: ['propertyOwner'], applies: owner, reason: 'You own property' },
  {
    id: 'rental_income', group: 'property', title: 'Rental income', requiredFields: ['propertyOwner', 'numberOfProperties'],
    applies: (a) => owner(a) && (a.numberOfProperties ?? 0) > 1, reason: 'You own more than one property',
  },
  { id: 'investment_income', group: 'investments', title: 'Investment income', requiredFields: ['hasInvestments'], applies: investments, reason: 'You have investments' },
  { id: 'securities_custody', group: 'investments', title: 'Securities custody fees', requiredFields: ['hasInvestments'], applies: investments, reason: 'You have investments' },
  { id: 'pillar3a_contributions', group: 'pension', title: 'Pillar 3a contributions', requiredFields: ['hasPillar3a'], applies: (a) => a.hasPillar3a === true, reason: 'You contribute to Pillar 3a' },
  {
    id: 'pension_income', group: 'pension', title: 'Pension income', requiredFields: ['hasPension', 'employmentType'],
    applies: (a) => a.hasPension === true || a.employmentType === 'retired', reason: 'You receive a pension or are retired',
  },
  { id: 'self_employment', group: 'employment', title: 'Self-employment income', requiredFields: ['employmentType'], applies: employment('self-employed', 'mixed'), reason: 'You are self-employed' },
  { id: 'farming_income', group: 'employment', title: 'Farming income', requiredFields: ['employmentType'], applies: employment('farmer'), reason: 'You are a farmer' },
  { id: 'professional_expenses', group: 'employment', title: 'Professional expenses', requiredFields: ['employmentType'], applies: employment('employed', 'mixed'), reason: 'You are employed' },
  { id: 'firefighter_allowance', group: 'special', title: 'Firefighter allowance', requiredFields: ['isFirefighter'], applies: (a) => a.isFirefighter === true, reason: 'You serve as a firefighter' },
  { id: 'disability_deductions', group: 'special', title: 'Disability deductions', requiredFields: ['isDisabled'], applies: (a) => a.isDisabled === true, reason: 'You have a disability' },
  { id: 'foreign_income', group: 'international', title: 'Foreign income', requiredFields: ['hasForeignIncome'], applies: (a) => a.hasForeignIncome === true, reason: 'You have foreign income' },
  { id: 'ahv_iv_benefits', group: 'social', title: 'AHV/IV benefits', requiredFields: ['receivesAHVIV'], applies: (a) => a.receivesAHVIV === true, reason: 'You receive AHV/IV benefits' },
  { id: 'moving_expenses', group: 'relocation', title: 'Moving expenses', requiredFields: ['movedDuringYear'], applies: (a) => a.movedDuringYear === 'yes', reason: 'You moved during the year' },
  {
    id: 'canton_specific_deductions', group: 'canton', title: 'Canton-specific deductions', requiredFields: ['cantonOfResidence'],
    applies: (a) => (a.cantonOfResidence ?? '').trim() !== '', reason: 'Deductions of your canton of residence',
  },
];

const taxCardGroup = z.enum(TAX_CARD_GROUPS.map((group) => group.id) as [TaxCardGroup, ...TaxCardGroup[]]);

/** A card as GET /api/tax-category-preferences answers it; a zod schema (its type inferred), checked in the API tests. */
export const taxCardSchema = z.strictObject({
  id: z.enum(TAX_CARD_IDS),
  group: taxCardGroup,
  /** The spec's name of `group` (part 2 §3, DECISIONS D17: the spec's keys stay beside the app's). */
  category: taxCardGroup,
  title: z.string(),
  description: z.string(),
  isEnabled: z.boolean(),
  requiredFields: z.array(z.enum(TAX_PROFILE_FIELDS as [TaxProfileField, ...TaxProfileField[]])).readonly(),
  /** Why the card is on, or 'Not applicable - {required fields}' (§5) when it is off. */
  relevanceReason: z.string(),
});
export type TaxCard = z.infer<typeof taxCardSchema>;

/** All 21 cards, in the order of §3, each on or off by its rule of §5. */
export function taxCardsFor(answers: TaxProfileAnswers): TaxCard[] {
  return RULES.map((rule) => {
    const isEnabled = rule.applies(answers);
    return {
      id: rule.id,
      group: rule.group,
      category: rule.group,
      title: rule.title,
      description: DESCRIPTIONS[rule.id],
      isEnabled,
      requiredFields: rule.requiredFields,
      relevanceReason: isEnabled ? rule.reason : `Not applicable - ${rule.requiredFields.join(', ')}`,
    };
  });
}
