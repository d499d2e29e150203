import { sql, type SQL } from 'drizzle-orm';
import { taxStatusId, taxStatusName, type AssigneeFilter, type TaxStatusId } from '@taxli/domain';
import type { Db } from '../db/client.js';

/**
 * The expert queue (issue 27 item 2): one row per person and tax year from status 3 on, with what
 * the experts sort and filter by. The row's parts belong to five owners (users, tax status, tax
 * profile, expert, messages); asking each owner's service for 50 rows would be 50 × 5 round trips,
 * and no owner could sort or page by another's columns. So this is the one read model that reads
 * other owners' tables in SQL (docs/architecture.md, "Who owns which table"): it reads, never
 * writes, and only the expert feature's queue service calls it.
 *
 * Order: first the years with a transmission at status 4–6, the oldest latest transmission first
 * (group 0); then the years at status 3 by when their status last changed (group 1); last the rare
 * years an administrator set to 4–6 without a transmission, by the same time (group 2). Ties by
 * person and year. Each group is read from an index in its own order (migration 0008) and only as
 * far as the page needs: a later group's part is not even started while the earlier ones fill the
 * page, and the per-row parts (names, canton, expert, counts) are looked up for the page's rows only.
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
  limit: number;
}

export interface QueueRecord {
  userId: number;
  taxYear: number;
  firstName: string;
  lastName: string;
  email: string;
  canton: string | null;
  status: TaxStatusId;
  transmittedAt: string | null;
  assignee: { userId: number; firstName: string; lastName: string } | null;
  openRequests: number;
  unreadMessages: number;
  key: QueueKey;
}

const SUBMITTED = taxStatusName(3);
const TRANSMITTED = [4, 5, 6].map((id) => taxStatusName(id));
const ISO_MICROSECONDS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
const ISO_MILLISECONDS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The search's text of a person: the expression of the trigram index `users_search_idx`
 * (db/schema.ts), written the same, or the planner cannot use the index.
 */
const searchText = (alias: string) => sql.raw(`lower(${alias}.first_name || ' ' || ${alias}.last_name || E'\\x01' || ${alias}.email)`);

/** A LIKE pattern that matches `text` literally anywhere (its %, _ and \ escaped). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A value of the call, bound as a parameter behind a one-row subquery: PostgreSQL cannot look
 * through it while planning, so every call of a prepared statement gets the same plan and it keeps
 * one plan for all values (a generic plan). Given the values themselves it planned again at every
 * call (a search's pattern always looked cheaper than the generic estimate), and planning this
 * statement took longer than running it.
 */
const placeholder = (name: string, type: 'int' | 'text' | 'timestamptz') => sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;
/**
 * A status name of the domain as a literal, not a parameter: with the names in its text, a prepared
 * statement's generic plan knows how many rows each status has, and PostgreSQL keeps that plan
 * instead of planning again at every call.
 */
const statusLiteral = (name: string) => {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`not a status name: ${name}`);
  return sql.raw(`'${name}'`);
};
const inList = (names: string[]) => sql.join(names.map(statusLiteral), sql`, `);
const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);

/**
 * The filters every group applies to its rows (`x` has user_id and tax_year). The people a search
 * finds, and those with a return of the expert's, come as an array of ids: a condition the group's
 * scan takes on an index (the few matching people's rows), where a join made the plan, which cannot
 * know how many people match, read a whole table.
 */
function rowConditions(x: string, filter: QueueFilter): SQL[] {
  const row = sql.raw(x);
  const conditions: SQL[] = [];
  if (filter.taxYear !== undefined) conditions.push(sql`${row}.tax_year = ${placeholder('taxYear', 'int')}`);
  if (filter.q !== undefined) {
    conditions.push(sql`${row}.user_id = any(array(select u.id from users u where ${searchText('u')} like lower(${placeholder('pattern', 'text')})))`);
  }
  const caseOfRow = sql`rc.user_id = ${row}.user_id and rc.tax_year = ${row}.tax_year`;
  if (filter.assignee === 'me') {
    const mine = sql`rc.assignee_user_id = ${placeholder('expertId', 'int')}`;
    conditions.push(sql`${row}.user_id = any(array(select rc.user_id from return_cases rc where ${mine}))`);
    conditions.push(sql`exists (select 1 from return_cases rc where ${caseOfRow} and ${mine})`);
  } else if (filter.assignee === 'none') {
    conditions.push(sql`not exists (select 1 from return_cases rc where ${caseOfRow} and rc.assignee_user_id is not null)`);
  }
  return conditions;
}

/** Rows after the cursor, within the group it points into. */
function afterCursor(time: string, x: string): SQL {
  return sql`(${sql.raw(time)}, ${sql.raw(x)}.user_id, ${sql.raw(x)}.tax_year) > (${placeholder('afterAt', 'timestamptz')}, ${placeholder('afterUser', 'int')}, ${placeholder('afterYear', 'int')})`;
}

/** The statuses of the years a group may hold, narrowed by the status filter. */
function statusCondition(x: string, filter: QueueFilter, statuses: string[]): SQL {
  return filter.status === undefined ? sql`${sql.raw(x)}.status in (${inList(statuses)})` : sql`${sql.raw(x)}.status = ${placeholder('status', 'text')}`;
}

interface Group {
  name: 'transmitted' | 'submitted' | 'untransmitted';
  select: (conditions: SQL[]) => SQL;
}

function groupsFor(filter: QueueFilter, limit: number): Group[] {
  const from = filter.after?.group ?? 0;
  const fitsStatus = (ids: number[]) => filter.status === undefined || ids.includes(filter.status);
  const limitSql = sql.raw(String(limit));
  const groups: Group[] = [];
  if (from <= 0 && fitsStatus([4, 5, 6])) {
    groups.push({
      name: 'transmitted',
      // The latest transmission of each year only: no later one of the same year exists.
      select: (conditions) => sql`
        select tr.user_id, tr.tax_year, s.status, 0 as grp, tr.transmitted_at as sort_at, tr.transmitted_at
        from transmissions tr
        join tax_year_statuses s on s.user_id = tr.user_id and s.tax_year = tr.tax_year
        where ${and([
          statusCondition('s', filter, TRANSMITTED),
          sql`not exists (select 1 from transmissions later where later.user_id = tr.user_id and later.tax_year = tr.tax_year and (later.transmitted_at, later.id) > (tr.transmitted_at, tr.id))`,
          ...rowConditions('tr', filter),
          ...(filter.after?.group === 0 ? [afterCursor('tr.transmitted_at', 'tr')] : []),
          ...conditions,
        ])}
        order by tr.transmitted_at, tr.user_id, tr.tax_year
        limit ${limitSql}`,
    });
  }
  if (from <= 1 && fitsStatus([3])) {
    groups.push({
      name: 'submitted',
      select: (conditions) => sql`
        select s.user_id, s.tax_year, s.status, 1 as grp, s.updated_at as sort_at,
          (select max(t.transmitted_at) from transmissions t where t.user_id = s.user_id and t.tax_year = s.tax_year) as transmitted_at
        from tax_year_statuses s
        where ${and([
          sql`s.status = ${statusLiteral(SUBMITTED)}`,
          ...rowConditions('s', filter),
          ...(filter.after?.group === 1 ? [afterCursor('s.updated_at', 's')] : []),
          ...conditions,
        ])}
        order by s.updated_at, s.user_id, s.tax_year
        limit ${limitSql}`,
    });
  }
  if (fitsStatus([4, 5, 6])) {
    groups.push({
      name: 'untransmitted',
      select: (conditions) => sql`
        select s.user_id, s.tax_year, s.status, 2 as grp, s.updated_at as sort_at, null::timestamptz as transmitted_at
        from tax_year_statuses s
        where ${and([
          statusCondition('s', filter, TRANSMITTED),
          sql`not exists (select 1 from transmissions t where t.user_id = s.user_id and t.tax_year = s.tax_year)`,
          ...rowConditions('s', filter),
          ...(filter.after?.group === 2 ? [afterCursor('s.updated_at', 's')] : []),
          ...conditions,
        ])}
        order by s.updated_at, s.user_id, s.tax_year
        limit ${limitSql}`,
    });
  }
  return groups;
}

/**
 * The page as one statement. Each group is a materialized CTE; a later one runs only while the
 * earlier ones left the page short (a condition on their counts, which PostgreSQL checks once
 * before it starts the group's scan).
 */
function pageStatement(filter: QueueFilter, limit: number): SQL | undefined {
  const groups = groupsFor(filter, limit);
  if (groups.length === 0) return undefined;
  const ctes = groups.map((group, index) => {
    const before = groups.slice(0, index).map((earlier) => sql`(select count(*) from ${sql.raw(earlier.name)})`);
    const stillShort = before.length > 0 ? [sql`${sql.join(before, sql` + `)} < ${sql.raw(String(limit))}`] : [];
    return sql`${sql.raw(group.name)} as materialized (${group.select(stillShort)})`;
  });
  const all = sql.join(
    groups.map((group) => sql`select * from ${sql.raw(group.name)}`),
    sql` union all `,
  );
  // `offset 0` keeps each lookup a per-row index probe: flattened, the planner may hash-join whole tables for 50 rows.
  return sql`(
    with ${sql.join(ctes, sql`, `)},
    page as materialized (${all} order by grp, sort_at, user_id, tax_year limit ${sql.raw(String(limit))})
    select p.user_id, p.tax_year, p.status, p.grp,
      to_char(p.sort_at at time zone 'UTC', ${sql.raw(ISO_MICROSECONDS)}) as key_at,
      to_char(p.transmitted_at at time zone 'UTC', ${sql.raw(ISO_MILLISECONDS)}) as transmitted_at,
      u.first_name, u.last_name, u.email,
      (select nullif(tp.answers->>'cantonOfResidence', '') from tax_profiles tp where tp.user_id = p.user_id and tp.tax_year = p.tax_year) as canton,
      rc.assignee_user_id, eu.first_name as assignee_first_name, eu.last_name as assignee_last_name,
      (select count(*)::int from document_requests dr where dr.user_id = p.user_id and dr.tax_year = p.tax_year and dr.fulfilled_at is null) as open_requests,
      (select count(*)::int from messages m where m.user_id = p.user_id and m.tax_year = p.tax_year and m.from_expert = false and m.read_at is null) as unread_messages
    from page p
    cross join lateral (select u.first_name, u.last_name, u.email from users u where u.id = p.user_id offset 0) u
    left join lateral (select rc.assignee_user_id from return_cases rc where rc.user_id = p.user_id and rc.tax_year = p.tax_year offset 0) rc on true
    left join lateral (select eu.first_name, eu.last_name from users eu where eu.id = rc.assignee_user_id offset 0) eu on true
  ) as queue`;
}

const column = <T>(name: string) => sql<T>`${sql.raw(`queue.${name}`)}`;
const fields = {
  userId: column<number>('user_id'),
  taxYear: column<number>('tax_year'),
  status: column<string>('status'),
  group: column<0 | 1 | 2>('grp'),
  keyAt: column<string>('key_at'),
  transmittedAt: column<string | null>('transmitted_at'),
  firstName: column<string>('first_name'),
  lastName: column<string>('last_name'),
  email: column<string>('email'),
  canton: column<string | null>('canton'),
  assigneeUserId: column<number | null>('assignee_user_id'),
  assigneeFirstName: column<string | null>('assignee_first_name'),
  assigneeLastName: column<string | null>('assignee_last_name'),
  openRequests: column<number>('open_requests'),
  unreadMessages: column<number>('unread_messages'),
};

/** Which statement a filter needs: one prepared statement per shape, its values bound at each call. */
function shapeOf(filter: QueueFilter): string {
  const status = filter.status === undefined ? 'n' : filter.status === 3 ? 's' : 't';
  return `expert_queue_${filter.after?.group ?? 'n'}${status}${filter.taxYear === undefined ? 0 : 1}${filter.q === undefined ? 0 : 1}${filter.assignee}_${filter.limit}`;
}

export function createExpertQueueReadModel(db: Db) {
  /**
   * Prepared once per shape (a PostgreSQL connection keeps its plan): planning this statement took
   * longer than running it (docs/performance.md, "Expert queue").
   */
  const prepared = new Map<string, ReturnType<typeof prepare>>();
  const prepare = (name: string, statement: SQL) => db.select(fields).from(statement).orderBy(sql`queue.grp, queue.key_at, queue.user_id, queue.tax_year`).prepare(name);

  return {
    /** Up to `filter.limit` rows after `filter.after`, in the queue's order. */
    async page(filter: QueueFilter): Promise<QueueRecord[]> {
      const name = shapeOf(filter);
      let query = prepared.get(name);
      if (!query) {
        const statement = pageStatement(filter, filter.limit);
        if (!statement) return [];
        query = prepare(name, statement);
        prepared.set(name, query);
      }
      const rows = await query.execute({
        status: filter.status === undefined ? null : taxStatusName(filter.status),
        taxYear: filter.taxYear ?? null,
        pattern: filter.q === undefined ? null : containsPattern(filter.q),
        expertId: filter.expertId,
        afterAt: filter.after?.at ?? null,
        afterUser: filter.after?.userId ?? null,
        afterYear: filter.after?.taxYear ?? null,
      });
      return rows.map((row) => ({
        userId: row.userId,
        taxYear: row.taxYear,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        canton: row.canton,
        status: taxStatusId(row.status),
        transmittedAt: row.transmittedAt,
        assignee:
          row.assigneeUserId === null ? null : { userId: row.assigneeUserId, firstName: row.assigneeFirstName ?? '', lastName: row.assigneeLastName ?? '' },
        openRequests: row.openRequests,
        unreadMessages: row.unreadMessages,
        key: { group: row.group, at: row.keyAt, userId: row.userId, taxYear: row.taxYear },
      }));
    },
  };
}

export type ExpertQueueReadModel = ReturnType<typeof createExpertQueueReadModel>;
