import { z } from 'zod';
import { CANTON_CODES } from '@taxli/domain';

/**
 * What tax_year_sections' jsonb columns hold where no domain schema says it: the spouse and the
 * authorization settings as stored, with their AHV number and tax IDs sealed (storage/sealed-text.ts).
 * The repository parses every read with them (db/stored-json.ts).
 */

/** The spouse as stored: the AHV number and the tax ID only sealed. */
export const storedSpouse = z.strictObject({
  firstName: z.string(),
  lastName: z.string(),
  age: z.number().int().nullable(),
  occupation: z.string(),
  ahvNumberSealed: z.string().nullable(),
  taxIdSealed: z.string().nullable(),
});
export type StoredSpouse = z.output<typeof storedSpouse>;

/** A spouse saved before tax IDs were sealed: the tax ID in plaintext (sealed at the next start). */
export const legacySpouse = storedSpouse.extend({ taxIdSealed: z.string().nullish(), taxId: z.string().optional() });
export type LegacySpouse = z.output<typeof legacySpouse>;

/** Either, as the spouse column may hold until the start has sealed every legacy tax ID. */
export const spouseAsStored = z.union([storedSpouse, legacySpouse]);

/** The authorization settings as stored: the tax ID only sealed. */
export const storedAuthorization = z.strictObject({
  taxAddressEnabled: z.boolean(),
  powerOfAttorneyEnabled: z.boolean(),
  canton: z.enum(CANTON_CODES).nullable(),
  tinNumberSealed: z.string().nullable(),
  powerOfAttorneyAccepted: z.boolean(),
  lastUpdated: z.string(),
});
export type StoredAuthorization = z.output<typeof storedAuthorization>;

/** Section toggles by section id, document relevance by category id. */
export const storedFlags = z.record(z.string(), z.boolean());
