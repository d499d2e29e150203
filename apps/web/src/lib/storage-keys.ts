/** Local-storage keys (part 1 §9): language, logged-out flag, last e-mail. */
export const storageKeys = {
  loggedOut: 'taxli.loggedOut',
  lastEmail: 'taxli.lastEmail',
} as const;
