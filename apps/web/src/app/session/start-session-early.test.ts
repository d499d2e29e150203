import { afterEach, describe, expect, it, vi } from 'vitest';
import { taxYearInPreparation } from '@taxli/domain';
import { createQueryClient } from '../../lib/query-client';
import { appEvents, onAppEvent } from '../../lib/app-events';
import { queryKeys } from '../../lib/query-keys';
import { advancedKeys } from '../../features/advanced-tax-info/api/keys';
import { aUser, json, signedInCheck, signedOutCheck, stubServer } from '../../test/harness';
import { startSessionEarly } from './start-session-early';

const at = (path: string) => {
  const url = new URL(path, 'http://localhost');
  return { pathname: url.pathname, search: url.search };
};

describe('the session asked at start (the first paint does not wait for it: docs/performance.md, Lighthouse, mobile)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the session and the user at once, and keeps both for the layout', async () => {
    let answerSession = (_: Response) => {};
    const server = stubServer({
      // The session's answer waits until the user has been asked: both are on the way together.
      'GET /api/debug/check-auth': () => new Promise<Response>((resolve) => (answerSession = resolve)),
      'GET /api/user': json(200, aUser()),
    });
    const client = createQueryClient();
    const started = startSessionEarly(client, at('/file-history'));
    await vi.waitFor(() => expect(server.requests.map((r) => r.url).sort()).toEqual(['/api/debug/check-auth', '/api/user']));
    answerSession(json(200, signedInCheck()));
    await started;
    // Signed in: the header's bell too, on every page.
    expect(server.requests.map((r) => r.url).sort()).toEqual(['/api/debug/check-auth', '/api/notifications', '/api/user']);
    expect(client.getQueryData(queryKeys.auth)).toEqual(signedInCheck());
    expect(client.getQueryData(queryKeys.user())).toEqual(aUser());
  });

  it("takes a signed-out visitor's 401 for the user quietly: no session-expired dialog, no error left for after sign-in", async () => {
    stubServer({ 'GET /api/debug/check-auth': json(200, signedOutCheck), 'GET /api/user': json(401, {}) });
    const expired = vi.fn();
    const stop = onAppEvent(appEvents.sessionExpired, expired);
    const client = createQueryClient();
    await startSessionEarly(client, at('/'));
    stop();
    expect(expired).not.toHaveBeenCalled();
    expect(client.getQueryState(queryKeys.user())).toBeUndefined();
  });

  it("asks the dashboard's status and categories at once on the dashboard of a complete profile, for the year in the address or in preparation", async () => {
    const year = taxYearInPreparation(new Date());
    for (const [path, asked] of [['/', year], [`/?year=${year}`, year], ['/?year=1999', year]] as const) {
      const server = stubServer({ 'GET /api/debug/check-auth': json(200, signedInCheck()), 'GET /api/user': json(200, aUser()) });
      const client = createQueryClient();
      await startSessionEarly(client, at(path));
      await vi.waitFor(() =>
        expect(server.requests.map((r) => r.url).sort()).toEqual([
          '/api/debug/check-auth',
          `/api/document-categories?taxYear=${asked}&mode=basic`,
          '/api/notifications',
          `/api/tax-status?taxYear=${asked}`,
          '/api/user',
        ]),
      );
      expect(client.getQueryState(queryKeys.taxStatus(asked))).toBeDefined();
    }
  });

  it("asks Advanced Tax Information's answers, tabs and tax profile at once on either of its addresses, for the year in preparation", async () => {
    const year = taxYearInPreparation(new Date());
    for (const path of ['/advanced-tax-info', '/advanced-tax-info/', '/advanced-tax-info-legacy']) {
      const server = stubServer({ 'GET /api/debug/check-auth': json(200, signedInCheck()), 'GET /api/user': json(200, aUser()) });
      const client = createQueryClient();
      await startSessionEarly(client, at(path));
      await vi.waitFor(() =>
        expect(server.requests.map((r) => r.url).sort()).toEqual([
          `/api/advanced-tax-info?taxYear=${year}`,
          '/api/debug/check-auth',
          '/api/notifications',
          `/api/tax-category-preferences?taxYear=${year}`,
          `/api/tax-profile?taxYear=${year}`,
          '/api/user',
        ]),
      );
      // Under the keys the page's own queries use, which then join these requests.
      expect(client.getQueryState(advancedKeys.info(year))).toBeDefined();
      expect(client.getQueryState(queryKeys.taxCards(year))).toBeDefined();
      expect(client.getQueryState(queryKeys.taxProfile(year))).toBeDefined();
    }
  });

  it("asks no page's data on another page, nor Advanced Tax Information's for a profile still to complete", async () => {
    const elsewhere = stubServer({ 'GET /api/debug/check-auth': json(200, signedInCheck()), 'GET /api/user': json(200, aUser()) });
    await startSessionEarly(createQueryClient(), at('/advanced-tax-info/extra'));
    expect(elsewhere.requests.map((r) => r.url).sort()).toEqual(['/api/debug/check-auth', '/api/notifications', '/api/user']);

    const incomplete = stubServer({
      'GET /api/debug/check-auth': json(200, signedInCheck()),
      'GET /api/user': json(200, aUser({ isProfileComplete: false })),
    });
    await startSessionEarly(createQueryClient(), at('/advanced-tax-info'));
    expect(incomplete.requests.map((r) => r.url).sort()).toEqual(['/api/debug/check-auth', '/api/notifications', '/api/user']);
  });

  it("asks none of the dashboard's data for a signed-out visitor, nor for a profile still to complete", async () => {
    const signedOut = stubServer({ 'GET /api/debug/check-auth': json(200, signedOutCheck), 'GET /api/user': json(401, {}) });
    await startSessionEarly(createQueryClient(), at('/'));
    expect(signedOut.requests.map((r) => r.url).sort()).toEqual(['/api/debug/check-auth', '/api/user']);

    const incomplete = stubServer({
      'GET /api/debug/check-auth': json(200, signedInCheck()),
      'GET /api/user': json(200, aUser({ isProfileComplete: false })),
    });
    await startSessionEarly(createQueryClient(), at('/'));
    expect(incomplete.requests.map((r) => r.url).sort()).toEqual(['/api/debug/check-auth', '/api/notifications', '/api/user']);
  });

  it("asks no page data when its file cannot be loaded (the page's own queries ask), and the start still ends", async () => {
    vi.doMock('./page-data', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    try {
      const server = stubServer({ 'GET /api/debug/check-auth': json(200, signedInCheck()), 'GET /api/user': json(200, aUser()) });
      await expect(startSessionEarly(createQueryClient(), at('/advanced-tax-info'))).resolves.toBeUndefined();
      expect(server.requests.map((r) => r.url).sort()).toEqual(['/api/debug/check-auth', '/api/notifications', '/api/user']);
      // Signed out, the failed load is never waited for: it must not end as an unhandled rejection.
      stubServer({ 'GET /api/debug/check-auth': json(200, signedOutCheck), 'GET /api/user': json(401, {}) });
      await expect(startSessionEarly(createQueryClient(), at('/'))).resolves.toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      vi.doUnmock('./page-data');
    }
  });

  it('asks nothing on the login page or a legal page', async () => {
    const server = stubServer({});
    for (const path of ['/login', '/terms-and-conditions', '/cookies/']) await startSessionEarly(createQueryClient(), at(path));
    expect(server.requests).toEqual([]);
  });

  it('leaves a failure to the layout, which asks again and shows it', async () => {
    stubServer({ 'GET /api/debug/check-auth': json(503, {}) });
    await expect(startSessionEarly(createQueryClient(), at('/'))).resolves.toBeUndefined();
  });
});
