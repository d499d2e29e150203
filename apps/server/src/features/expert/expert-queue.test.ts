import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { QUEUE_PAGE_SIZE, type ExpertQueueResponse, type QueueRow } from '@taxli/domain';
import { auditEvents, documentRequests, messages, returnCases, taxProfiles, taxYearStatuses, transmissions, users } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { signInAs, transmittedPerson } from '../../test/expert-helpers.js';
import { send } from '../../test/status-helpers.js';

/** People and their years written as rows, for orders and pages no sign-in limit would allow. */
async function addPerson(db: Db, email: string, firstName = 'Anna', lastName = 'Muster'): Promise<number> {
  const [row] = await db.insert(users).values({ email, firstName, lastName }).returning({ id: users.id });
  return row!.id;
}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 8, minute));

async function addYear(db: Db, userId: number, taxYear: number, status: string, options: { changedAt?: Date; transmittedAt?: Date[]; canton?: string } = {}) {
  await db.insert(taxYearStatuses).values({ userId, taxYear, status, updatedAt: options.changedAt ?? at(0) });
  for (const transmittedAt of options.transmittedAt ?? []) await db.insert(transmissions).values({ userId, taxYear, transmittedAt });
  if (options.canton) await db.insert(taxProfiles).values({ userId, taxYear, answers: { cantonOfResidence: options.canton } });
}

const key = (row: Pick<QueueRow, 'userId' | 'taxYear'>) => `${row.userId}/${row.taxYear}`;

describe.each(drivers)('the expert queue (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const queue = (cookie: string, query = '') => get(ctx.app, `/api/expert/returns${query}`, { cookie });
  const rowsOf = async (cookie: string, query = '') => {
    const response = await queue(cookie, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ExpertQueueResponse>();
  };

  it('refuses people on every expert route (403) and lets experts in; an expert is still refused the admin routes', async () => {
    const anna = await transmittedPerson(ctx, 'anna@example.ch', 2025);
    const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    const base = `/api/expert/returns/${anna.user.id}/2025`;
    const calls = [
      (cookie: string) => get(ctx.app, '/api/expert/returns', { cookie }),
      (cookie: string) => get(ctx.app, base, { cookie }),
      (cookie: string) => send(ctx.app, 'POST', `${base}/assign`, cookie, {}),
      (cookie: string) => send(ctx.app, 'POST', `${base}/reveal`, cookie, { field: 'taxId' }),
    ];
    for (const call of calls) {
      const refused = await call(anna.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
      expect((await call(expert.cookie)).statusCode).toBe(200);
    }
    expect((await get(ctx.app, '/api/admin/users', { cookie: expert.cookie })).statusCode).toBe(403);
  });

  it('lists transmitted years first, oldest latest transmission first, then years at status 3 by their last change, with every column', async () => {
    const db = ctx.database.db;
    const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    const [erika] = await db.select().from(users).where(eq(users.id, expert.user.id));
    await db.update(users).set({ firstName: 'Erika', lastName: 'Beispiel' }).where(eq(users.id, erika!.id));
    const anna = await addPerson(db, 'anna@example.ch', 'Anna', 'Muster');
    const ben = await addPerson(db, 'ben@example.ch', 'Ben', 'Keller');
    const carla = await addPerson(db, 'carla@example.ch', 'Carla', 'Rossi');
    // Anna 2025 was transmitted twice: the latest transmission (minute 50) is what counts.
    await addYear(db, anna, 2025, 'processing', { transmittedAt: [at(5), at(50)], canton: 'zurich' });
    await addYear(db, anna, 2024, 'completed', { transmittedAt: [at(20)] });
    await addYear(db, ben, 2025, 'review_required', { transmittedAt: [at(30)], canton: 'ticino' });
    await addYear(db, ben, 2024, 'documents_submitted', { changedAt: at(40) });
    await addYear(db, carla, 2025, 'documents_submitted', { changedAt: at(10) });
    // Not in the queue: still in preparation.
    await addYear(db, carla, 2024, 'documents_pending', { changedAt: at(1) });
    await db.insert(returnCases).values({ userId: ben, taxYear: 2025, assigneeUserId: erika!.id, assignedAt: at(31) });
    await db.insert(documentRequests).values([
      { userId: anna, taxYear: 2025, categoryId: 5, note: 'sealed' },
      { userId: anna, taxYear: 2025, categoryId: 1, note: 'sealed', fulfilledAt: at(55) },
      { userId: anna, taxYear: 2024, categoryId: 1, note: 'sealed' },
    ]);
    await db.insert(messages).values([
      { userId: anna, taxYear: 2025, body: 'sealed' },
      { userId: anna, taxYear: 2025, body: 'sealed' },
      { userId: anna, taxYear: 2025, body: 'sealed', readAt: at(56) },
      { userId: anna, taxYear: 2025, body: 'sealed', fromExpert: true },
      { userId: anna, taxYear: 2024, body: 'sealed' },
    ]);

    const page = await rowsOf(expert.cookie);
    expect(page.nextCursor).toBeNull();
    expect(page.returns.map(key)).toEqual([`${anna}/2024`, `${ben}/2025`, `${anna}/2025`, `${carla}/2025`, `${ben}/2024`]);
    expect(page.returns[2]).toEqual({
      userId: anna,
      taxYear: 2025,
      firstName: 'Anna',
      lastName: 'Muster',
      email: 'anna@example.ch',
      canton: 'zurich',
      status: 4,
      transmittedAt: at(50).toISOString(),
      assignee: null,
      openRequests: 1,
      unreadMessages: 2,
    });
    expect(page.returns[1]).toMatchObject({ status: 5, canton: 'ticino', assignee: { userId: erika!.id, firstName: 'Erika', lastName: 'Beispiel' }, openRequests: 0, unreadMessages: 0 });
    expect(page.returns[3]).toMatchObject({ status: 3, canton: null, transmittedAt: null });
  });

  it('pages through 120 returns without a duplicate or a gap, and refuses a cursor it did not write', async () => {
    const db = ctx.database.db;
    const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    // 40 people × 3 years; times repeat, so ties fall to person and year, and pages end inside a
    // run of equal times. Each row's place in the queue's order: [group, time, person, year].
    const expected: Array<[string, number[]]> = [];
    for (let i = 0; i < 40; i++) {
      const userId = await addPerson(db, `person${i}@example.ch`, `First${i}`, `Last${i}`);
      const transmittedAt = at(i % 2);
      const changedAt = at(i < 35 ? 7 : 3);
      await addYear(db, userId, 2023, 'completed', { transmittedAt: [transmittedAt] });
      expected.push([`${userId}/2023`, [0, transmittedAt.getTime(), userId, 2023]]);
      if (i % 2) {
        await addYear(db, userId, 2024, 'processing', { changedAt, transmittedAt: [transmittedAt] });
        expected.push([`${userId}/2024`, [0, transmittedAt.getTime(), userId, 2024]]);
      } else {
        await addYear(db, userId, 2024, 'documents_submitted', { changedAt });
        expected.push([`${userId}/2024`, [1, changedAt.getTime(), userId, 2024]]);
      }
      await addYear(db, userId, 2025, 'documents_submitted', { changedAt });
      expected.push([`${userId}/2025`, [1, changedAt.getTime(), userId, 2025]]);
    }
    const seen: QueueRow[] = [];
    let cursor: string | null = null;
    const pages: number[] = [];
    do {
      const page: ExpertQueueResponse = await rowsOf(expert.cookie, cursor ? `?cursor=${cursor}` : '');
      pages.push(page.returns.length);
      seen.push(...page.returns);
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual([QUEUE_PAGE_SIZE, QUEUE_PAGE_SIZE, 20]);
    const byPlace = ([, a]: [string, number[]], [, b]: [string, number[]]) => a.map((value, i) => value - b[i]!).find((d) => d !== 0) ?? 0;
    expect(seen.map(key)).toEqual(expected.sort(byPlace).map(([rowKey]) => rowKey));

    for (const bad of ['nonsense', 'W10', Buffer.from('[0,"2026-01-01",1,2025]').toString('base64url'), `${seen[0]!.userId}`]) {
      const refused = await queue(expert.cookie, `?cursor=${encodeURIComponent(bad)}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'cursor' });
    }
  });

  it('finds people by a piece of the first name, last name, "first last" or e-mail, in any case, taking % and _ literally', async () => {
    const db = ctx.database.db;
    const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    const anna = await addPerson(db, 'anna.m@example.ch', 'Anna', 'Müller');
    const ben = await addPerson(db, 'ben_k@mail.example', 'Ben', 'Keller');
    for (const userId of [anna, ben]) await addYear(db, userId, 2025, 'documents_submitted');
    const found = async (q: string) => (await rowsOf(expert.cookie, `?q=${encodeURIComponent(q)}`)).returns.map((row) => row.userId);
    expect(await found('ann')).toEqual([anna]);
    expect(await found('MÜLL')).toEqual([anna]);
    expect(await found('anna mü')).toEqual([anna]);
    expect(await found('ben_k@')).toEqual([ben]);
    expect(await found('MAIL.EXAMPLE')).toEqual([ben]);
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([ben]);
    // Name and e-mail are searched apart: no match across them.
    expect(await found('keller ben')).toEqual([]);
    expect(await found('zoe')).toEqual([]);
    expect(await found('  ')).toEqual([anna, ben]);
  });

  it('filters by status, tax year and who handles the return', async () => {
    const db = ctx.database.db;
    const erika = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    const hans = await signInAs(ctx, 'hans@taxli.ch', 'expert');
    const anna = await addPerson(db, 'anna@example.ch');
    await addYear(db, anna, 2025, 'processing', { transmittedAt: [at(1)] });
    await addYear(db, anna, 2024, 'completed', { transmittedAt: [at(2)] });
    await addYear(db, anna, 2023, 'documents_submitted');
    await db.insert(returnCases).values([
      { userId: anna, taxYear: 2025, assigneeUserId: erika.user.id },
      { userId: anna, taxYear: 2024, assigneeUserId: hans.user.id },
      // A case without an expert (a filing date recorded, say) is unassigned.
      { userId: anna, taxYear: 2023, assigneeUserId: null },
    ]);
    const years = async (query: string) => (await rowsOf(erika.cookie, query)).returns.map((row) => row.taxYear);
    expect(await years('?status=6')).toEqual([2024]);
    expect(await years('?status=3')).toEqual([2023]);
    expect(await years('?taxYear=2025')).toEqual([2025]);
    expect(await years('?assignee=me')).toEqual([2025]);
    // The same filter from another expert is that expert's page, not the one this server kept for Erika.
    expect((await rowsOf(hans.cookie, '?assignee=me')).returns.map((row) => row.taxYear)).toEqual([2024]);
    expect(await years('?assignee=none')).toEqual([2023]);
    expect(await years('?assignee=any')).toEqual([2025, 2024, 2023]);
    expect((await rowsOf(hans.cookie, '?assignee=me&status=6&taxYear=2024')).returns.map((row) => row.taxYear)).toEqual([2024]);
    expect(await years('?status=4&taxYear=2024')).toEqual([]);
    for (const bad of ['?status=2', '?status=7', '?assignee=someone', '?taxYear=nine']) {
      expect((await queue(erika.cookie, bad)).statusCode, bad).toBe(400);
    }
  });

  it('lists, after the status-3 years, a year an administrator set to 4–6 without a transmission', async () => {
    const db = ctx.database.db;
    const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    const anna = await addPerson(db, 'anna@example.ch');
    await addYear(db, anna, 2025, 'review_required', { changedAt: at(1) });
    await addYear(db, anna, 2024, 'documents_submitted', { changedAt: at(30) });
    await addYear(db, anna, 2023, 'processing', { transmittedAt: [at(59)] });
    const page = await rowsOf(expert.cookie);
    expect(page.returns.map((row) => [row.taxYear, row.status, row.transmittedAt])).toEqual([
      [2023, 4, at(59).toISOString()],
      [2024, 3, null],
      [2025, 5, null],
    ]);
    expect((await rowsOf(expert.cookie, '?status=5')).returns.map((row) => row.taxYear)).toEqual([2025]);
  });

  it('records each read in the audit trail: the filters used and the count, never the search text', async () => {
    const db = ctx.database.db;
    const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    const anna = await addPerson(db, 'anna@example.ch', 'Anna', 'Muster');
    await addYear(db, anna, 2025, 'documents_submitted');
    await rowsOf(expert.cookie);
    await rowsOf(expert.cookie, '?q=Muster&status=3&taxYear=2025&assignee=none');
    await rowsOf(expert.cookie); // answered from the page this server keeps, audited all the same
    const events = await db.select().from(auditEvents).where(eq(auditEvents.action, 'expert.read_queue')).orderBy(auditEvents.id);
    expect(events.map((event) => ({ actor: event.actorUserId, outcome: event.outcome, details: event.details }))).toEqual([
      { actor: expert.user.id, outcome: 'success', details: { status: null, taxYear: null, assignee: 'any', search: false, nextPage: false, count: 1 } },
      { actor: expert.user.id, outcome: 'success', details: { status: 3, taxYear: 2025, assignee: 'none', search: true, nextPage: false, count: 1 } },
      { actor: expert.user.id, outcome: 'success', details: { status: null, taxYear: null, assignee: 'any', search: false, nextPage: false, count: 1 } },
    ]);
    // At the server's time to the millisecond, whether the page was read or kept.
    expect(events.map((event) => event.at.toISOString())).toEqual(events.map(() => new Date(ctx.clock.now).toISOString()));
    expect(JSON.stringify(events)).not.toContain('Muster');
  });

  it('answers a page read again with every change made since, by this server or another, and audits every read', async () => {
    const db = ctx.database.db;
    const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    const anna = await addPerson(db, 'anna@example.ch', 'Anna', 'Muster');
    const ben = await addPerson(db, 'ben@example.ch', 'Ben', 'Keller');
    await addYear(db, anna, 2025, 'documents_submitted', { changedAt: at(1) });
    await addYear(db, ben, 2025, 'documents_submitted', { changedAt: at(2) });
    const shown = async () => (await rowsOf(expert.cookie)).returns.map((row) => `${row.firstName} ${row.status} ${row.assignee?.userId ?? '-'}`);
    expect(await shown()).toEqual(['Anna 3 -', 'Ben 3 -']);
    expect(await shown()).toEqual(['Anna 3 -', 'Ben 3 -']);
    // Written straight to the database, as another server of the same database would.
    await db.update(users).set({ firstName: 'Annina' }).where(eq(users.id, anna));
    expect(await shown()).toEqual(['Annina 3 -', 'Ben 3 -']);
    expect((await send(ctx.app, 'POST', `/api/expert/returns/${ben}/2025/assign`, expert.cookie, {})).statusCode).toBe(200);
    expect(await shown()).toEqual(['Annina 3 -', `Ben 3 ${expert.user.id}`]);
    await db.update(taxYearStatuses).set({ status: 'documents_pending' }).where(eq(taxYearStatuses.userId, anna));
    expect(await shown()).toEqual([`Ben 3 ${expert.user.id}`]);
    const events = await db.select().from(auditEvents).where(eq(auditEvents.action, 'expert.read_queue')).orderBy(auditEvents.id);
    expect(events.map((event) => [event.actorUserId, event.details?.count])).toEqual([
      [expert.user.id, 2],
      [expert.user.id, 2],
      [expert.user.id, 2],
      [expert.user.id, 2],
      [expert.user.id, 1],
    ]);
  });
});

describe.each(drivers)('taking a return (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const assign = (cookie: string, userId: number, taxYear: number, body: object = {}) =>
    send(ctx.app, 'POST', `/api/expert/returns/${userId}/${taxYear}/assign`, cookie, body);

  it('gives the return to the expert who takes it, again without harm, and shows it in the queue', async () => {
    const anna = await transmittedPerson(ctx, 'anna@example.ch', 2025);
    const erika = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    await ctx.database.db.update(users).set({ firstName: 'Erika', lastName: 'Beispiel' }).where(eq(users.id, erika.user.id));
    const taken = await assign(erika.cookie, anna.user.id, 2025);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({
      userId: anna.user.id,
      taxYear: 2025,
      assignee: { userId: erika.user.id, firstName: 'Erika', lastName: 'Beispiel' },
      assignedAt: new Date(ctx.clock.now).toISOString(),
    });
    expect((await assign(erika.cookie, anna.user.id, 2025, { assigneeId: erika.user.id })).statusCode).toBe(200);
    const queue = (await get(ctx.app, '/api/expert/returns?assignee=me', { cookie: erika.cookie })).json<ExpertQueueResponse>();
    expect(queue.returns.map((row) => row.assignee?.userId)).toEqual([erika.user.id]);
    const events = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'expert.assign'));
    expect(events.map((e) => [e.outcome, e.actorUserId, e.subjectUserId, e.details])).toEqual([
      ['success', erika.user.id, anna.user.id, { taxYear: 2025, assigneeId: erika.user.id }],
      ['success', erika.user.id, anna.user.id, { taxYear: 2025, assigneeId: erika.user.id }],
    ]);
  });

  it('lets exactly one of two experts taking the same return at once have it; the other learns who', async () => {
    const anna = await transmittedPerson(ctx, 'anna@example.ch', 2025);
    const erika = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    const hans = await signInAs(ctx, 'hans@taxli.ch', 'expert');
    await ctx.database.db.update(users).set({ firstName: 'Erika', lastName: 'Beispiel' }).where(eq(users.id, erika.user.id));
    await ctx.database.db.update(users).set({ firstName: 'Hans', lastName: 'Meier' }).where(eq(users.id, hans.user.id));
    const answers = await Promise.all([assign(erika.cookie, anna.user.id, 2025), assign(hans.cookie, anna.user.id, 2025)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().assignee;
    const refused = answers.find((a) => a.statusCode === 409)!.json().error;
    expect(refused.code).toBe('ALREADY_ASSIGNED');
    expect(refused.message).toContain(`${winner.firstName} ${winner.lastName}`);
    const [stored] = await ctx.database.db.select().from(returnCases);
    expect(stored!.assigneeUserId).toBe(winner.userId);
    // Taking it later is refused the same way; the failure is in the audit trail too.
    expect((await assign(winner.userId === erika.user.id ? hans.cookie : erika.cookie, anna.user.id, 2025)).statusCode).toBe(409);
    const failures = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.outcome, 'failure'));
    expect(failures.filter((e) => e.action === 'expert.assign')).toHaveLength(2);
  });

  it('lets only an administrator name another assignee, an expert or administrator, even over an expert who has it', async () => {
    const admin = await signInAs(ctx, 'admin@example.ch', 'admin');
    const anna = await transmittedPerson(ctx, 'anna@example.ch', 2025);
    const erika = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    const hans = await signInAs(ctx, 'hans@taxli.ch', 'expert');
    const refused = await assign(erika.cookie, anna.user.id, 2025, { assigneeId: hans.user.id });
    expect(refused.statusCode).toBe(403);
    expect((await assign(erika.cookie, anna.user.id, 2025)).statusCode).toBe(200);
    const reassigned = await assign(admin.cookie, anna.user.id, 2025, { assigneeId: hans.user.id });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    expect(reassigned.json().assignee.userId).toBe(hans.user.id);
    expect((await assign(admin.cookie, anna.user.id, 2025, { assigneeId: admin.user.id })).json().assignee.userId).toBe(admin.user.id);
    for (const assigneeId of [anna.user.id, 999_999]) {
      const wrong = await assign(admin.cookie, anna.user.id, 2025, { assigneeId });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'assigneeId' });
    }
  });

  it('answers 404 RETURN_NOT_FOUND for an unknown person and for a year before status 3', async () => {
    const erika = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    const anna = await signIn(ctx, 'anna@example.ch');
    await ctx.database.db.insert(taxYearStatuses).values({ userId: anna.user.id, taxYear: 2025, status: 'documents_pending' });
    for (const [userId, taxYear] of [
      [anna.user.id, 2025],
      [anna.user.id, 2024],
      [999_999, 2025],
    ] as const) {
      for (const response of [
        await assign(erika.cookie, userId, taxYear),
        await get(ctx.app, `/api/expert/returns/${userId}/${taxYear}`, { cookie: erika.cookie }),
        await send(ctx.app, 'POST', `/api/expert/returns/${userId}/${taxYear}/reveal`, erika.cookie, { field: 'taxId' }),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('RETURN_NOT_FOUND');
      }
    }
    expect(await ctx.database.db.select().from(returnCases)).toEqual([]);
  });

  it('sends a page compressed as the browser accepts, the same page the same bytes, and a changed page afresh', async () => {
    const db = ctx.database.db;
    const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    for (let i = 0; i < 12; i++) await addYear(db, await addPerson(db, `person${i}@example.ch`, `First${i}`, `Last${i}`), 2025, 'processing', { transmittedAt: [at(i)] });
    const compressed = (encoding: string) => get(ctx.app, '/api/expert/returns', { cookie: expert.cookie, headers: { 'accept-encoding': encoding } });
    const plain = await compressed('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const first = await compressed('gzip, deflate, br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString())).toEqual(plain.json());
    expect((await compressed('gzip, deflate, br')).rawPayload).toEqual(first.rawPayload);
    for (const accepted of ['gzip', '*', 'x-gzip']) {
      const gzip = await compressed(accepted);
      expect(gzip.headers['content-encoding'], accepted).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    }

    // A return transmitted earlier than all the others comes first on the page.
    await addYear(db, await addPerson(db, 'newcomer@example.ch', 'New', 'Comer'), 2025, 'processing', { transmittedAt: [new Date(Date.UTC(2025, 11, 1))] });
    const changed = JSON.parse(brotliDecompressSync((await compressed('br')).rawPayload).toString()) as ExpertQueueResponse;
    expect(changed.returns[0]).toMatchObject({ firstName: 'New', lastName: 'Comer' });
    expect(changed).toEqual((await compressed('identity')).json());
  });
});
