import type { ProfileFormInput } from './profile-form-schema';

interface Draft {
  userId: number;
  values: ProfileFormInput;
  termsAccepted: boolean;
}

/**
 * What was typed into the profile form, kept in memory only (never in storage: it is personal data)
 * so that reading a legal page linked from the form does not lose it. Bound to the user it belongs
 * to, so another account signing in on this tab never sees it.
 */
let draft: Draft | null = null;

export function saveProfileDraft(next: Draft): void {
  draft = next;
}

export function readProfileDraft(userId: number): Draft | null {
  return draft?.userId === userId ? draft : null;
}

export function clearProfileDraft(): void {
  draft = null;
}
