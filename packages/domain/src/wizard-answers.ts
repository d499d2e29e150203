import type { WizardState } from './wizard.js';
import type { TaxProfileAnswers } from './tax-profile.js';
import { DEFAULT_CHILD_AGE, MAX_CHILD_AGE, MAX_CHILDREN, MIN_CHILD_AGE } from './tax-profile-enums.js';

/**
 * The wizard's coupled answers (part 2 §4): children count and ages move together, and alimony
 * details exist only while alimony is paid. Each function returns a new state.
 */
function withAnswers(state: WizardState, changes: Partial<TaxProfileAnswers>): WizardState {
  return { ...state, answers: { ...state.answers, ...changes } };
}

function ages(state: WizardState): number[] {
  return state.answers.childrenAges ?? [];
}

/** On: one child aged 7 (unless children are already on); off: no count, no ages. */
export function setHasChildren(state: WizardState, on: boolean): WizardState {
  if (!on) return withAnswers(state, { hasChildren: false, numberOfChildren: 0, childrenAges: [] });
  if (state.answers.hasChildren === true && ages(state).length > 0) return state;
  return withAnswers(state, { hasChildren: true, numberOfChildren: 1, childrenAges: [DEFAULT_CHILD_AGE] });
}

/** Plus: one more child aged 7, up to 20; only while children are on. */
export function addChild(state: WizardState): WizardState {
  if (state.answers.hasChildren !== true || ages(state).length >= MAX_CHILDREN) return state;
  const next = [...ages(state), DEFAULT_CHILD_AGE];
  return withAnswers(state, { numberOfChildren: next.length, childrenAges: next });
}

/** Minus: removes the last child, never the only one. */
export function removeChild(state: WizardState): WizardState {
  if (ages(state).length <= 1) return state;
  const next = ages(state).slice(0, -1);
  return withAnswers(state, { numberOfChildren: next.length, childrenAges: next });
}

/** The age input: a whole number clamped to 0–18; empty or not a number is 0. */
export function setChildAge(state: WizardState, index: number, raw: string | number): WizardState {
  const current = ages(state);
  if (!Number.isInteger(index) || index < 0 || index >= current.length) return state;
  const parsed = typeof raw === 'number' ? Math.trunc(raw) : Number.parseInt(raw.trim(), 10);
  const age = Number.isNaN(parsed) ? MIN_CHILD_AGE : Math.min(MAX_CHILD_AGE, Math.max(MIN_CHILD_AGE, parsed));
  const next = current.map((a, i) => (i === index ? age : a));
  return withAnswers(state, { childrenAges: next });
}

/** Off clears the amount and the duration. */
export function setPaysAlimony(state: WizardState, on: boolean): WizardState {
  if (on) return withAnswers(state, { paysAlimony: true });
  return withAnswers(state, { paysAlimony: false, alimonyAmount: null, alimonyDuration: null });
}

/** §2 step 10: the alimony question is asked of divorced or separated people with children only. */
export function isAlimonyOffered(state: WizardState): boolean {
  const { maritalStatus, hasChildren } = state.answers;
  return (maritalStatus === 'divorced' || maritalStatus === 'separated') && hasChildren === true;
}
