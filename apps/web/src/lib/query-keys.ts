/** Query keys shared across features, so a feature can refresh another's data without importing it. */
export const queryKeys = {
  auth: ['auth'] as const,
  user: (taxYear?: number) => (taxYear === undefined ? (['user'] as const) : (['user', taxYear] as const)),
};
