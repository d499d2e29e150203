/** Query keys only this screen uses (the shared ones are in lib/query-keys.ts). */
export const advancedKeys = {
  info: (taxYear: number) => ['advanced-tax-info', taxYear] as const,
};
