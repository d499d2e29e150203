import { leaveStep, WIZARD_STEP_IDS, type PersonalAnswers, type TaxProfileAnswers, type WizardState } from '@taxli/domain';

type Answers = Record<string, unknown>;

/** JSON compares an answer of any shape (a date's text, a list of children) by what it says. */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The answers leaving a step sets where none is given (§4: the tax mail to the residence, moved,
 * real estate and children "no"), read from the domain's one rule.
 */
const LEAVE_DEFAULTS: Answers = Object.assign(
  {},
  ...WIZARD_STEP_IDS.map((_, step) => leaveStep(step, { personal: {}, answers: {} }).answers),
);

/**
 * A default this tab set by leaving a step, where the answers it had from the server gave none
 * (absent or null): not the person's own answer, so it yields to one given elsewhere.
 */
const isLeaveDefault = (field: string, base: Answers, mine: Answers) =>
  field in LEAVE_DEFAULTS && base[field] == null && same(mine[field], LEAVE_DEFAULTS[field]);

/**
 * Of one group of answers, each as this tab has it where it changed it since `base`, else as
 * `newer` has it; an answer this tab cleared stays cleared, and a default it set stays where
 * `newer` gives no answer.
 */
function mergeGroup(base: Answers, mine: Answers, newer: Answers): { merged: Answers; keptMine: boolean } {
  const merged: Answers = { ...newer };
  let keptMine = false;
  for (const field of new Set([...Object.keys(base), ...Object.keys(mine)])) {
    if (same(mine[field], base[field])) continue;
    if (isLeaveDefault(field, base, mine)) {
      merged[field] = newer[field] ?? mine[field];
      continue;
    }
    if (mine[field] === undefined) delete merged[field];
    else merged[field] = mine[field];
    if (!same(mine[field], newer[field])) keptMine = true;
  }
  return { merged, keptMine };
}

/**
 * A wizard tab's answers over newer ones another tab or device saved since (a save refused with
 * DRAFT_OUTDATED): what this tab changed since the answers it last had from the server (`base`)
 * is kept, every other answer is the newer one. Of one answer changed in both, this tab's is kept:
 * it is the one the person has in front of them; but a default that leaving a step set here yields
 * to an answer given there. Null when this tab changed nothing the newer answers do not already
 * say (its defaults aside): they are then taken as they are.
 */
export function keepChangesOverNewer(base: WizardState, mine: WizardState, newer: WizardState): WizardState | null {
  const personal = mergeGroup(base.personal, mine.personal, newer.personal);
  const answers = mergeGroup(base.answers, mine.answers, newer.answers);
  if (!personal.keptMine && !answers.keptMine) return null;
  return { personal: personal.merged as PersonalAnswers, answers: answers.merged as TaxProfileAnswers };
}
