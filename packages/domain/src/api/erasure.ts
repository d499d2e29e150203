import { z } from 'zod';
import { CODE_LENGTH } from '../auth-rules.js';

/** POST /api/account/delete: the code mailed by POST /api/account/delete/request-code. */
export const deleteAccountBody = z.object({
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), `Code must be exactly ${CODE_LENGTH} digits`),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** A tax year kept for the legal retention period (TAX_FILE_RETENTION_YEARS) after the account's erasure. */
export const retainedTaxYear = z.strictObject({
  taxYear: z.number(),
  /** The year's status (4–6: transmitted to the experts). */
  statusId: z.union([z.literal(4), z.literal(5), z.literal(6)]),
  /** ISO date: the last day it is kept; it is erased the day after. */
  retainedUntil: z.string(),
  /** Why it stays: the tax file the experts hold must be kept by law. */
  reason: z.literal('legal-retention'),
});
export type RetainedTaxYear = z.infer<typeof retainedTaxYear>;

/** GET /api/account/delete/preview: what an erasure would keep, before the person confirms. */
export const accountErasurePreview = z.strictObject({
  retained: z.array(retainedTaxYear),
  retentionYears: z.number(),
});
export type AccountErasurePreview = z.infer<typeof accountErasurePreview>;

/** What was erased and what stays, with why and until when. */
export const accountErasureResponse = z.strictObject({
  erasedAt: z.string(),
  /** `full`: nothing of the person is left; `retained`: the years in `retained` stay until their date. */
  kind: z.enum(['full', 'retained']),
  erased: z.strictObject({
    /** Document versions whose data keys were destroyed (their blobs unreadable from that moment). */
    documentVersions: z.number(),
    /** The tax years whose data is gone entirely. */
    taxYears: z.array(z.number()),
  }),
  retained: z.array(retainedTaxYear),
  retentionYears: z.number(),
});
export type AccountErasureResponse = z.infer<typeof accountErasureResponse>;
