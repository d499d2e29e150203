import { z } from 'zod';
import { TAX_STATUSES, TAX_STATUS_NAMES, type TaxStatusId } from '../tax-status.js';
import { databaseId } from './database-id.js';

/**
 * Tax status API (DECISIONS D1). Year ranges depend on today, so the server checks them against its
 * clock (isAcceptableTaxYear, the one rule of tax-years.ts); the schemas check the shape.
 */
const taxYearNumber = z.number({ error: 'taxYear must be a number' }).int('taxYear must be a whole year');

/** GET /api/tax-status?taxYear=Y; without a year, the year in preparation. */
export const taxStatusQuery = z.object({
  taxYear: z.coerce.number({ error: 'taxYear must be a number' }).int('taxYear must be a whole year').optional(),
});

const statusIdMessage = 'status must be a number from 1 to 6';
export const statusIdSchema = z
  .number({ error: statusIdMessage })
  .int(statusIdMessage)
  .min(1, statusIdMessage)
  .max(6, statusIdMessage)
  .transform((id) => id as TaxStatusId);

/** POST /api/tax-status/update-numeric */
export const updateNumericStatusBody = z.object({ status: statusIdSchema, taxYear: taxYearNumber });
export type UpdateNumericStatusBody = z.input<typeof updateNumericStatusBody>;

/**
 * POST /api/tax-year-status/transmit. `confirmed` (optional, D19's explicit confirmation): the
 * review page sends true; false is refused with 400 CONFIRMATION_REQUIRED.
 */
export const transmitBody = z.object({
  taxYear: taxYearNumber,
  confirmed: z.boolean({ error: 'confirmed must be true or false' }).optional(),
});
export type TransmitBody = z.input<typeof transmitBody>;

/** PUT /api/advanced-tax-info/completion: the section flag of D6. */
export const advancedInfoCompletionBody = z.object({
  taxYear: taxYearNumber,
  completed: z.boolean({ error: 'completed must be true or false' }),
});
export type AdvancedInfoCompletionBody = z.input<typeof advancedInfoCompletionBody>;

const taxStatusMessage = `taxStatus must be one of ${TAX_STATUS_NAMES.join(', ')} or a number from 1 to 6`;

/** A status named by its name or its numeric id (also as a numeric string), as the admin panel sends it. */
export const taxStatusValue = z
  .union([z.string(), z.number()], { error: taxStatusMessage })
  .transform((value, ctx): TaxStatusId => {
    const text = typeof value === 'string' ? value.trim() : undefined;
    const id = text === undefined ? value : /^\d+$/.test(text) ? Number(text) : undefined;
    const found = TAX_STATUSES.find((s) => (id === undefined ? s.name === text : s.id === id));
    if (!found) {
      ctx.addIssue({ code: 'custom', message: taxStatusMessage });
      return z.NEVER;
    }
    return found.id;
  });

/**
 * PATCH /api/user/tax-status (admins): userId defaults to the caller, taxYear to the year in
 * preparation; `allYears: true` instead of a year sets every year of the account (the debug
 * panel's "overall" override, part 1 §2).
 */
export const adminTaxStatusBody = z
  .object({
    taxStatus: taxStatusValue,
    taxYear: taxYearNumber.optional(),
    allYears: z.literal(true, { error: 'allYears must be true, or left out' }).optional(),
    userId: databaseId(z.number({ error: 'userId must be a number' }), 'userId').optional(),
  })
  .refine((body) => !(body.allYears && body.taxYear !== undefined), {
    message: 'give either taxYear or allYears, not both',
    path: ['allYears'],
  });
export type AdminTaxStatusBody = z.input<typeof adminTaxStatusBody>;

/* The answers: zod schemas, their types inferred, checked against every answer in the API tests. */

/** A status as answered: its name. */
const taxStatusNameAnswer = z.enum(TAX_STATUS_NAMES);

export const taxStatusResponse = z.strictObject({
  taxYear: z.number(),
  status: taxStatusNameAnswer,
  current_status_id: statusIdSchema,
  /** The Advanced Tax Information section of that year is marked complete (transmit needs it). */
  advancedInfoCompleted: z.boolean(),
  /** ISO time of the latest transmission of that year, or null. */
  transmittedAt: z.string().nullable(),
});
export type TaxStatusResponse = z.infer<typeof taxStatusResponse>;

/** Whose status of which year (GET /api/admin/tax-status). */
export const adminTaxStatusResponse = taxStatusResponse.extend({ userId: z.number() });
export type AdminTaxStatusResponse = z.infer<typeof adminTaxStatusResponse>;

/**
 * PATCH /api/user/tax-status answers with whose status it set: the year it set, or with
 * `allYears` the year in preparation; `taxYears` lists every year this call set.
 */
export const adminSetTaxStatusResponse = adminTaxStatusResponse.extend({ taxYears: z.array(z.number()) });
export type AdminSetTaxStatusResponse = z.infer<typeof adminSetTaxStatusResponse>;

export const transmitResponse = z.strictObject({
  success: z.literal(true),
  taxYear: z.number(),
  status: z.literal('processing'),
  current_status_id: z.literal(4),
  transmittedAt: z.string(),
  /** How many document versions the transmission froze. */
  fileCount: z.number(),
});
export type TransmitResponse = z.infer<typeof transmitResponse>;

export const advancedInfoCompletionResponse = z.strictObject({
  taxYear: z.number(),
  advancedInfoCompleted: z.boolean(),
});
export type AdvancedInfoCompletionResponse = z.infer<typeof advancedInfoCompletionResponse>;

/** GET /api/tax-year-status/review and GET /api/tax/receipt: the year named, or the year in preparation. */
export const transmitReviewQuery = taxStatusQuery;

const transmitBlockSchema = z.discriminatedUnion('code', [
  z.strictObject({ code: z.literal('TAX_PROFILE_INCOMPLETE') }),
  z.strictObject({ code: z.literal('ADVANCED_INFO_INCOMPLETE') }),
  z.strictObject({ code: z.literal('CHECKLIST_INCOMPLETE'), categoryId: z.number() }),
  z.strictObject({ code: z.literal('TAX_ID_MISSING') }),
  z.strictObject({ code: z.literal('SIGNED_POWER_OF_ATTORNEY_MISSING'), needed: z.number(), uploaded: z.number() }),
]);

/** One document version a transmission sent (frozen, D7). */
export const transmittedDocument = z.strictObject({
  documentId: z.number(),
  version: z.number(),
  categoryId: z.number(),
  fileName: z.string(),
  size: z.number(),
  sha256: z.string(),
});
export type TransmittedDocument = z.infer<typeof transmittedDocument>;

/**
 * What the review page shows before transmitting (D19): the status, what still blocks the
 * transmit, and after it the latest transmission with the versions it sent.
 */
export const transmitReviewResponse = z.strictObject({
  taxYear: z.number(),
  current_status_id: statusIdSchema,
  blocks: z.array(transmitBlockSchema),
  transmission: z
    .strictObject({
      transmittedAt: z.string(),
      documents: z.array(transmittedDocument),
    })
    .nullable(),
});
export type TransmitReviewResponse = z.infer<typeof transmitReviewResponse>;
