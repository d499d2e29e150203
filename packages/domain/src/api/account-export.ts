import { z } from 'zod';

/**
 * What the person has left of the day's exports (GET /api/account/export/allowance): `left` of
 * `limit`, and `freesAt`, when the oldest export counted leaves the 24 hours (null: none counted).
 * With none left, `freesAt` is when the next export is possible.
 */
export const accountExportAllowance = z.strictObject({
  limit: z.number().int().positive(),
  left: z.number().int().nonnegative(),
  freesAt: z.string().nullable(),
});
export type AccountExportAllowance = z.infer<typeof accountExportAllowance>;
