import { z } from 'zod';

/** Ids and versions are PostgreSQL integers: a larger number names no row, and is refused as such. */
export const MAX_DATABASE_INTEGER = 2_147_483_647;

/** `number` narrowed to a row id (or version): a positive whole number the database can hold. */
export function databaseId(number: z.ZodNumber, label: string) {
  return number
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(MAX_DATABASE_INTEGER, `${label} is too large`);
}

/**
 * The version a client's answers were edited from, sent back with a save (the tax profile's
 * drafts and final submit, Advanced Tax Information's parts): 0 (nothing stored yet) or more, as
 * the database holds it; 2^31 failed in the query as a 500 (found by the API fuzzer).
 */
export function editedFromVersion(field: string) {
  return z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must be at least 0`)
    .max(MAX_DATABASE_INTEGER, `${field} is too large`);
}
