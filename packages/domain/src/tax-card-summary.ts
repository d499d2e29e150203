import { z } from 'zod';
import { isAnswered, type WizardState } from './wizard.js';
import type { TaxProfileAnswers } from './tax-profile.js';
import type { TaxCard, TaxCardGroup } from './tax-cards.js';

/** §5: the nine answers the completeness percentage counts; a boolean false is an answer. */
export const COMPLETENESS_FIELDS = [
  'firstName',
  'lastName',
  'cantonOfResidence',
  'maritalStatus',
  'employmentType',
  'hasChildren',
  'propertyOwner',
  'hasInvestments',
  'hasPillar3a',
] as const;

export function profileCompleteness(state: WizardState): number {
  const { personal, answers } = state;
  const values = [
    personal.firstName,
    personal.lastName,
    answers.cantonOfResidence,
    answers.maritalStatus,
    answers.employmentType,
    answers.hasChildren,
    answers.propertyOwner,
    answers.hasInvestments,
    answers.hasPillar3a,
  ];
  const filled = values.filter(isAnswered).length;
  return Math.round((filled / COMPLETENESS_FIELDS.length) * 100);
}

/** §5: recommendations come from these groups first, in this order; all others after them. */
export const PRIORITY_GROUPS: readonly TaxCardGroup[] = ['family', 'property', 'employment', 'pension', 'investments'];
export const MAX_PRIORITY_CARDS = 3;

function groupRank(group: TaxCardGroup): number {
  const rank = PRIORITY_GROUPS.indexOf(group);
  return rank === -1 ? PRIORITY_GROUPS.length : rank;
}

/** The first three enabled cards by group priority, keeping the given order within a group. */
export function priorityCards(cards: readonly TaxCard[]): TaxCard[] {
  return cards
    .filter((card) => card.isEnabled)
    .map((card, index) => ({ card, index }))
    .sort((a, b) => groupRank(a.card.group) - groupRank(b.card.group) || a.index - b.index)
    .slice(0, MAX_PRIORITY_CARDS)
    .map(({ card }) => card);
}

/** Which Advanced Tax Information tabs a year's answers call for (part 2 §2). */
export const taxCategoryPreferencesSchema = z.strictObject({
  investments: z.boolean(),
  deductions: z.boolean(),
  realEstate: z.boolean(),
  foreignIncome: z.boolean(),
  spouse: z.boolean(),
  children: z.boolean(),
});
export type TaxCategoryPreferences = z.infer<typeof taxCategoryPreferencesSchema>;

export function taxCategoryPreferences(answers: TaxProfileAnswers): TaxCategoryPreferences {
  return {
    investments: answers.hasInvestments === true,
    // Everyone has deductions to claim (professional expenses, insurance premiums at least).
    deductions: true,
    realEstate: answers.propertyOwner === true,
    foreignIncome: answers.hasForeignIncome === true,
    spouse: answers.maritalStatus === 'married',
    children: answers.hasChildren === true,
  };
}
