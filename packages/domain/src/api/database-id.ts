import type { z } from 'zod';

/** Ids and versions are PostgreSQL integers: a larger number names no row, and is refused as such. */
export const MAX_DATABASE_INTEGER = 2_147_483_647;

/** `number` narrowed to a row id (or version): a positive whole number the database can hold. */
export function databaseId(number: z.ZodNumber, label: string) {
  return number
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(MAX_DATABASE_INTEGER, `${label} is too large`);
}
