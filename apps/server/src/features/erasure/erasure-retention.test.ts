import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AccountErasureResponse } from '@taxli/domain';
import { queryRows } from '../../db/client.js';
import { drivers, useTestApp, type TestContext } from '../../test/build-test-app.js';
import { get, post, signIn, type SignedIn } from '../../test/auth-helpers.js';
import { transmittedPerson } from '../../test/expert-helpers.js';
import { everyRowAsText } from '../../test/erasure-helpers.js';

// The test clock says 15 March 2026: the year in preparation is 2025, transmitted in 2026.
const YEAR = 2025;
const EMAIL = 'rita.retained@example.ch';

async function eraseWithCode(ctx: TestContext, person: SignedIn) {
  expect((await post(ctx.app, '/api/account/delete/request-code', undefined, { cookie: person.cookie })).statusCode).toBe(200);
  return post(ctx.app, '/api/account/delete', { code: ctx.mailer.codeFor(person.user.email) }, { cookie: person.cookie });
}

const rowsOf = (ctx: TestContext, table: string, userId: number) =>
  queryRows(ctx.database.db, sql`select * from ${sql.identifier(table)} where user_id = ${userId}`);

describe.each(drivers)('a transmitted year outlives the account for the retention period (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('keeps the year in the experts’ hands until 31 December ten years on, then the sweep erases it', async () => {
    const rita = await transmittedPerson(ctx, EMAIL, YEAR, { firstName: 'Rita', lastName: 'Rüegsegger' });
    const expected = { taxYear: YEAR, statusId: 4, retainedUntil: '2036-12-31', reason: 'legal-retention' };
    expect((await get(ctx.app, '/api/account/delete/preview', { cookie: rita.cookie })).json()).toEqual({ retained: [expected], retentionYears: 10 });

    const response = await eraseWithCode(ctx, rita);
    expect(response.statusCode).toBe(200);
    expect(response.json<AccountErasureResponse>()).toMatchObject({ kind: 'retained', retained: [expected], erased: { taxYears: [] } });

    // The mail says what stays and until when.
    const confirmation = ctx.mailer.lastTo(EMAIL);
    expect(confirmation?.subject).toBe('Your Taxli account was deleted');
    expect(confirmation?.text).toContain(`Tax year ${YEAR}: kept until 2036-12-31`);
    // The year stays for the experts; the person is gone: no e-mail address, no session, no passkey.
    expect(await rowsOf(ctx, 'transmissions', rita.user.id)).toHaveLength(1);
    expect((await rowsOf(ctx, 'documents', rita.user.id)).length).toBeGreaterThan(0);
    expect(await rowsOf(ctx, 'sessions', rita.user.id)).toEqual([]);
    expect(await everyRowAsText(ctx.database)).not.toContain(EMAIL);
    expect((await get(ctx.app, '/api/user', { cookie: rita.cookie })).statusCode).toBe(401);
    // The address signs up afresh: a new, empty account, not the retained one.
    const again = await signIn(ctx, EMAIL);
    expect(again.user.id).not.toBe(rita.user.id);
    // An administrator cannot erase the retained account again before its time.
    const admin = await signIn(ctx, 'admin@example.ch');
    expect((await post(ctx.app, `/api/admin/users/${rita.user.id}/delete`, undefined, { cookie: admin.cookie })).json().error.code).toBe('ALREADY_ERASED');

    // On 31 December 2036 it is still there; from 1 January 2037 the sweep erases it.
    ctx.clock.now = Date.parse('2036-12-31T23:00:00Z');
    expect(await ctx.app.services.retentionSweep.sweep()).toBe(0);
    expect(await rowsOf(ctx, 'transmissions', rita.user.id)).toHaveLength(1);
    ctx.clock.now = Date.parse('2037-01-01T00:00:00Z');
    expect(await ctx.app.services.retentionSweep.sweep()).toBe(1);
    const text = await everyRowAsText(ctx.database);
    expect(text).not.toContain('Rüegsegger');
    expect(await queryRows(ctx.database.db, sql`select 1 from users where id = ${rita.user.id}`)).toEqual([]);
    const ledger = await queryRows<{ kind: string }>(ctx.database.db, sql`select kind from erasures where user_id = ${rita.user.id} order by id`);
    expect(ledger.map((r) => r.kind)).toEqual(['retained', 'full']);
    // The new account of the same address is untouched, and a second sweep finds nothing due.
    expect(await queryRows(ctx.database.db, sql`select email from users where id = ${again.user.id}`)).toEqual([{ email: EMAIL }]);
    expect(await ctx.app.services.retentionSweep.sweep()).toBe(0);
  });

  it('a sweep after a restart erases what fell due while the server was down', async () => {
    const rita = await transmittedPerson(ctx, EMAIL, YEAR);
    expect((await eraseWithCode(ctx, rita)).statusCode).toBe(200);
    ctx.clock.now = Date.parse('2040-06-01T00:00:00Z');
    // A new app on the same database: its start runs the sweep (the due date is in the ledger).
    await ctx.rebuild();
    await ctx.app.ready();
    await ctx.app.services.retentionSweep.sweep();
    expect(await queryRows(ctx.database.db, sql`select 1 from users where id = ${rita.user.id}`)).toEqual([]);
  });
});

describe.each(drivers)('an administrator erases an account on the person’s behalf (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('is for administrators only, never their own account, audited as theirs, and mails the person', async () => {
    const admin = await signIn(ctx, 'admin@example.ch');
    const person = await signIn(ctx, 'paul.asks@example.ch');
    const other = await signIn(ctx, 'olga.other@example.ch');
    const url = (id: number) => `/api/admin/users/${id}/delete`;

    expect((await post(ctx.app, url(person.user.id), undefined, { cookie: other.cookie })).statusCode).toBe(403);
    expect((await post(ctx.app, url(person.user.id))).statusCode).toBe(401);
    const own = await post(ctx.app, url(admin.user.id), undefined, { cookie: admin.cookie });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.code).toBe('CANNOT_DELETE_OWN_ACCOUNT');
    expect((await post(ctx.app, url(9999), undefined, { cookie: admin.cookie })).statusCode).toBe(404);
    expect(await queryRows(ctx.database.db, sql`select 1 from erasures`)).toEqual([]);

    const erased = await post(ctx.app, url(person.user.id), undefined, { cookie: admin.cookie });
    expect(erased.statusCode).toBe(200);
    expect(erased.json<AccountErasureResponse>().kind).toBe('full');
    const [event] = await queryRows<{ actor_user_id: number; details: Record<string, unknown> }>(
      ctx.database.db,
      sql`select actor_user_id, details from audit_events where action = 'account.erase' and subject_user_id = ${person.user.id}`,
    );
    expect(event).toMatchObject({ actor_user_id: admin.user.id, details: { by: 'admin', kind: 'full' } });
    const mail = ctx.mailer.lastTo('paul.asks@example.ch');
    expect(mail?.subject).toBe('Your Taxli account was deleted');
    expect(mail?.text).toContain('Nothing of your data is kept.');
    expect((await get(ctx.app, '/api/user', { cookie: person.cookie })).statusCode).toBe(401);
    expect((await get(ctx.app, '/api/user', { cookie: other.cookie })).statusCode).toBe(200);
  });
});
