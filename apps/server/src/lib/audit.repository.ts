import { and, desc, eq, gt, gte, lt, or, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditEventSummary, type AuditFilter, type AuditResponse } from '@taxli/domain';

import type { Db } from '../db/client.js';
import { preparedOnFirstUse } from '../db/prepared-on-first-use.js';
import { auditEvents } from '../db/schema.js';
import { hashEmail, hashIp } from './personal-hash.js';

export type AuditAction =
  | 'auth.request_code'
  | 'auth.verify_code'
  | 'auth.quick_restore'
  | 'auth.logout'
  | 'debug.login_as'
  | (string & {});

export interface AuditEvent {
  action: AuditAction;
  outcome: 'success' | 'failure';
  /** Who acted (a signed-in user, an admin); null for someone not signed in yet. */
  actorUserId?: number | null;
  /** Whose account or data the event concerns. */
  subjectUserId?: number | null;
  /** Stored only as a keyed hash. */
  email?: string | null;
  /** Stored only as a keyed hash. */
  ip?: string | null;
  /** Ids, reasons and counts only: never names, addresses, codes or tokens. */
  details?: Record<string, string | number | boolean | null>;
}

export interface AuditLog {
  record(event: AuditEvent): Promise<void>;
}

/** The audit trail of DECISIONS D12, shared by every feature. */
export function createAuditLog(db: Db, secret: string, clock: () => Date): AuditLog {
  // Prepared once, on first use: every audited request writes one row (an expert's queue page among
  // them), and building the insert anew each time was a tenth of such a request's work in Node.
  const insert = preparedOnFirstUse(() => prepareInsert(db));
  return {
    async record(event) {
      await insert().execute({
        action: event.action,
        outcome: event.outcome,
        actorUserId: event.actorUserId ?? null,
        subjectUserId: event.subjectUserId ?? null,
        emailHash: event.email ? hashEmail(secret, event.email) : null,
        ipHash: event.ip ? hashIp(secret, event.ip) : null,
        details: event.details ?? null,
        at: clock(),
      });
    },
  };
}

/** An audit row written by a read's own statement: who read, what, and when, as SQL of that statement. */
export interface AuditRowOfRead {
  action: AuditAction;
  actorUserId: SQL;
  /** A jsonb expression; it may use the read's columns (ids, reasons and counts only, as `details`). */
  details: SQL;
  at: SQL;
}

/**
 * The audit row of a successful read, written by the read's own statement as a data-modifying CTE
 * (`with read as (…), audit_row as (insert … select … from read) select … from read`): one round
 * trip and one commit instead of the read and then `record`, the largest cost of an expert's queue
 * page after the read itself (docs/performance.md, "Expert queue"). One row per row of `read`, so
 * `read` is a read of one row (a page as one aggregate). Both land or neither: a read that fails
 * writes no row, as `record` after it would not have run.
 *
 * The statement's commit does not wait for the disk (`synchronous_commit` off for its transaction):
 * a crash of the database itself may lose the last fraction of a second of such read events, never
 * make them inconsistent (docs/architecture.md, "The one read model across owners"). So the
 * statement must run alone, never inside a transaction whose changes must wait.
 */
export function auditRowOfRead(db: Db, read: WithSubquery, row: AuditRowOfRead) {
  return db.$with('audit_row', {}).as(
    sql`insert into ${auditEvents} (action, outcome, actor_user_id, details, at)
      select ${row.action}, 'success', ${row.actorUserId}, ${row.details}, ${row.at}
      from ${read} cross join lateral (select set_config('synchronous_commit', 'off', true)) as commit_without_waiting`,
  );
}

const prepareInsert = (db: Db) =>
  db
    .insert(auditEvents)
    .values({
      action: sql.placeholder('action'),
      outcome: sql.placeholder('outcome'),
      actorUserId: sql.placeholder('actorUserId'),
      subjectUserId: sql.placeholder('subjectUserId'),
      emailHash: sql.placeholder('emailHash'),
      ipHash: sql.placeholder('ipHash'),
      details: sql.placeholder('details'),
      at: sql.placeholder('at'),
    })
    .prepare('audit_record');

const DAY_MS = 86_400_000;

/** The trail read back for administrators (issue 27 item 8): newest first, a page at a time. */
export function createAuditReader(db: Db) {
  return {
    async page(filter: AuditFilter): Promise<AuditResponse> {
      const rows = await db
        .select()
        .from(auditEvents)
        .where(and(...conditionsOf(filter)))
        .orderBy(desc(auditEvents.id))
        .limit(AUDIT_PAGE_SIZE + 1);
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      return {
        events: page.map(summaryOf),
        nextCursor: rows.length > AUDIT_PAGE_SIZE ? page.at(-1)!.id : null,
      };
    },

    /** Every event about a person or done by them, oldest first (the person's data export, issue 30). */
    async aboutPerson(userId: number): Promise<AuditEventSummary[]> {
      const rows = await db
        .select()
        .from(auditEvents)
        .where(or(eq(auditEvents.subjectUserId, userId), eq(auditEvents.actorUserId, userId)))
        .orderBy(auditEvents.id);
      return rows.map(summaryOf);
    },

    /** Every matching event up to `limit`, newest first (the CSV export). */
    async all(filter: Omit<AuditFilter, 'cursor'>, limit: number): Promise<AuditEventSummary[]> {
      const rows = await db.select().from(auditEvents).where(and(...conditionsOf(filter))).orderBy(desc(auditEvents.id)).limit(limit);
      return rows.map(summaryOf);
    },
  };
}

function conditionsOf(filter: AuditFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.userId !== undefined) conditions.push(eq(auditEvents.subjectUserId, filter.userId));
  if (filter.actorId !== undefined) conditions.push(eq(auditEvents.actorUserId, filter.actorId));
  if (filter.action !== undefined) conditions.push(eq(auditEvents.action, filter.action));
  if (filter.from !== undefined) conditions.push(gte(auditEvents.at, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to !== undefined) conditions.push(lt(auditEvents.at, new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS)));
  // Keyset paging on the id: a page stays the same while new events arrive.
  if (filter.cursor !== undefined) conditions.push(lt(auditEvents.id, filter.cursor));
  return conditions;
}

function summaryOf(row: typeof auditEvents.$inferSelect): AuditEventSummary {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    outcome: row.outcome,
    actorUserId: row.actorUserId,
    subjectUserId: row.subjectUserId,
    details: row.details,
  };
}

export type AuditReader = ReturnType<typeof createAuditReader>;

/**
 * Limits counted on the trail itself (the data export's few a day): when the latest `limit`
 * successful events of one action, actor and subject after `since` happened, oldest first.
 */
export function createAuditCounter(db: Db) {
  return {
    async recentSuccesses(event: { action: string; actorUserId: number; subjectUserId: number }, since: Date, limit: number): Promise<Date[]> {
      const rows = await db
        .select({ at: auditEvents.at })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, event.action),
            eq(auditEvents.outcome, 'success'),
            eq(auditEvents.actorUserId, event.actorUserId),
            eq(auditEvents.subjectUserId, event.subjectUserId),
            gt(auditEvents.at, since),
          ),
        )
        .orderBy(desc(auditEvents.at))
        .limit(limit);
      return rows.map((row) => row.at).reverse();
    },
  };
}
