import { sql, type SQL, type WithSubquery } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { taxStatusName, type AssigneeFilter } from '@taxli/domain';
import type { Db } from '../db/client.js';
import { prepareLookup } from '../db/prepared-lookup.js';
import { auditRowOfRead, type AuditEvent } from '../lib/audit.repository.js';

/**
 * The expert queue (issue 27 item 2): one row per person and tax year from status 3 on, with what
 * the experts sort and filter by. The row's parts belong to five owners (users, tax status, tax
 * profile, expert, messages); no owner could sort or page by another's columns, and a page joined
 * from seven tables cost six times a user record. So PostgreSQL keeps the queue as one table,
 * `expert_queue_rows`, by triggers in the transaction of every change to its parts (migration
 * 0009; docs/architecture.md, "Who owns which table"), and this read model, which only the expert
 * feature's queue service calls, reads it and never writes.
 *
 * Order: first the years with a transmission at status 4–6, the oldest latest transmission first
 * (group 0); then the years at status 3 by when their status last changed (group 1); last the rare
 * years an administrator set to 4–6 without a transmission, by the same time (group 2). Ties by
 * person and year.
 */

/** Where a row stands in the queue's order: the cursor of the next page is the last row's key. */
export interface QueueKey {
  group: 0 | 1 | 2;
  /** The sorting time, ISO 8601 with the database's microseconds (a millisecond would skip rows). */
  at: string;
  userId: number;
  taxYear: number;
}

export interface QueueFilter {
  status?: number;
  taxYear?: number;
  /** Searched as typed, case-insensitive, within "first last" or the e-mail. */
  q?: string;
  assignee: AssigneeFilter;
  /** The expert asking (assignee 'me'). */
  expertId: number;
  /** The key of the previous page's last row. */
  after?: QueueKey;
  /** The page's size; one more row is read to know whether another page follows. */
  pageSize: number;
}

/**
 * A page of the queue as PostgreSQL writes it: the rows as the API's JSON (`QueueRow[]` of
 * @taxli/domain, in the queue's order), and the key of the page's last row when more follow.
 */
export interface QueuePage {
  returnsJson: string;
  count: number;
  nextKey: QueueKey | null;
}

/**
 * The queue's version: the transaction ids of the last writes of the change slots (migration 0017),
 * never the same twice. Read in the statement that reads a page, it belongs to the page's snapshot.
 */
const QUEUE_VERSION = `string_agg(c.slot::text || ':' || c.xmin::text, ',' order by c.slot)`;

const ISO_MICROSECONDS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/**
 * The search's text of a row: the expression of the trigram index `expert_queue_rows_search_idx`
 * (db/schema.ts), written the same, or the planner cannot use the index.
 */
const SEARCH_TEXT = sql.raw(`lower(q.first_name || ' ' || q.last_name || E'\\x01' || q.email)`);

/** A LIKE pattern that matches `text` literally anywhere (its %, _ and \ escaped). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const param = (name: string, type: 'int' | 'int8' | 'text' | 'timestamptz' | 'jsonb') => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * The page as one statement on the queue's projection (`expert_queue_rows`, kept by triggers:
 * migration 0009): the rows after the cursor in the queue's order, read from the index that serves
 * the filter (the order itself, a status, an expert's returns, or the search's trigrams), one more
 * than a page to know whether another follows. Each row holds itself as the API's JSON (written by
 * the triggers), so the page is those texts joined: turning 51 driver rows into objects and back into
 * JSON was the largest part of the request's work in Node, and building the JSON at each read cost
 * PostgreSQL more than the scan (docs/performance.md, "Expert queue").
 */
function pageStatement(filter: QueueFilter): SQL {
  const conditions: SQL[] = [];
  if (filter.status !== undefined) conditions.push(sql`q.status = ${param('status', 'text')}`);
  if (filter.taxYear !== undefined) conditions.push(sql`q.tax_year = ${param('taxYear', 'int')}`);
  // The pattern behind a one-row subquery: PostgreSQL then keeps one generic plan (the trigram
  // index's bitmap, then a sort) instead of planning each search anew, which cost more than running it.
  if (filter.q !== undefined) conditions.push(sql`${SEARCH_TEXT} like lower((select ${param('pattern', 'text')}))`);
  if (filter.assignee === 'me') conditions.push(sql`q.assignee_user_id = ${param('expertId', 'int')}`);
  if (filter.assignee === 'none') conditions.push(sql`q.assignee_user_id is null`);
  if (filter.after !== undefined) {
    conditions.push(
      sql`(q.grp, q.sort_at, q.user_id, q.tax_year) > (${param('afterGroup', 'int')}, ${param('afterAt', 'timestamptz')}, ${param('afterUser', 'int')}, ${param('afterYear', 'int')})`,
    );
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const size = sql.raw(String(filter.pageSize));
  const last = (expression: string) => sql.raw(`max(${expression}) filter (where p.n = ${filter.pageSize})`);
  return sql`
    select '[' || coalesce(string_agg(p.row_json, ',' order by p.n) filter (where p.n <= ${size}), '') || ']' as returns,
      count(*)::int as rows,
      ${last('p.grp')} as last_group,
      ${last(`to_char(p.sort_at at time zone 'UTC', ${ISO_MICROSECONDS})`)} as last_at,
      ${last('p.user_id')} as last_user, ${last('p.tax_year')} as last_year,
      (select ${sql.raw(QUEUE_VERSION)} from expert_queue_changes c) as version
    from (
      select q.row_json, q.grp, q.sort_at, q.user_id, q.tax_year, row_number() over (order by q.grp, q.sort_at, q.user_id, q.tax_year) as n
      from (select * from expert_queue_rows q ${where} order by q.grp, q.sort_at, q.user_id, q.tax_year limit ${size} + 1) q
    ) p`;
}

/** What the audit row of a page says besides the page's row count, which the statement adds. */
export interface QueueReadAudit {
  actorUserId: number;
  details: NonNullable<AuditEvent['details']>;
  at: Date;
}

const pageColumns = {
  returns: sql<string>`page.returns`,
  rows: sql<number>`page.rows`,
  lastGroup: sql<0 | 1 | 2 | null>`page.last_group`,
  lastAt: sql<string | null>`page.last_at`,
  lastUser: sql<number | null>`page.last_user`,
  lastYear: sql<number | null>`page.last_year`,
  version: sql<string>`page.version`,
};

/** A page kept by this server, with the version of the queue it was read at. */
interface KeptPage {
  version: string;
  page: QueuePage;
}

/** Pages kept per server: the busiest first pages and searches, never more than a few megabytes. */
const KEPT_PAGES = { max: 500, maxSize: 16 * 1024 * 1024 };

/**
 * Which kept page a filter asks for: its statement's shape and its values, written straight from the
 * filter (every part but the search text has a fixed form, and the text, the only free one, comes last).
 */
function keptPageKey(name: string, filter: QueueFilter): string {
  const after = filter.after === undefined ? '' : `${filter.after.group}|${filter.after.at}|${filter.after.userId}|${filter.after.taxYear}`;
  const expert = filter.assignee === 'me' ? filter.expertId : '';
  return `${name}|${filter.status ?? ''}|${filter.taxYear ?? ''}|${expert}|${after}|${filter.q ?? ''}`;
}

/** Which statement a filter needs: one prepared statement per shape, its values bound at each call. */
function shapeOf(filter: QueueFilter): string {
  const flag = (present: boolean) => (present ? 1 : 0);
  return `expert_queue_${flag(filter.after !== undefined)}${flag(filter.status !== undefined)}${flag(filter.taxYear !== undefined)}${flag(filter.q !== undefined)}${filter.assignee}_${filter.pageSize}`;
}

export function createExpertQueueReadModel(db: Db) {
  /**
   * Prepared once per shape (a PostgreSQL connection keeps its plan): planning this statement took
   * longer than running it (docs/performance.md, "Expert queue").
   */
  const prepared = new Map<string, ReturnType<typeof preparePage>>();
  const preparePage = (name: string, filter: QueueFilter) => {
    const page = db.$with('page', pageColumns).as(pageStatement(filter));
    const auditRow = queueReadAuditRow(page, sql`least(page.rows, ${sql.raw(String(filter.pageSize))})`);
    return db.with(page, auditRow).select(pageColumns).from(page).prepare(name);
  };

  /** The read's audit row, in the statement that reads: its bound values are `auditValues` below. */
  const queueReadAuditRow = (read: WithSubquery, count: SQL) =>
    auditRowOfRead(db, read, {
      action: 'expert.read_queue',
      actorUserId: param('auditActor', 'int'),
      details: sql`${param('auditDetails', 'jsonb')} || jsonb_build_object('count', ${count})`,
      // Milliseconds since 1970, not an ISO text: writing the text took a microsecond or two of each
      // request's own work (docs/performance.md, "A quicker host, 2026-12-06").
      at: sql`to_timestamp(${param('auditAtMs', 'int8')}::double precision / 1000)`,
    });

  /**
   * A kept page still true: one row, and the read's audit row, when the queue's version is the one
   * the page was read at; else no row and no audit row, and the page is read again.
   */
  const keptPageStillTrue = (() => {
    const check = db
      .$with('kept_page', { hit: sql<number>`kept_page.hit` })
      .as(sql`select 1 as hit from expert_queue_changes c having ${sql.raw(QUEUE_VERSION)} = ${param('version', 'text')}`);
    const auditRow = queueReadAuditRow(check, param('count', 'int'));
    // Run on every request that finds its page kept, so run by the driver (db/prepared-lookup.ts).
    return prepareLookup(db, 'expert_queue_kept_page', db.with(check, auditRow).select({ hit: sql<number>`kept_page.hit` }).from(check));
  })();

  /**
   * Pages already read, by statement and values: an expert's queue is read far more often than it
   * changes, and a kept page costs one small statement instead of the page's (docs/performance.md,
   * "Expert queue"). Each read still checks the queue's version in the database, so a change made by
   * any server shows at the next read, and writes its audit row.
   */
  const kept = new LRUCache<string, KeptPage>({ ...KEPT_PAGES, sizeCalculation: (entry) => entry.page.returnsJson.length + 200 });

  return {
    /** Up to `filter.pageSize` rows after `filter.after`, in the queue's order, and the read's audit row. */
    async page(filter: QueueFilter, audit: QueueReadAudit): Promise<QueuePage> {
      const name = shapeOf(filter);
      const auditValues = { auditActor: audit.actorUserId, auditDetails: JSON.stringify(audit.details), auditAtMs: audit.at.getTime() };
      const key = keptPageKey(name, filter);
      const entry = kept.get(key);
      if (entry) {
        const hit = await keptPageStillTrue({ ...auditValues, version: entry.version, count: entry.page.count });
        if (hit) return entry.page;
      }
      const values = {
        status: filter.status === undefined ? null : taxStatusName(filter.status),
        taxYear: filter.taxYear ?? null,
        pattern: filter.q === undefined ? null : containsPattern(filter.q),
        // Only "mine" depends on who asks; every other page is the same for every expert.
        expertId: filter.assignee === 'me' ? filter.expertId : null,
        afterGroup: filter.after?.group ?? null,
        afterAt: filter.after?.at ?? null,
        afterUser: filter.after?.userId ?? null,
        afterYear: filter.after?.taxYear ?? null,
      };
      let query = prepared.get(name);
      if (!query) {
        query = preparePage(name, filter);
        prepared.set(name, query);
      }
      const [result] = await query.execute({ ...auditValues, ...values });
      const { returns, rows, lastGroup, lastAt, lastUser, lastYear, version } = result!;
      const more = rows > filter.pageSize && lastGroup !== null && lastAt !== null && lastUser !== null && lastYear !== null;
      const page = {
        returnsJson: returns,
        count: Math.min(rows, filter.pageSize),
        nextKey: more ? { group: lastGroup, at: lastAt, userId: lastUser, taxYear: lastYear } : null,
      };
      kept.set(key, { version, page });
      return page;
    },
  };
}

export type ExpertQueueReadModel = ReturnType<typeof createExpertQueueReadModel>;
