import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents } from '../../db/schema.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { SESSION_COOKIE, cookieHeader, get, setCookie, signIn } from '../../test/auth-helpers.js';
import { temporaryDirectory } from '../../test/temporary-directory.js';

describe.each(drivers)('debug endpoints (%s)', (driver) => {
  const ctx = useTestApp(driver);

  describe('GET /api/debug/check-auth', () => {
    it('answers 200 signed out', async () => {
      const response = await get(ctx.app, '/api/debug/check-auth');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ isAuthenticated: false, success: true, userId: null, email: null, isAdmin: false });
    });

    it('answers 200 with an expired session, and clears its cookie', async () => {
      const { cookie } = await signIn(ctx, 'anna@example.ch');
      ctx.clock.advanceMinutes(31);
      const response = await get(ctx.app, '/api/debug/check-auth', { cookie });
      expect(response.json().isAuthenticated).toBe(false);
      expect(setCookie(response, SESSION_COOKIE)?.value).toBe('');
    });

    it('names the signed-in user', async () => {
      await signIn(ctx, 'admin@example.ch');
      const { cookie, user } = await signIn(ctx, 'anna@example.ch');
      expect((await get(ctx.app, '/api/debug/check-auth', { cookie })).json()).toEqual({
        isAuthenticated: true,
        success: true,
        userId: user.id,
        email: 'anna@example.ch',
        isAdmin: false,
      });
    });
  });

  describe('GET /api/debug/login-as/:userId', () => {
    async function twoUsers() {
      await signIn(ctx, 'first@example.ch');
      await signIn(ctx, 'second@example.ch');
    }

    it('does not exist without DEBUG_TOOLS', async () => {
      await twoUsers();
      const response = await get(ctx.app, '/api/debug/login-as/1');
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
      expect((await get(ctx.app, '/api/debug/login-as/not-a-number')).statusCode).toBe(404);
      expect((await get(ctx.app, '/api/config')).json().debugTools).toBe(false);
    });

    it('does not exist for a request from another machine or relayed by a proxy', async () => {
      await ctx.rebuild({ debugTools: true });
      await twoUsers();
      expect((await get(ctx.app, '/api/debug/login-as/1', { remoteAddress: '192.168.1.50' })).statusCode).toBe(404);
      expect((await get(ctx.app, '/api/debug/login-as/1', { headers: { 'x-forwarded-for': '192.168.1.50' } })).statusCode).toBe(404);
      expect((await get(ctx.app, '/api/debug/login-as/1', { headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(404);
    });

    it('signs in as the user from loopback with DEBUG_TOOLS, and audits it', async () => {
      await ctx.rebuild({ debugTools: true });
      await twoUsers();
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const response = await get(ctx.app, '/api/debug/login-as/1', { remoteAddress });
        expect(response.statusCode, remoteAddress).toBe(200);
        expect(response.json()).toEqual({ success: true, user: { id: 1, email: 'first@example.ch', isProfileComplete: false, isAdmin: true } });
        const cookie = cookieHeader({ [SESSION_COOKIE]: setCookie(response, SESSION_COOKIE)?.value });
        expect((await get(ctx.app, '/api/debug/check-auth', { cookie })).json().userId).toBe(1);
      }
      const events = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'debug.login_as'));
      expect(events).toHaveLength(3);
      expect(events[0]).toMatchObject({ outcome: 'success', subjectUserId: 1, details: { requestedUserId: 1, fallback: false } });
      expect((await get(ctx.app, '/api/config')).json().debugTools).toBe(true);
    });

    it('falls back to user 2 when the requested user does not exist, else 404', async () => {
      await ctx.rebuild({ debugTools: true });
      expect((await get(ctx.app, '/api/debug/login-as/1')).statusCode).toBe(404);
      await twoUsers();
      const response = await get(ctx.app, '/api/debug/login-as/99');
      expect(response.json().user).toMatchObject({ id: 2, email: 'second@example.ch' });
    });

    it('refuses an id the database cannot hold with 400 naming userId (it answered 500)', async () => {
      await ctx.rebuild({ debugTools: true });
      await twoUsers();
      const response = await get(ctx.app, '/api/debug/login-as/2147483648');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'userId' });
    });

    it('never exists in production, whatever DEBUG_TOOLS says', async () => {
      // loadConfig turns DEBUG_TOOLS off in production; this is the check that it does.
      const { loadConfig } = await import('../../config.js');
      const config = loadConfig({ NODE_ENV: 'production', DEBUG_TOOLS: '1', DATA_DIR: temporaryDirectory('taxli-config'), SESSION_SECRET: 'x'.repeat(32) });
      expect(config.debugTools).toBe(false);
    });
  });
});
