/**
 * The queue's projection (`expert_queue_rows`, kept by the triggers of migration 0009) must say
 * what its sources say after any change to any of them. Each step below changes one source as the
 * features do; after each, the projection is compared with the queue computed from the sources
 * directly (the join the queue read before it had a projection).
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { documentRequests, messages, returnCases, taxProfiles, taxYearStatuses, transmissions, users } from '../db/schema.js';
import { queryRows, type Db } from '../db/client.js';
import { drivers, useTestApp } from '../test/build-test-app.js';
import { taxStatusId, type QueueRow } from '@taxli/domain';

const fromSources = sql`
  select s.user_id, s.tax_year, s.status,
    case when s.status = 'documents_submitted' then 1 when t.latest is not null then 0 else 2 end as grp,
    to_char((case when s.status <> 'documents_submitted' and t.latest is not null then t.latest else s.updated_at end) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as sort_at,
    to_char(t.latest at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as transmitted_at,
    u.first_name, u.last_name, u.email, nullif(tp.answers->>'cantonOfResidence', '') as canton,
    rc.assignee_user_id, eu.first_name as assignee_first_name, eu.last_name as assignee_last_name,
    (select count(*)::int from document_requests dr where dr.user_id = s.user_id and dr.tax_year = s.tax_year and dr.fulfilled_at is null) as open_requests,
    (select count(*)::int from messages m where m.user_id = s.user_id and m.tax_year = s.tax_year and not m.from_expert and m.read_at is null) as unread_messages
  from tax_year_statuses s
  join users u on u.id = s.user_id
  left join lateral (select max(transmitted_at) as latest from transmissions x where x.user_id = s.user_id and x.tax_year = s.tax_year) t on true
  left join tax_profiles tp on tp.user_id = s.user_id and tp.tax_year = s.tax_year
  left join return_cases rc on rc.user_id = s.user_id and rc.tax_year = s.tax_year
  left join users eu on eu.id = rc.assignee_user_id
  where s.status in ('documents_submitted', 'processing', 'review_required', 'completed')
  order by 1, 2`;

const projected = sql`
  select user_id, tax_year, status, grp, row_json,
    to_char(sort_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as sort_at,
    to_char(transmitted_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as transmitted_at,
    first_name, last_name, email, canton, assignee_user_id, assignee_first_name, assignee_last_name, open_requests, unread_messages
  from expert_queue_rows order by 1, 2`;

/** The API's `QueueRow` of a row computed from the sources. */
function queueRowOf(row: Record<string, unknown>): QueueRow {
  const transmittedAt = row.transmitted_at as string | null;
  return {
    userId: row.user_id as number,
    taxYear: row.tax_year as number,
    firstName: row.first_name as string,
    lastName: row.last_name as string,
    email: row.email as string,
    canton: row.canton as string | null,
    status: taxStatusId(row.status as string),
    transmittedAt: transmittedAt === null ? null : `${transmittedAt.slice(0, 10)}T${transmittedAt.slice(11, 23)}Z`,
    assignee:
      row.assignee_user_id === null
        ? null
        : { userId: row.assignee_user_id as number, firstName: (row.assignee_first_name as string | null) ?? '', lastName: (row.assignee_last_name as string | null) ?? '' },
    openRequests: row.open_requests as number,
    unreadMessages: row.unread_messages as number,
  };
}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 8, minute));

describe.each(drivers)('the expert queue projection (%s)', (driver) => {
  const ctx = useTestApp(driver);

  async function expectTrue(db: Db, rows: number) {
    const expected = await queryRows<Record<string, unknown>>(db, fromSources);
    const actual = await queryRows<Record<string, unknown> & { row_json: string }>(db, projected);
    expect(actual.map(({ row_json: _json, ...columns }) => columns)).toEqual(expected);
    // Each row's JSON is the API's queue row of its columns, the status as the domain numbers it.
    expect(actual.map((row) => JSON.parse(row.row_json))).toEqual(expected.map(queueRowOf));
    expect(expected).toHaveLength(rows);
  }

  it('says what its sources say after every kind of change, and forgets a year that leaves the queue', async () => {
    const db = ctx.database.db;
    const [anna, ben, erika] = await db
      .insert(users)
      .values([
        { email: 'anna@example.ch', firstName: 'Anna', lastName: 'Muster' },
        { email: 'ben@example.ch', firstName: 'Ben', lastName: 'Keller' },
        { email: 'erika@taxli.ch', firstName: 'Erika', lastName: 'Beispiel', role: 'expert' },
      ])
      .returning({ id: users.id });
    const annaYear = and(eq(taxYearStatuses.userId, anna!.id), eq(taxYearStatuses.taxYear, 2025));

    await db.insert(taxYearStatuses).values({ userId: anna!.id, taxYear: 2025, status: 'documents_pending', updatedAt: at(1) });
    await db.insert(taxProfiles).values({ userId: anna!.id, taxYear: 2025, answers: { cantonOfResidence: 'zurich' } });
    await expectTrue(db, 0);

    await db.update(taxYearStatuses).set({ status: 'documents_submitted', updatedAt: at(2) }).where(annaYear);
    await db.insert(taxYearStatuses).values({ userId: ben!.id, taxYear: 2024, status: 'documents_submitted', updatedAt: at(3) });
    await expectTrue(db, 2);

    await db.insert(transmissions).values({ userId: anna!.id, taxYear: 2025, transmittedAt: at(4) });
    await db.update(taxYearStatuses).set({ status: 'processing', updatedAt: at(4) }).where(annaYear);
    await db.insert(transmissions).values({ userId: anna!.id, taxYear: 2025, transmittedAt: at(9) });
    await expectTrue(db, 2);

    await db.insert(returnCases).values({ userId: anna!.id, taxYear: 2025, assigneeUserId: erika!.id, assignedAt: at(10) });
    const [request] = await db.insert(documentRequests).values({ userId: anna!.id, taxYear: 2025, categoryId: 5, note: 'sealed' }).returning();
    const [message] = await db.insert(messages).values({ userId: anna!.id, taxYear: 2025, body: 'sealed' }).returning();
    await db.insert(messages).values([
      { userId: anna!.id, taxYear: null, body: 'sealed' },
      { userId: anna!.id, taxYear: 2025, body: 'sealed', fromExpert: true, expertUserId: erika!.id },
    ]);
    await expectTrue(db, 2);

    await db.update(users).set({ firstName: 'Anne', email: 'anne@example.ch' }).where(eq(users.id, anna!.id));
    await db.update(users).set({ lastName: 'Muster-Beispiel' }).where(eq(users.id, erika!.id));
    await db.update(taxProfiles).set({ answers: { cantonOfResidence: 'bern' } }).where(eq(taxProfiles.userId, anna!.id));
    await db.update(documentRequests).set({ fulfilledAt: at(20) }).where(eq(documentRequests.id, request!.id));
    await db.update(messages).set({ readAt: at(21) }).where(eq(messages.id, message!.id));
    await expectTrue(db, 2);

    await db.update(taxYearStatuses).set({ status: 'review_required', updatedAt: at(22) }).where(annaYear);
    await expectTrue(db, 2);
    await db.update(taxYearStatuses).set({ status: 'completed', updatedAt: at(23) }).where(annaYear);
    await expectTrue(db, 2);

    // The expert's account is closed: the return has no assignee any more (return_cases' foreign key).
    await db.delete(users).where(eq(users.id, erika!.id));
    await db.delete(transmissions).where(and(eq(transmissions.userId, anna!.id), eq(transmissions.transmittedAt, at(9))));
    await expectTrue(db, 2);

    // An administrator moves Anna back into preparation; Ben's account is deleted.
    await db.update(taxYearStatuses).set({ status: 'documents_pending', updatedAt: at(30) }).where(annaYear);
    await db.delete(users).where(eq(users.id, ben!.id));
    await expectTrue(db, 0);
  });
});
