/**
 * Erasure of an account (nDSG Art. 32, issue 30 item 6): what is kept after "Delete my account", and
 * for how long (docs/decisions/0020-account-erasure.md).
 */

/**
 * Years a tax year already transmitted to the experts is kept after its owner deleted the account.
 * Basis: the Swiss Federal Act on Direct Federal Taxation (DBG Art. 126 para. 3) obliges the
 * documents of a tax file to be kept for ten years, and the Code of Obligations (OR Art. 958f) keeps
 * business records (the experts' mandate) ten years from the end of the year they concern. The
 * period is counted from the end of the calendar year in which the year was (last) transmitted.
 */
export const TAX_FILE_RETENTION_YEARS = 10;

/** The instant a retained year is erased: 1 January after the retention period's last year. */
export function retentionEnd(lastTransmittedAt: Date): Date {
  return new Date(Date.UTC(lastTransmittedAt.getUTCFullYear() + TAX_FILE_RETENTION_YEARS + 1, 0, 1));
}

/** The last day a retained year is kept (what the person is told): the day before `retentionEnd`. */
export function lastRetainedDay(end: Date): string {
  return new Date(end.getTime() - 86_400_000).toISOString().slice(0, 10);
}

/**
 * What an erased person is called where a trace of them must stay (the audit trail, a retained
 * tax file's account): an id, not a person. Without "@", so it is never a valid e-mail address and
 * nobody can sign in with it.
 */
export function erasedUserPseudonym(userId: number): string {
  return `erased-user-${userId}`;
}
