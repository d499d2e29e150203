import { describe, expect, it } from 'vitest';
import { drivers, useTestApp } from '../test/build-test-app.js';
import { get, post } from '../test/auth-helpers.js';

describe.each(drivers)('security headers and origin check (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('refuses a state change from a foreign origin with 403 FOREIGN_ORIGIN', async () => {
    const foreign = await post(ctx.app, '/api/auth/request-code', { email: 'a@example.ch' }, { headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('FOREIGN_ORIGIN');
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(ctx.mailer.messages).toHaveLength(0);
  });

  it('marks every API answer no-store, errors included', async () => {
    for (const url of ['/api/config', '/api/user', '/api/nope']) {
      expect((await get(ctx.app, url)).headers['cache-control'], url).toBe('no-store');
    }
  });

  it('sends the same security headers on every answer, errors and refusals included', async () => {
    const answers = [await get(ctx.app, '/api/config'), await get(ctx.app, '/api/user'), await get(ctx.app, '/api/nope')];
    for (const { headers, statusCode } of answers) {
      expect(headers, String(statusCode)).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'same-origin',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(headers['content-security-policy'], String(statusCode)).toContain("default-src 'self'");
      expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('sends a strict Content-Security-Policy: no inline scripts', async () => {
    const csp = String((await get(ctx.app, '/api/config')).headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('sends HSTS only when the public origin is https', async () => {
    expect((await get(ctx.app, '/api/config')).headers['strict-transport-security']).toBeUndefined();
    await ctx.rebuild({ publicOrigin: 'https://taxli.example' });
    expect((await get(ctx.app, '/api/config')).headers['strict-transport-security']).toMatch(/max-age=\d{8}/);
  });
});

describe.each(drivers)('error answers (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await get(ctx.app, '/api/does-not-exist?x=1');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such endpoint: GET /api/does-not-exist' } });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-code',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });

  it('answers an unexpected failure with a plain 500: no stack, no internals, nothing personal logged', async () => {
    ctx.app.get('/api/test/boom', async () => {
      throw Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique" for anna@example.ch'), {
        code: '23505',
        detail: 'Key (email)=(anna@example.ch) already exists.',
      });
    });
    const response = await get(ctx.app, '/api/test/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' } });
    expect(response.body).not.toMatch(/at |users_email|23505/);
    const log = ctx.logs.join('\n');
    expect(log).toContain('users_email_unique');
    expect(log).not.toContain('anna@example.ch');
  });
});
