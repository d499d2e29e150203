import { describe, expect, it } from 'vitest';
import { drivers, useTestApp } from '../test/build-test-app.js';
import { get, signIn } from '../test/auth-helpers.js';

describe.each(drivers)("Fastify's own refusals (%s)", (driver) => {
  const ctx = useTestApp(driver);

  it('answers a path with broken percent-encoding or an overlong parameter in the error shape, echoing and logging none of it', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const badUrl = await get(ctx.app, '/api/files/%FFanna-secret/history', { cookie });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'The address is not valid: it holds a percent sign that encodes no character' } });
    const long = await get(ctx.app, `/api/files/${'anna-secret'.repeat(20)}/history`, { cookie });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'A part of the address is too long' } });
    const log = ctx.logs.join('\n');
    expect(log).toContain('"url":"(no route)"');
    expect(log).not.toContain('anna-secret');
  });
});
