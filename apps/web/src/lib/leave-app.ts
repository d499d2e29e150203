/**
 * Leaves for `path` with a full page load: nothing the app held in memory for the account (its
 * cached answers, timers, pending refetches) outlives the move. After an account is deleted this is
 * both the safe way (no signed-in page can race the move and redirect) and the data protection one.
 */
export function leaveAppFor(path: string): void {
  window.location.replace(path);
}
