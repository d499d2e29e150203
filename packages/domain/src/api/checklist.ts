import { z } from 'zod';
import { CHECKLIST_REASON_KEYS, NOT_APPLICABLE_REASON_MAX } from '../checklist.js';
import { requiredText } from '../text.js';
import { databaseId } from './database-id.js';

/**
 * The person's document checklist (DECISIONS D19): GET /api/checklist and the "not applicable"
 * mark of one item. Years are checked by the server against its clock; the schemas check the shape.
 */

/** GET /api/checklist?taxYear=Y; without a year, the year in preparation. */
export const checklistQuery = z.object({
  taxYear: z.coerce.number({ error: 'taxYear must be a number' }).int('taxYear must be a whole year').optional(),
});

/** /api/checklist/:taxYear/items/:categoryId/not-applicable */
export const checklistItemParams = z.object({
  taxYear: z.coerce.number({ error: 'taxYear must be a number' }).int('taxYear must be a whole year'),
  categoryId: databaseId(z.coerce.number({ error: 'The category id must be a number' }), 'The category id'),
});

/** PUT …/not-applicable: why the item does not apply, in the person's words. */
export const notApplicableBody = z.object({ reason: requiredText('Reason', NOT_APPLICABLE_REASON_MAX) });
export type NotApplicableBody = z.input<typeof notApplicableBody>;

export const checklistItemResponse = z.strictObject({
  categoryId: z.number(),
  /** Why the item is on the list: `dashboard:checklist.reasons.<key>` with `params`. */
  reason: z.strictObject({ key: z.enum(CHECKLIST_REASON_KEYS), params: z.record(z.string(), z.number()) }),
  hasFile: z.boolean(),
  /** The person's mark, or null. */
  notApplicable: z.strictObject({ reason: z.string(), at: z.string() }).nullable(),
});
export type ChecklistItemResponse = z.infer<typeof checklistItemResponse>;

export const checklistResponse = z.strictObject({
  taxYear: z.number(),
  /** False while the year has no completed tax profile: the list is then D3's six. */
  personalised: z.boolean(),
  /** Items with a file or marked not applicable ÷ all items, rounded. */
  percent: z.number(),
  items: z.array(checklistItemResponse),
  /** Categories the answers rule out (Advanced Tax Information does not call them missing). */
  ruledOutCategoryIds: z.array(z.number()),
  /** The year's status after the call (marking the last open item moves 2 → 3). */
  current_status_id: z.number(),
});
export type ChecklistResponse = z.infer<typeof checklistResponse>;
