import type { AccountErasureResponse, RetainedTaxYear } from '@taxli/domain';

/** Session storage: what the erasure answered, for the login page to say once (issue 30). */
const KEY = 'taxli.accountDeleted';

export function rememberErasure(answer: AccountErasureResponse): void {
  window.sessionStorage.setItem(KEY, JSON.stringify({ retained: answer.retained }));
}

/** The notice of an erasure just done, if any (the login page forgets it once shown: `forgetErasureNotice`). */
export function readErasureNotice(): { retained: RetainedTaxYear[] } | null {
  const stored = window.sessionStorage.getItem(KEY);
  if (stored === null) return null;
  try {
    const value = JSON.parse(stored) as { retained?: RetainedTaxYear[] };
    return { retained: Array.isArray(value.retained) ? value.retained : [] };
  } catch {
    return { retained: [] };
  }
}

/** Shown once: a reload of the login page no longer says it. */
export function forgetErasureNotice(): void {
  window.sessionStorage.removeItem(KEY);
}
