import { z } from 'zod';
import { COUNTRY_CODE_VALUES } from '@taxli/domain';
import { readKeptValue, writeKeptValue } from '../../lib/kept-text';

/** What was typed into the profile form and the terms' tick, read back by this shape (types only). */
const shownShape = z.strictObject({ firstName: z.string(), lastName: z.string(), phone: z.string(), countryCode: z.enum(COUNTRY_CODE_VALUES) });
const draftShape = z.strictObject({
  values: shownShape,
  /** The stored profile the typing began from: newer one stored since is said before a Save replaces it. */
  from: shownShape.optional(),
  termsAccepted: z.boolean(),
});
export type ProfileDraft = z.infer<typeof draftShape>;

/**
 * The profile form's unsaved input is kept for the browser tab like the other kept texts
 * (lib/kept-text.ts: sessionStorage, forgotten at sign-out), under the account it belongs to, so
 * that reading a legal page linked from the form, leaving it or a reload loses nothing typed.
 */
export const profileDraftKey = (userId: number) => `profile:${userId}`;

export function readProfileDraft(userId: number): ProfileDraft | null {
  return readKeptValue(profileDraftKey(userId), draftShape) ?? null;
}

/** Keeps `draft` for the account, or forgets what was kept (null: saved, or typed back). */
export function keepProfileDraft(userId: number, draft: ProfileDraft | null): void {
  writeKeptValue(profileDraftKey(userId), draft);
}
