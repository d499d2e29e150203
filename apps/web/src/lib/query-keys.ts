/** Query keys shared across features, so a feature can refresh another's data without importing it. */
export const queryKeys = {
  auth: ['auth'] as const,
  taxStatus: (taxYear: number) => ['tax-status', taxYear] as const,
  /** Every year's status at once (a change of all years). */
  allTaxStatuses: ['tax-status'] as const,
  files: (taxYear: number) => ['files', taxYear] as const,
  /**
   * The year's personal checklist (GET /api/checklist, D19). Under the year's files, so that whatever
   * refreshes the files after an upload, a deletion or a move refreshes the checklist with them.
   */
  checklist: (taxYear: number) => ['files', taxYear, 'checklist'] as const,
  /** What blocks the year's transmit, and the versions its latest transmission sent (GET /api/tax-year-status/review); under the files, refreshed with them. */
  transmitReview: (taxYear: number) => ['files', taxYear, 'transmit-review'] as const,
  /**
   * The year's read documents awaiting the person's review (GET /api/inbox, issue 29); under the
   * files, so an upload, a deletion or a move refreshes it with them.
   */
  inbox: (taxYear: number) => ['files', taxYear, 'inbox'] as const,
  fileHistory: (fileId: number) => ['file-history', fileId] as const,
  /** What the account's documents take of its quota; every upload and deletion changes it. */
  storageUsage: ['storage-usage'] as const,
  categories: (taxYear: number, mode: 'basic' | 'all') => ['document-categories', taxYear, mode] as const,
  cantons: ['cantons'] as const,
  user: (taxYear?: number) => (taxYear === undefined ? (['user'] as const) : (['user', taxYear] as const)),
  notifications: ['notifications'] as const,
  taxProfile: (taxYear: number) => ['tax-profile', taxYear] as const,
  /** Every year's tax profile at once (a changed name or phone is every draft's). */
  taxProfiles: ['tax-profile'] as const,
  /** The year's tax cards (GET /api/tax-category-preferences); the wizard refreshes them when a year's profile changes. */
  taxCards: (taxYear: number) => ['tax-category-preferences', taxYear] as const,
  addressSearch: (q: string) => ['address-search', q] as const,
  /** What the expert has done on a year (GET /api/tax/return-progress): who handles it, requests, the prepared return. */
  returnProgress: (taxYear: number) => ['return-progress', taxYear] as const,
  /** Every year's progress at once (a change of all years' statuses). */
  allReturnProgress: ['return-progress'] as const,
  /** The person's thread with the experts for a year (GET /api/messages?taxYear=). */
  thread: (taxYear: number) => ['messages', taxYear] as const,
  /** The expert workspace (issue 27): everything under it, refreshed together after a change of a return. */
  expert: ['expert'] as const,
  /** Every page of the queue, whatever its filters. */
  expertQueues: ['expert', 'queue'] as const,
  expertQueue: (filters: object) => ['expert', 'queue', filters] as const,
  expertClientFile: (userId: number, taxYear: number) => ['expert', 'client-file', userId, taxYear] as const,
  expertThread: (userId: number, taxYear: number) => ['expert', 'thread', userId, taxYear] as const,
  /** The client file's "Figures from documents" (GET /api/expert/returns/:userId/:taxYear/figures, issue 29). */
  expertFigures: (userId: number, taxYear: number) => ['expert', 'figures', userId, taxYear] as const,
};
