import { REQUIRED_CATEGORY_IDS } from './categories.js';
import type { TaxProfileAnswers } from './tax-profile.js';

/**
 * The person's document checklist (DECISIONS D19): which document categories their return needs,
 * read from the year's tax profile answers, each with the reason shown beside it. One rule, used
 * by the server (the percentage, the automatic 2 → 3 move, the transmit review) and by the web app
 * (Advanced Tax Information's "still missing").
 *
 * Two kinds of item:
 * - the base categories of D3 apply unless the answers rule them out (an unanswered question keeps
 *   them: asking for one document too many is better than missing one);
 * - the categories the answers imply apply only when the answers say so (married, children, …).
 * Without a completed tax profile the checklist is D3's six, as before D19.
 */

/** Why an item is on the checklist; the web app shows `dashboard:checklist.reasons.<key>` with `params`. */
export const CHECKLIST_REASON_KEYS = [
  'noProfile',
  'everyone',
  'employed',
  'married',
  'children',
  'youngChildren',
  'alimony',
  'pillar3a',
  'investments',
  'property',
  'rentedProperty',
  'foreignIncome',
] as const;
export type ChecklistReasonKey = (typeof CHECKLIST_REASON_KEYS)[number];

export interface ChecklistReason {
  key: ChecklistReasonKey;
  /** Values for the sentence, e.g. `{ count: 2 }` for "because you told us you have two children". */
  params: Record<string, number>;
}

export interface ChecklistItem {
  categoryId: number;
  reason: ChecklistReason;
}

/** At most this many characters in a "not applicable" reason (trimmed; required). */
export const NOT_APPLICABLE_REASON_MAX = 200;

/** Children under this age can have childcare costs deducted (federal direct tax, art. 33 para. 3 DBG). */
export const CHILDCARE_AGE_LIMIT = 14;

const reason = (key: ChecklistReasonKey, params: Record<string, number> = {}): ChecklistReason => ({ key, params });

/** A rule: the item it adds, or undefined when the answers do not call for it. */
type Rule = (a: TaxProfileAnswers) => ChecklistItem | undefined;

const EMPLOYED = ['employed', 'mixed'];

/**
 * Salary statement, professional expenses and transport (commuting costs) belong to employment.
 * Self-employed people, farmers, retired and unemployed people have no salary statement and claim
 * no employee's professional expenses, so these are ruled out once the person named another kind
 * of employment; with no answer they stay.
 */
const employmentItem =
  (categoryId: number): Rule =>
  (a) => {
    if (a.employmentType == null) return { categoryId, reason: reason('everyone') };
    return EMPLOYED.includes(a.employmentType) ? { categoryId, reason: reason('employed') } : undefined;
  };

const when =
  (categoryId: number, applies: (a: TaxProfileAnswers) => boolean, key: ChecklistReasonKey, params?: (a: TaxProfileAnswers) => Record<string, number>): Rule =>
  (a) =>
    applies(a) ? { categoryId, reason: reason(key, params?.(a)) } : undefined;

const childCount = (a: TaxProfileAnswers) => Math.max(a.numberOfChildren ?? 0, a.childrenAges?.length ?? 0, 1);
const youngChildren = (a: TaxProfileAnswers) => (a.childrenAges ?? []).filter((age) => age < CHILDCARE_AGE_LIMIT).length;
const married = (a: TaxProfileAnswers) => a.maritalStatus === 'married';
const hasChildren = (a: TaxProfileAnswers) => a.hasChildren === true;
const owner = (a: TaxProfileAnswers) => a.propertyOwner === true;

/** Every category a checklist can hold, for any answers. */
export const CHECKLIST_CATEGORY_IDS: readonly number[] = [1, 2, 5, 3, 21, 4, 30, 26, 31, 32, 35, 22, 10, 11, 13, 14, 16, 17];

/** In the order the dashboard lists them: D3's base categories first, then what the answers add. */
const RULES: readonly Rule[] = [
  // Bank balances and interest go into every return's statement of assets; everyone has an account.
  when(1, () => true, 'everyone'),
  // Health insurance is compulsory in Switzerland and its premiums are deductible: everyone has a certificate.
  when(2, () => true, 'everyone'),
  employmentItem(5),
  employmentItem(3),
  employmentItem(21),
  // Receipts for deductions: everyone has some to claim. `hasDeductions` and `hasDonations` are not
  // asked by the wizard (its final submit sets them false, part 2 §3), so they neither add nor rule out.
  when(4, () => true, 'everyone'),
  // Married couples are taxed together: the spouse's salary statement and bank documents.
  when(30, married, 'married'),
  when(26, married, 'married'),
  when(31, hasChildren, 'children', (a) => ({ count: childCount(a) })),
  when(32, (a) => hasChildren(a) && youngChildren(a) > 0, 'youngChildren', (a) => ({ count: youngChildren(a), age: CHILDCARE_AGE_LIMIT })),
  when(35, (a) => a.paysAlimony === true, 'alimony'),
  when(22, (a) => a.hasPillar3a === true, 'pillar3a'),
  when(10, (a) => a.hasInvestments === true, 'investments'),
  when(11, (a) => a.hasInvestments === true, 'investments'),
  when(13, owner, 'property'),
  when(14, owner, 'property'),
  when(16, (a) => owner(a) && a.propertyUse === 'rented', 'rentedProperty'),
  when(17, (a) => a.hasForeignIncome === true, 'foreignIncome'),
];

/**
 * The year's checklist. `answers` are the answers of a completed tax profile; null (no profile, or
 * one not completed yet) gives D3's six for everyone.
 */
export function checklistFor(answers: TaxProfileAnswers | null): ChecklistItem[] {
  if (answers === null) return REQUIRED_CATEGORY_IDS.map((categoryId) => ({ categoryId, reason: reason('noProfile') }));
  return RULES.map((rule) => rule(answers)).filter((item): item is ChecklistItem => item !== undefined);
}

/**
 * Categories the answers say the person does not need (Advanced Tax Information does not list them
 * as "still missing"): those the rules would add for other answers but not for these. A category
 * no rule covers (medical costs, further education…) is never ruled out: the answers do not ask.
 */
export function ruledOutCategoryIds(answers: TaxProfileAnswers | null): number[] {
  if (answers === null) return [];
  const onList = new Set(checklistFor(answers).map((item) => item.categoryId));
  return CHECKLIST_CATEGORY_IDS.filter((id) => !onList.has(id));
}

/** What the checklist's progress reads: the year's categories with a file, and those marked not applicable. */
export interface ChecklistProgressInput {
  answers: TaxProfileAnswers | null;
  categoryIdsWithFiles: Iterable<number>;
  notApplicableCategoryIds: Iterable<number>;
}

/**
 * The items still open for this person and year: neither a file nor marked not applicable. The
 * automatic 2 → 3 move waits for none; the transmit review lists them as what blocks.
 */
export function openChecklistItems({ answers, categoryIdsWithFiles, notApplicableCategoryIds }: ChecklistProgressInput): ChecklistItem[] {
  const done = new Set([...categoryIdsWithFiles, ...notApplicableCategoryIds]);
  return checklistFor(answers).filter((item) => !done.has(item.categoryId));
}

/** Checklist percentage: items with a file or marked not applicable ÷ all items, rounded (100 for an empty list). */
export function checklistPercent(input: ChecklistProgressInput): number {
  const total = checklistFor(input.answers).length;
  if (total === 0) return 100;
  return Math.round(((total - openChecklistItems(input).length) / total) * 100);
}
