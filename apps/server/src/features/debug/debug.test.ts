import { describe, expect, it } from 'vitest';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { DebugDbStatusResponse, DebugFixColumnResponse, DebugTaxStatusResponse } from '@taxli/domain';
import { auditEvents, taxProfiles } from '../../db/schema.js';
import { MIGRATIONS_FOLDER, openDatabase, queryRows } from '../../db/client.js';
import { buildApp } from '../../app.js';
import { CapturingMailer, TestClock, drivers, openTestDatabase, testConfig, useTestApp, type Driver, type TestContext } from '../../test/build-test-app.js';
import { cookieHeader, get, SESSION_COOKIE, setCookie, signIn } from '../../test/auth-helpers.js';
import { send, setStatusRow } from '../../test/status-helpers.js';
import { temporaryDirectory } from '../../test/temporary-directory.js';

// The test clock says 15 March 2026: the year in preparation is 2025.
const YEAR = 2025;
const journalTags = (): string[] =>
  (JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries.map((e) => e.tag);

describe.each(drivers)('debug tools API (%s)', (driver) => {
  const ctx = useTestApp(driver, { debugTools: true });
  const db = () => ctx.database.db;

  it('GET /api/debug/db-status counts accounts and completed tax profiles, lists the real columns, and finds no pending migration', async () => {
    const admin = await signIn(ctx, 'admin@example.ch');
    const anna = await signIn(ctx, 'anna@example.ch');
    await signIn(ctx, 'bruno@example.ch');
    await db().insert(taxProfiles).values({ userId: anna.user.id, taxYear: YEAR, completedAt: new Date() });
    await db().insert(taxProfiles).values({ userId: anna.user.id, taxYear: 2024, completedAt: new Date() });

    const response = await get(ctx.app, '/api/debug/db-status', { cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const status = response.json<DebugDbStatusResponse>();
    expect(status).toMatchObject({
      userCount: 3,
      taxCompletedCount: 1,
      completionRate: 33.3,
      newestUser: { email: 'bruno@example.ch' },
      hasTaxProfileColumn: true,
      migrations: { applied: journalTags(), pending: [], upToDate: true },
      schema: { matches: true, missingTables: [], extraTables: [], missingColumns: [], extraColumns: [] },
    });
    expect(status.columns).toEqual(expect.arrayContaining(['id', 'email', 'role', 'is_profile_complete']));
    expect(Date.parse(status.lastChecked)).toBe(ctx.clock.now);
  });

  it("GET /api/debug/db-status audits showing the newest account's address to someone else (D12), not to that account itself", async () => {
    const admin = await signIn(ctx, 'admin@example.ch');
    const anna = await signIn(ctx, 'anna@example.ch');
    const read = () => db().select().from(auditEvents).where(eq(auditEvents.action, 'debug.db_status_read'));
    expect((await get(ctx.app, '/api/debug/db-status', { cookie: admin.cookie })).json<DebugDbStatusResponse>().newestUser?.email).toBe('anna@example.ch');
    expect((await read()).map((e) => [e.actorUserId, e.subjectUserId, e.outcome, e.emailHash])).toEqual([[admin.user.id, anna.user.id, 'success', null]]);

    await send(ctx.app, 'PATCH', `/api/admin/users/${anna.user.id}/role`, admin.cookie, { role: 'admin' });
    expect((await get(ctx.app, '/api/debug/db-status', { cookie: anna.cookie })).statusCode).toBe(200);
    expect(await read()).toHaveLength(1);
  });

  it('POST /api/debug/fix-column applies nothing on an up-to-date database, and says so (audited)', async () => {
    const admin = await signIn(ctx, 'admin@example.ch');
    const response = await send(ctx.app, 'POST', '/api/debug/fix-column', admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json<DebugFixColumnResponse>()).toEqual({
      success: true,
      applied: [],
      migrations: { applied: journalTags(), pending: [], upToDate: true },
      schema: { matches: true, missingTables: [], extraTables: [], missingColumns: [], extraColumns: [] },
    });
    expect(await db().select().from(auditEvents).where(eq(auditEvents.action, 'debug.apply_migrations'))).toHaveLength(1);
  });

  it("GET /api/tax/status and POST /api/tax-profile/set-status read and toggle the admin's own tax-profile flag of a year", async () => {
    const admin = await signIn(ctx, 'admin@example.ch');
    await setStatusRow(db(), admin.user.id, YEAR, 'documents_pending');
    const before = await get(ctx.app, '/api/tax/status', { cookie: admin.cookie });
    expect(before.json<DebugTaxStatusResponse>()).toEqual({
      userId: admin.user.id,
      taxYear: YEAR,
      isTaxProfileComplete: false,
      taxStatus: 'documents_pending',
      current_status_id: 2,
    });

    const on = await send(ctx.app, 'POST', '/api/tax-profile/set-status', admin.cookie, { status: true });
    expect(on.json()).toMatchObject({ isTaxProfileComplete: true, taxYear: YEAR });
    expect((await get(ctx.app, '/api/user', { cookie: admin.cookie })).json()).toMatchObject({ isTaxProfileComplete: true });
    const off = await send(ctx.app, 'POST', '/api/tax-profile/set-status', admin.cookie, { status: false, taxYear: YEAR });
    expect(off.json()).toMatchObject({ isTaxProfileComplete: false });
    expect((await get(ctx.app, '/api/tax/status?taxYear=2024', { cookie: admin.cookie })).json()).toMatchObject({ taxYear: 2024, current_status_id: 1 });

    for (const body of [{ status: 'yes' }, {}, { status: true, taxYear: 1990 }]) {
      const bad = await send(ctx.app, 'POST', '/api/tax-profile/set-status', admin.cookie, body);
      expect({ body, status: bad.statusCode }).toEqual({ body, status: 400 });
    }
    expect(await db().select().from(auditEvents).where(eq(auditEvents.action, 'tax_profile.debug_set_complete'))).toHaveLength(2);
  });
});

describe('POST /api/debug/fix-column on a database behind the committed migrations (pglite)', () => {
  it('reports the missing migration and applies it with the migrator, not by hand', async () => {
    // A migrations folder that ends before the newest migration adding a table or a column (one that
    // adds only indexes, as 0008 does, leaves the tables as they are): the database opened with it
    // lacks that migration and those after it.
    const tags = journalTags();
    const changesTables = (tag: string) => /CREATE TABLE|ADD COLUMN/i.test(readFileSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8'));
    const cut = tags.findLastIndex(changesTables);
    const missing = tags.slice(cut);
    const behind = temporaryDirectory('taxli-migrations-behind');
    cpSync(MIGRATIONS_FOLDER, behind, { recursive: true });
    const journalFile = join(behind, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
    const opened = await openDatabase(undefined, 'memory://', behind);
    // Its migrate (what Fix Column calls) applies the real, complete folder.
    const database = { ...opened, migrate: () => migrateComplete(opened) };

    const clock = new TestClock();
    const mailer = new CapturingMailer();
    const app = await buildApp({ config: testConfig({ debugTools: true }), database, mailer, clock: clock.clock, logger: false });
    try {
      // An administrator signed in by the debug sign-in (D4), not by a code: the sign-in code's own
      // table may be what the missing migration changes.
      await opened.db.execute(sql`insert into users (email, role) values ('admin@example.ch', 'admin')`);
      const signedIn = await get(app, '/api/debug/login-as/1');
      expect(signedIn.statusCode).toBe(200);
      const admin = { cookie: cookieHeader({ [SESSION_COOKIE]: setCookie(signedIn, SESSION_COOKIE)?.value }) };
      const status = (await get(app, '/api/debug/db-status', { cookie: admin.cookie })).json<DebugDbStatusResponse>();
      expect(status.migrations).toEqual({ applied: tags.slice(0, cut), pending: missing, upToDate: false });
      expect(status.schema.matches).toBe(false);

      const fixed = await send(app, 'POST', '/api/debug/fix-column', admin.cookie);
      expect(fixed.statusCode).toBe(200);
      expect(fixed.json<DebugFixColumnResponse>()).toMatchObject({
        success: true,
        applied: missing,
        migrations: { applied: tags, pending: [], upToDate: true },
        schema: { matches: true },
      });
      const recorded = await queryRows<{ n: number }>(opened.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(recorded[0]?.n).toBe(tags.length);
    } finally {
      await app.close();
      await opened.close();
    }
  });
});

/** Runs the committed migrations on an already opened embedded database, as `Database.migrate` does. */
async function migrateComplete(database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
}

describe.each(drivers)('the schema check of the debug tools on a database changed by hand (%s)', (driver: Driver) => {
  it('reports a column dropped and one added by hand, and Fix Column refuses to guess (409 SCHEMA_DIFFERS), changing nothing', async () => {
    // A database of its own: the other tests' database keeps its columns.
    const own = await openTestDatabase(driver);
    const clock = new TestClock();
    const mailer = new CapturingMailer();
    const app = await buildApp({ config: testConfig({ debugTools: true }), database: own.database, mailer, clock: clock.clock, logger: false });
    try {
      const admin = await signIn({ app, mailer, database: own.database } as unknown as TestContext, 'admin@example.ch');
      await own.database.db.execute(sql.raw('alter table users drop column job_name'));
      await own.database.db.execute(sql.raw('alter table messages add column note text'));
      await own.database.db.execute(sql.raw('create table stray_notes (id integer)'));

      const status = (await get(app, '/api/debug/db-status', { cookie: admin.cookie })).json<DebugDbStatusResponse>();
      expect(status.schema).toEqual({
        matches: false,
        missingTables: [],
        extraTables: ['stray_notes'],
        missingColumns: ['users.job_name'],
        extraColumns: ['messages.note'],
      });
      // The journal alone says all is well: that is why the schema is compared too.
      expect(status.migrations.upToDate).toBe(true);
      expect(status.columns).not.toContain('job_name');

      const fixed = await send(app, 'POST', '/api/debug/fix-column', admin.cookie);
      expect(fixed.statusCode).toBe(409);
      expect(fixed.json()).toMatchObject({ error: { code: 'SCHEMA_DIFFERS' } });
      expect(fixed.json().error.message).toContain('missing users.job_name');
      const after = (await get(app, '/api/debug/db-status', { cookie: admin.cookie })).json<DebugDbStatusResponse>();
      expect(after.schema).toEqual(status.schema);
      const events = await own.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'debug.apply_migrations'));
      expect(events).toMatchObject([{ outcome: 'failure', details: { reason: 'schema_differs_without_migration' } }]);
    } finally {
      await app.close();
      await own.drop();
    }
  });
});
