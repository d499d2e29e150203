import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { drivers, useTestApp } from '../test/build-test-app.js';
import { get, signIn } from '../test/auth-helpers.js';

describe.each(drivers)('API answer compression (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('compresses JSON answers above 1 KB as the client accepts, and leaves small ones alone', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const plain = await get(ctx.app, '/api/document-categories?taxYear=2025&mode=all', { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await get(ctx.app, '/api/document-categories?taxYear=2025&mode=all', { cookie, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get(ctx.app, '/api/document-categories?taxYear=2025&mode=all', { cookie, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const small = await get(ctx.app, '/api/debug/check-auth', { cookie, headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
