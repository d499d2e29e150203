import { useCallback, useState } from 'react';
import type { z } from 'zod';

/**
 * Text a person types into a message or a note, kept for this browser tab (sessionStorage) until it
 * is sent: leaving the page through the app's links, coming back or reloading finds it again. Only
 * the tab's own storage, never localStorage: a message may name an AHV number, and it goes when the
 * tab closes or the account signs out (`forgetKeptTexts`). A session that runs out keeps it for the
 * same account signing in again: the texts belong to the account the tab last saw signed in
 * (`claimKeptTexts`), and another account's arrival drops them first.
 */
const PREFIX = 'taxli.draft.';
/** The user id of the account the kept texts belong to. */
const OWNER = 'taxli.draft-owner';

/** The kept text under `key` ('' when none); shared with the kept forms (kept-form.ts). */
export function readKept(key: string): string {
  try {
    return window.sessionStorage.getItem(PREFIX + key) ?? '';
  } catch {
    return ''; // storage refused (private mode, quota): the text lives in the page only
  }
}

/** Keeps `value` under `key`; '' forgets it. */
export function writeKept(key: string, value: string): void {
  try {
    if (value === '') window.sessionStorage.removeItem(PREFIX + key);
    else window.sessionStorage.setItem(PREFIX + key, value);
  } catch {
    // as in read: the page still holds the text
  }
}

/**
 * A kept value of more than one text (a form's fields), read back by its shape: undefined when
 * nothing is kept or what is kept is not of that shape (an older form) or not JSON.
 */
export function readKeptValue<T>(key: string, shape: z.ZodType<T>): T | undefined {
  const kept = readKept(key);
  if (kept === '') return undefined;
  try {
    return shape.safeParse(JSON.parse(kept)).data;
  } catch {
    return undefined; // not JSON: nothing of this shape
  }
}

/** Keeps `value` under `key` as JSON; null forgets it. */
export function writeKeptValue(key: string, value: unknown): void {
  writeKept(key, value === null ? '' : JSON.stringify(value));
}

/** Like useState for a text, kept under `key` (name the screen and what it is about: 'expert-note:12:2025'). */
export function useKeptText(key: string): [string, (value: string) => void] {
  const [state, setState] = useState(() => ({ key, value: readKept(key) }));
  // Another key (another year or person on the same component): its own kept text.
  const current = state.key === key ? state.value : readKept(key);
  if (state.key !== key) setState({ key, value: current });
  const set = useCallback(
    (value: string) => {
      writeKept(key, value);
      setState({ key, value });
    },
    [key],
  );
  return [current, set];
}

/** Drops every kept text of this tab (signing out: the next account never sees them). */
export function forgetKeptTexts(): void {
  try {
    for (const name of Object.keys(window.sessionStorage)) if (name.startsWith(PREFIX)) window.sessionStorage.removeItem(name);
    window.sessionStorage.removeItem(OWNER);
  } catch {
    // nothing kept
  }
}

/**
 * The account `userId` is signed in on this tab: texts kept for another account (or for none
 * known) are dropped before anything of this one reads them, and what is kept from now on is its.
 */
export function claimKeptTexts(userId: number): void {
  try {
    if (window.sessionStorage.getItem(OWNER) === String(userId)) return;
    forgetKeptTexts();
    window.sessionStorage.setItem(OWNER, String(userId));
  } catch {
    // storage refused: nothing is kept either
  }
}
