import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents, sessions } from '../../db/schema.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { REMEMBER_COOKIE, SESSION_COOKIE, cookieHeader, get, post, setCookie, signIn } from '../../test/auth-helpers.js';

const EMAIL = 'anna@example.ch';

describe.each(drivers)('POST /api/auth/quick-restore (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const restore = (email: string, rememberToken?: string) =>
    post(ctx.app, '/api/auth/quick-restore', { email }, { cookie: cookieHeader({ [REMEMBER_COOKIE]: rememberToken }) });

  it('restores a session with the remembered device token of that account, rotating the token', async () => {
    const { rememberToken, user } = await signIn(ctx, EMAIL);
    ctx.clock.advanceMinutes(60 * 24 * 3);
    const response = await restore(EMAIL, rememberToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, user });
    const newSession = setCookie(response, SESSION_COOKIE)?.value;
    const newRemember = setCookie(response, REMEMBER_COOKIE)?.value;
    expect(newRemember).toMatch(/^[\w-]{43}$/);
    expect(newRemember).not.toBe(rememberToken);
    expect((await get(ctx.app, '/api/user', { cookie: cookieHeader({ [SESSION_COOKIE]: newSession }) })).statusCode).toBe(200);

    // The old token was used up; the new one works.
    expect((await restore(EMAIL, rememberToken)).statusCode).toBe(401);
    expect((await restore(EMAIL, newRemember)).statusCode).toBe(200);
  });

  it('never restores from an e-mail address alone', async () => {
    await signIn(ctx, EMAIL);
    const response = await restore(EMAIL);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'Please log in' });
    expect(setCookie(response, SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses the device token of another account', async () => {
    const anna = await signIn(ctx, EMAIL);
    await signIn(ctx, 'ben@example.ch');
    const response = await restore('ben@example.ch', anna.rememberToken);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
    // Anna's own restore still works: a mismatch does not burn her token.
    expect((await restore(EMAIL, anna.rememberToken)).statusCode).toBe(200);
  });

  it('refuses a forged token and one older than 30 days', async () => {
    const { rememberToken } = await signIn(ctx, EMAIL);
    expect((await restore(EMAIL, 'forged')).statusCode).toBe(401);
    ctx.clock.advanceMinutes(60 * 24 * 30 + 1);
    expect((await restore(EMAIL, rememberToken)).statusCode).toBe(401);
  });

  it('refuses after logout, which revoked the device token', async () => {
    const { cookie, rememberToken } = await signIn(ctx, EMAIL);
    await post(ctx.app, '/api/auth/logout', undefined, { cookie });
    expect((await restore(EMAIL, rememberToken)).statusCode).toBe(401);
  });

  it('refuses when the user chose not to remember the device', async () => {
    const first = await signIn(ctx, EMAIL);
    // Signing in again on the same browser without "remember" withdraws the earlier token.
    const second = await signIn(ctx, EMAIL, { rememberDevice: false }, { cookie: first.cookie });
    expect(setCookie(second.response, REMEMBER_COOKIE)?.value).toBe('');
    expect((await restore(EMAIL, first.rememberToken)).statusCode).toBe(401);
  });

  it('validates the address', async () => {
    const response = await post(ctx.app, '/api/auth/quick-restore', { email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('email');
  });

  it('audits each restore with its outcome and no address in clear', async () => {
    const { rememberToken } = await signIn(ctx, EMAIL);
    await restore(EMAIL);
    await restore(EMAIL, rememberToken);
    const events = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'auth.quick_restore'))
      .orderBy(auditEvents.id);
    expect(events.map((e) => [e.outcome, e.details])).toEqual([
      ['failure', { reason: 'no_device_token' }],
      ['success', null],
    ]);
    expect(JSON.stringify(events)).not.toContain(EMAIL);
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(2);
  });
});
