import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, drivers, useTestApp } from '../test/build-test-app.js';
import { signIn } from '../test/auth-helpers.js';

/** The routes anyone may call; a new public route must be named here, on purpose. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/config',
  'POST /api/auth/request-code',
  'POST /api/auth/verify-code',
  'POST /api/auth/quick-restore',
  // A passkey sign-in starts signed out (issue 30); signed in, the same routes add the second factor.
  'POST /api/auth/passkeys/login/options',
  'POST /api/auth/passkeys/login/verify',
  'POST /api/auth/logout',
  'GET /api/debug/check-auth',
  'GET /api/debug/login-as/:userId',
  'GET /api/audio/:file',
  'GET /dev/mailbox',
  'GET /cantons/cantons.json',
];

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

/** The debug panel's calls (part 1 §7): they exist only with DEBUG_TOOLS=1 (D4). */
const DEBUG_ROUTES = ['GET /api/tax/status', 'GET /api/debug/db-status', 'POST /api/debug/fix-column', 'POST /api/tax-profile/set-status'];

describe.each(drivers)('route access (%s)', (driver) => {
  // With the debug tools on, so that the walk covers their routes too.
  const ctx = useTestApp(driver, { debugTools: true });

  it('registers the debug routes as admin routes with DEBUG_TOOLS, and not at all without: 404 for an admin, anyone else and no session alike', async () => {
    const registered = (routes: typeof ctx.app.registeredRoutes) => routes.map((r) => `${r.method} ${r.url}`);
    const admin = ctx.app.registeredRoutes.filter((r) => r.access === 'admin');
    expect(registered(admin)).toEqual(expect.arrayContaining(DEBUG_ROUTES));

    await ctx.rebuild({ debugTools: false });
    expect(registered(ctx.app.registeredRoutes).filter((r) => DEBUG_ROUTES.includes(r))).toEqual([]);
    const callers = {
      admin: (await signIn(ctx, 'admin@example.ch')).cookie,
      user: (await signIn(ctx, 'anna@example.ch')).cookie,
      'no session': undefined,
    };
    for (const [caller, cookie] of Object.entries(callers)) {
      for (const route of DEBUG_ROUTES) {
        const [method, url] = route.split(' ') as ['GET' | 'POST', string];
        const response = await ctx.app.inject({
          method,
          url,
          headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
          payload: method === 'GET' ? undefined : '{}',
        });
        // The same answer as any unknown path: nothing tells that debug tools exist.
        expect({ caller, route, status: response.statusCode, code: response.json().error?.code }).toEqual({ caller, route, status: 404, code: 'NOT_FOUND' });
      }
    }
  });

  it('names exactly the public routes; every other route is signed-in by default', () => {
    const routes = ctx.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(PUBLIC_ROUTES.length + 10);
    const open = routes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers 401 without a session on every route that is not public, before reading any body', async () => {
    const guarded = ctx.app.registeredRoutes.filter((r) => r.access !== 'public');
    for (const route of guarded) {
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: route.method === 'GET' ? undefined : '{}',
      });
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
    }
  });

  it('answers 403 to a signed-in user who is not an administrator on every admin route', async () => {
    await signIn(ctx, 'admin@example.ch'); // the first account is the admin
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const adminRoutes = ctx.app.registeredRoutes.filter((r) => r.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
        payload: route.method === 'GET' ? undefined : '{}',
      });
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
    }
  });
});
