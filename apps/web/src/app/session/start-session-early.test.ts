import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { appEvents, onAppEvent } from '../../lib/app-events';
import { queryKeys } from '../../lib/query-keys';
import { aUser, json, signedInCheck, signedOutCheck, stubServer } from '../../test/harness';
import { startSessionEarly } from './start-session-early';

describe('the session asked at start (issue 17: the first paint does not wait for it)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the session and the user at once, and keeps both for the layout', async () => {
    let answerSession = (_: Response) => {};
    const server = stubServer({
      // The session's answer waits until the user has been asked: both are on the way together.
      'GET /api/debug/check-auth': () => new Promise<Response>((resolve) => (answerSession = resolve)),
      'GET /api/user': json(200, aUser()),
    });
    const client = createQueryClient();
    const started = startSessionEarly(client, '/file-history');
    await vi.waitFor(() => expect(server.requests.map((r) => r.url).sort()).toEqual(['/api/debug/check-auth', '/api/user']));
    answerSession(json(200, signedInCheck()));
    await started;
    expect(server.requests).toHaveLength(2);
    expect(client.getQueryData(queryKeys.auth)).toEqual(signedInCheck());
    expect(client.getQueryData(queryKeys.user())).toEqual(aUser());
  });

  it("takes a signed-out visitor's 401 for the user quietly: no session-expired dialog, no error left for after sign-in", async () => {
    stubServer({ 'GET /api/debug/check-auth': json(200, signedOutCheck), 'GET /api/user': json(401, {}) });
    const expired = vi.fn();
    const stop = onAppEvent(appEvents.sessionExpired, expired);
    const client = createQueryClient();
    await startSessionEarly(client, '/');
    stop();
    expect(expired).not.toHaveBeenCalled();
    expect(client.getQueryState(queryKeys.user())).toBeUndefined();
  });

  it('asks nothing on the login page or a legal page', async () => {
    const server = stubServer({});
    for (const path of ['/login', '/terms-and-conditions', '/cookies/']) await startSessionEarly(createQueryClient(), path);
    expect(server.requests).toEqual([]);
  });

  it('leaves a failure to the layout, which asks again and shows it', async () => {
    stubServer({ 'GET /api/debug/check-auth': json(503, {}) });
    await expect(startSessionEarly(createQueryClient(), '/')).resolves.toBeUndefined();
  });
});
