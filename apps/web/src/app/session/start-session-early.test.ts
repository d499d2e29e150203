import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { aUser, json, signedInCheck, signedOutCheck, stubServer } from '../../test/harness';
import { startSessionEarly } from './start-session-early';

describe('the session asked at start (issue 17: the first paint does not wait for it)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the session and then the user for a signed-in page, and keeps both for the layout', async () => {
    const server = stubServer({ 'GET /api/debug/check-auth': json(200, signedInCheck()), 'GET /api/user': json(200, aUser()) });
    const client = createQueryClient();
    await startSessionEarly(client, '/file-history');
    expect(server.requests.map((r) => r.url)).toEqual(['/api/debug/check-auth', '/api/user']);
    expect(client.getQueryData(queryKeys.auth)).toEqual(signedInCheck());
    expect(client.getQueryData(queryKeys.user())).toEqual(aUser());
  });

  it('never asks for the user of a visitor who is signed out (no 401, no session-expired dialog)', async () => {
    const server = stubServer({ 'GET /api/debug/check-auth': json(200, signedOutCheck), 'GET /api/user': json(401, {}) });
    await startSessionEarly(createQueryClient(), '/');
    expect(server.requests.map((r) => r.url)).toEqual(['/api/debug/check-auth']);
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
