import { z } from 'zod';
import { databaseId } from './database-id.js';
import { withTextRules } from '../text.js';

/** A page of the audit trail: enough to read on one screen, small enough for one query. */
export const AUDIT_PAGE_SIZE = 50;

const id = (label: string) => z.coerce.number({ error: `${label} must be a number` }).pipe(databaseId(z.number(), label));

/** A day of the trail's filter; before 1970 there is no event, and PostgreSQL refuses year 0. */
const day = (label: string) =>
  z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` }).refine((value) => value >= '1970-01-01', `${label} must be 1970 or later`);

/**
 * GET /api/admin/audit (issue 27 item 8, DECISIONS D12): the audit trail for administrators,
 * newest first. `userId` is whose data an event concerns, `actorId` who acted; `from` and `to` are
 * days (UTC), both included; `cursor` is the `nextCursor` of the page before (keyset paging).
 */
export const auditQuery = z.object({
  userId: id('userId').optional(),
  actorId: id('actorId').optional(),
  action: withTextRules(z.string().trim().min(1, 'action is empty').max(100, 'action is too long'), 'action').optional(),
  from: day('from').optional(),
  to: day('to').optional(),
  cursor: id('cursor').optional(),
});
export type AuditQuery = z.input<typeof auditQuery>;
/** The filters as the server reads them (and the web app sends them). */
export type AuditFilter = z.output<typeof auditQuery>;

/** GET /api/admin/audit.csv: the same filters, every matching event up to AUDIT_CSV_MAX_ROWS. */
export const auditExportQuery = auditQuery.omit({ cursor: true });

/** The rows one CSV export holds at most, newest first (a narrower filter gives the older ones). */
export const AUDIT_CSV_MAX_ROWS = 10_000;

export const auditEventSummary = z.strictObject({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  outcome: z.enum(['success', 'failure']),
  actorUserId: z.number().nullable(),
  subjectUserId: z.number().nullable(),
  /** Ids, reasons and counts only (never names, addresses, codes or tokens). */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
});
export type AuditEventSummary = z.infer<typeof auditEventSummary>;

export const auditResponse = z.strictObject({
  events: z.array(auditEventSummary),
  /** The cursor of the next, older page; null on the last one. */
  nextCursor: z.number().nullable(),
});
export type AuditResponse = z.infer<typeof auditResponse>;
