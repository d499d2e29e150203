import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditEvents, users } from '../../db/schema.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { requestCode, signIn, verifyCode } from '../../test/auth-helpers.js';

/** DECISIONS D4: who becomes an administrator at sign-in, and the audit event that says so. */
describe.each(drivers)('the administrator role given at sign-in (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const db = () => ctx.database.db;
  const roleEvents = () => db().select().from(auditEvents).where(eq(auditEvents.action, 'user.role_change')).orderBy(auditEvents.id);

  it('makes the first account an administrator in the statement that creates it, and records it', async () => {
    const first = await signIn(ctx, 'first@example.ch');
    const second = await signIn(ctx, 'second@example.ch');
    expect([first.user.isAdmin, second.user.isAdmin]).toEqual([true, false]);
    expect((await roleEvents()).map((e) => [e.actorUserId, e.subjectUserId, e.outcome, e.details])).toEqual([
      [null, first.user.id, 'success', { from: null, to: 'admin', reason: 'first_account' }],
    ]);
    // Signing in again gives nothing and records nothing.
    await signIn(ctx, 'first@example.ch');
    expect(await roleEvents()).toHaveLength(1);
  });

  it('makes the first account an administrator even when id 1 was used up by an insert that failed', async () => {
    // What a failed insert on PostgreSQL leaves: the sequence has moved on.
    await db().execute(sql`select nextval(pg_get_serial_sequence('users', 'id'))`);
    const first = await signIn(ctx, 'first@example.ch');
    expect(first.user.id).toBe(2);
    expect(first.user.isAdmin).toBe(true);
    expect((await signIn(ctx, 'second@example.ch')).user.isAdmin).toBe(false);
  });

  it('gives an ADMIN_EMAILS address the role at sign-in once, recorded with its reason', async () => {
    await ctx.rebuild({ adminEmails: ['boss@example.ch'] });
    await signIn(ctx, 'first@example.ch');
    const boss = await signIn(ctx, 'boss@example.ch');
    expect(boss.user.isAdmin).toBe(true);
    await signIn(ctx, 'boss@example.ch');
    const events = await roleEvents();
    expect(events.map((e) => [e.actorUserId, e.subjectUserId, e.details])).toEqual([
      [null, 1, { from: null, to: 'admin', reason: 'first_account' }],
      [null, boss.user.id, { from: 'user', to: 'admin', reason: 'admin_emails' }],
    ]);
  });

  it('makes exactly one administrator of several first sign-ins at the same moment', async () => {
    const emails = ['a@example.ch', 'b@example.ch', 'c@example.ch', 'd@example.ch', 'e@example.ch'];
    for (const email of emails) await requestCode(ctx, email);
    const answers = await Promise.all(emails.map((email) => verifyCode(ctx, email, ctx.mailer.codeFor(email))));
    expect(answers.map((a) => a.statusCode)).toEqual(emails.map(() => 200));
    const admins = await db().select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
    expect(await roleEvents()).toMatchObject([{ subjectUserId: admins[0]!.id, details: { reason: 'first_account' } }]);
  });
});
