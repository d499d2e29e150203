import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { rememberTokens, sessions, users } from '../db/schema.js';
import { sha256 } from '../lib/crypto.js';
import { TEST_ORIGIN, drivers, useTestApp } from '../test/build-test-app.js';
import { REMEMBER_COOKIE, SESSION_COOKIE, get, post, setCookie, signIn } from '../test/auth-helpers.js';
import { sessionCookies } from './session-cookies.js';

const EMAIL = 'anna@example.ch';

describe('session cookie names', () => {
  it('uses Secure and the __Host- prefix on https and on localhost, neither on plain http elsewhere', () => {
    expect(sessionCookies('https://taxli.example')).toEqual({ session: '__Host-taxli_session', remember: '__Host-taxli_remember', secure: true });
    for (const origin of ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']) {
      expect(sessionCookies(origin).session).toBe('__Host-taxli_session');
    }
    expect(sessionCookies('http://192.168.1.20:8080')).toEqual({ session: 'taxli_session', remember: 'taxli_remember', secure: false });
  });
});

describe.each(drivers)('sessions (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('sets HttpOnly, SameSite=Lax, Secure, Path=/ cookies and keeps only a hash of the token', async () => {
    const { response, sessionToken, rememberToken } = await signIn(ctx, EMAIL);
    const header = [response.headers['set-cookie']].flat().join('\n');
    expect(header).toMatch(/__Host-taxli_session=[\w-]{43}; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Lax/);
    expect(header).toMatch(/__Host-taxli_remember=[\w-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Strict/);
    const [row] = await ctx.database.db.select().from(sessions);
    expect(row?.id).toBe(sha256(sessionToken));
    const [remembered] = await ctx.database.db.select().from(rememberTokens);
    expect(remembered?.id).toBe(sha256(rememberToken!));
  });

  it('uses plain cookie names without Secure for a plain-http LAN origin', async () => {
    await ctx.rebuild({ publicOrigin: 'http://192.168.1.20:8080' });
    await post(ctx.app, '/api/auth/request-code', { email: EMAIL }, { headers: { origin: 'http://192.168.1.20:8080' } });
    const response = await post(
      ctx.app,
      '/api/auth/verify-code',
      { email: EMAIL, code: ctx.mailer.codeFor(EMAIL) },
      { headers: { origin: 'http://192.168.1.20:8080' } },
    );
    const cookie = setCookie(response, 'taxli_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeUndefined();
  });

  it('gives a new token at every sign-in and ends the session the browser had', async () => {
    const first = await signIn(ctx, EMAIL);
    const second = await signIn(ctx, EMAIL, {}, { cookie: first.cookie });
    expect(second.sessionToken).not.toBe(first.sessionToken);
    expect(second.rememberToken).not.toBe(first.rememberToken);
    expect((await get(ctx.app, '/api/user', { cookie: first.cookie })).json().error.code).toBe('SESSION_EXPIRED');
    expect((await get(ctx.app, '/api/user', { cookie: second.cookie })).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(1);
  });

  it('answers 401 UNAUTHENTICATED without a cookie and SESSION_EXPIRED (clearing it) for an unknown one', async () => {
    const none = await get(ctx.app, '/api/user');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Please log in' } });

    const unknown = await get(ctx.app, '/api/user', { cookie: `${SESSION_COOKIE}=forged-token` });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: { code: 'SESSION_EXPIRED', message: 'Your session has expired, please log in again' } });
    expect(setCookie(unknown, SESSION_COOKIE)?.value).toBe('');
  });

  it('expires after 30 idle minutes', async () => {
    const { cookie } = await signIn(ctx, EMAIL);
    ctx.clock.advanceMinutes(29);
    expect((await get(ctx.app, '/api/user', { cookie })).statusCode).toBe(200);
    ctx.clock.advanceMinutes(30.5);
    const expired = await get(ctx.app, '/api/user', { cookie });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('SESSION_EXPIRED');
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(0);
  });

  it('removes ended sessions of everyone at the next sign-in', async () => {
    await signIn(ctx, EMAIL);
    ctx.clock.advanceMinutes(31);
    await signIn(ctx, 'ben@example.ch');
    const left = await ctx.database.db.select({ userId: sessions.userId }).from(sessions);
    expect(left).toEqual([{ userId: 2 }]);
  });

  it('is kept alive by normal requests but not by background polls or the session check', async () => {
    const { cookie } = await signIn(ctx, EMAIL);
    ctx.clock.advanceMinutes(20);
    expect((await get(ctx.app, '/api/user', { cookie, headers: { 'x-taxli-background': '1' } })).statusCode).toBe(200);
    expect((await get(ctx.app, '/api/debug/check-auth', { cookie })).json().isAuthenticated).toBe(true);
    ctx.clock.advanceMinutes(11);
    expect((await get(ctx.app, '/api/user', { cookie })).json().error.code).toBe('SESSION_EXPIRED');

    const again = await signIn(ctx, EMAIL);
    ctx.clock.advanceMinutes(20);
    expect((await get(ctx.app, '/api/user', { cookie: again.cookie })).statusCode).toBe(200);
    ctx.clock.advanceMinutes(20);
    expect((await get(ctx.app, '/api/user', { cookie: again.cookie })).statusCode).toBe(200);
  });

  it('ends after 12 hours however active', async () => {
    const { cookie } = await signIn(ctx, EMAIL);
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      ctx.clock.advanceMinutes(20);
      expect((await get(ctx.app, '/api/user', { cookie })).statusCode, `after ${minutes} min`).toBe(200);
    }
    ctx.clock.advanceMinutes(20);
    expect((await get(ctx.app, '/api/user', { cookie })).json().error.code).toBe('SESSION_EXPIRED');
  });

  it('logs out: session and remember token deleted, both cookies cleared, old cookie refused', async () => {
    const { cookie } = await signIn(ctx, EMAIL);
    const response = await post(ctx.app, '/api/auth/logout', undefined, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(setCookie(response, SESSION_COOKIE)?.value).toBe('');
    expect(setCookie(response, REMEMBER_COOKIE)?.value).toBe('');
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(0);
    expect(await ctx.database.db.select().from(rememberTokens)).toHaveLength(0);
    const replay = await get(ctx.app, '/api/user', { cookie });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('SESSION_EXPIRED');
  });

  it('logs out without a session too (nothing to end, still success)', async () => {
    expect((await post(ctx.app, '/api/auth/logout')).json()).toEqual({ success: true });
  });

  it('checks the admin role in the database on every request', async () => {
    // An administrator's route: the admin sets a status.
    const adminOnly = (cookie?: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/user/tax-status',
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
        payload: { taxStatus: 'documents_pending', taxYear: 2025 },
      });
    const admin = await signIn(ctx, EMAIL);
    const user = await signIn(ctx, 'ben@example.ch');
    expect((await adminOnly(admin.cookie)).statusCode).toBe(200);
    const forbidden = await adminOnly(user.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    expect((await adminOnly()).json().error.code).toBe('UNAUTHENTICATED');

    await ctx.database.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.user.id));
    expect((await adminOnly(admin.cookie)).statusCode).toBe(403);
  });
});
