import { z } from 'zod';
import { personalAnswers, taxProfileAnswers, WIZARD_STEP_COUNT, type PersonalAnswers, type TaxProfileAnswers, type WizardState } from '@taxli/domain';
import { readKeptValue, writeKeptValue } from '../../../lib/kept-text';
import { keepChangesOverNewer } from './wizard-merge';

/**
 * The wizard's answers as typed, kept for the browser tab (lib/kept-text.ts: sessionStorage,
 * forgotten at sign-out) until the server has them. The drafts saved in the background are the
 * wizard's memory across devices (D15); this copy covers what they cannot: a save that fails (the
 * server or the network down) and a reload, or a tab closed while a save was still under way, when
 * the save asked for as the page went was waiting behind it and went with the page.
 */
export interface WizardBackup {
  /** The version of the stored profile these answers go on from (the next save sends it). */
  version: number;
  /** Saves asked for and not answered yet when it was written: each may have moved the version by one. */
  pending: number;
  step: number;
  state: WizardState;
  /**
   * The answers as the server held them as far as the tab knew: what `state` changed over them is
   * the tab's own, kept over newer answers saved since. Left out by backups written before it was.
   */
  base?: WizardState;
}

const stateShape = z.object({ personal: z.record(z.string(), z.unknown()), answers: z.record(z.string(), z.unknown()) });

const backupShape = z.object({
  version: z.number().int().min(0),
  pending: z.number().int().min(0),
  step: z.number().int().min(0).max(WIZARD_STEP_COUNT - 1),
  state: stateShape,
  base: stateShape.optional(),
});

/** Problems of a value's type, not of a rule it breaks (a ZIP code half typed is of the right type). */
const TYPE_ISSUES = new Set(['invalid_type', 'invalid_value', 'invalid_union', 'invalid_key', 'invalid_element', 'unrecognized_keys']);

/** The fields of `values` that are of their field's type, as they were typed: a kept answer is shown as it was. */
function fieldsOfType(shape: Record<string, z.ZodType>, values: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const schema = shape[field];
    if (!schema) continue;
    const result = schema.safeParse(value);
    if (result.success || result.error.issues.every((issue) => !TYPE_ISSUES.has(issue.code))) kept[field] = value;
  }
  return kept;
}

const backupKey = (userId: number, taxYear: number) => `wizard:${userId}:${taxYear}`;

/** The answers of a kept state that are of their field's type. */
function stateOfType(state: z.infer<typeof stateShape>): WizardState {
  const personal = fieldsOfType(personalAnswers.shape, state.personal) as PersonalAnswers;
  const answers = fieldsOfType(taxProfileAnswers.shape, state.answers) as TaxProfileAnswers;
  return { personal, answers };
}

export function readWizardBackup(userId: number, taxYear: number): WizardBackup | null {
  const backup = readKeptValue(backupKey(userId, taxYear), backupShape);
  if (!backup) return null;
  const { base, ...rest } = backup;
  return { ...rest, state: stateOfType(backup.state), ...(base ? { base: stateOfType(base) } : {}) };
}

/** Keeps `backup` for the person's year, or forgets it (null: the server has every answer). */
export function keepWizardBackup(userId: number, taxYear: number, backup: WizardBackup | null): void {
  writeKeptValue(backupKey(userId, taxYear), backup);
}

/**
 * Whether the kept answers are newer than the stored ones: nothing was saved since they were
 * written, except by the saves this tab had under way then (another tab or device saving moves the
 * version further: answersToRestore then keeps only what the tab changed). A completed profile is
 * never replaced by a kept draft.
 */
export function isBackupNewer(backup: WizardBackup, stored: { version: number; isComplete: boolean }): boolean {
  return !stored.isComplete && stored.version >= backup.version && stored.version <= backup.version + backup.pending;
}

/**
 * What the wizard opens with from the answers kept for the tab, over the stored profile (`stored`,
 * and `storedState`, its answers as the wizard starts from them): what the tab changed over its
 * base, kept over the stored answers (wizard-merge.ts). When only the tab's own saves landed since,
 * that is the kept answers as they are; when another tab or device saved since, its answers are
 * kept too where the tab did not change them, and `overNewer` says so. Null when the stored answers
 * already say everything (and over a completed year): they show. A backup without its base (written
 * before it was) can only replace the stored answers, and only when it is newer.
 */
export function answersToRestore(
  backup: WizardBackup,
  stored: { version: number; isComplete: boolean },
  storedState: WizardState,
): { step: number; state: WizardState; overNewer: boolean } | null {
  if (stored.isComplete) return null;
  const newer = isBackupNewer(backup, stored);
  if (!backup.base) return newer ? { step: backup.step, state: typedOver(backup, storedState), overNewer: false } : null;
  const kept = keepChangesOverNewer(backup.base, typedOver(backup, backup.base), storedState);
  return kept && { step: backup.step, state: kept, overNewer: !newer };
}

/**
 * Over a year completed since (in another tab or on another device), what the tab changed is set
 * aside: the year shows completed, and Edit answers adds it over the reopened answers
 * (use-tax-wizard.ts). Null when the completed answers already say it, or without a base.
 */
export function changesSetAside(
  backup: WizardBackup,
  stored: { isComplete: boolean },
  storedState: WizardState,
): { base: WizardState; mine: WizardState } | null {
  if (!stored.isComplete || !backup.base) return null;
  const mine = typedOver(backup, backup.base);
  return keepChangesOverNewer(backup.base, mine, storedState) ? { base: backup.base, mine } : null;
}

/** The kept answers; a personal answer of the wrong type was left out, and the one it was typed over stands in for it. */
function typedOver(backup: WizardBackup, over: WizardState): WizardState {
  return { personal: { ...over.personal, ...backup.state.personal }, answers: backup.state.answers };
}
