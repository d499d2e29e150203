/** Query keys of the admin panel's own reads. */
export const adminKeys = {
  all: ['admin'] as const,
  taxStatus: (userId: number, taxYear: number) => ['admin', 'tax-status', userId, taxYear] as const,
  accounts: (q: string) => ['admin', 'accounts', q] as const,
  systemInfo: ['admin', 'system-info'] as const,
  audit: (filters: object) => ['admin', 'audit', filters] as const,
};
