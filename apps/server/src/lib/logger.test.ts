import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drivers, useTestApp } from '../test/build-test-app.js';
import { get, post, signIn } from '../test/auth-helpers.js';

const NAME = 'Annabella';
const AHV = '756.1234.5678.97';
/** Every spelling of the two values that must not reach the log. */
const PERSONAL = [NAME, AHV, '7561234567897', '1234.5678'];

describe.each(drivers)('server log (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('holds requests and statuses, never addresses, codes, names, phones, tokens or IPs', async () => {
    const { cookie, sessionToken } = await signIn(ctx, 'anna.muster@example.ch', {}, { remoteAddress: '203.0.113.77' });
    const code = ctx.mailer.codeFor('anna.muster@example.ch');
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile?taxYear=2025',
      payload: { firstName: 'Annabella', lastName: 'Mustermann', phone: '0791234567' },
      headers: { cookie, origin: 'http://localhost:8080' },
    });
    await get(ctx.app, '/api/user?taxYear=2025', { cookie });
    await post(ctx.app, '/api/auth/verify-code', { email: 'anna.muster@example.ch', code: '000000' });
    await post(ctx.app, '/api/auth/logout', undefined, { cookie });

    const log = ctx.logs.join('\n');
    expect(log).toContain('"url":"/api/user/profile"');
    expect(log).toContain('"statusCode":200');
    // Standalone, not as digits inside a response time.
    expect(log).not.toMatch(new RegExp(`(?<![\\d.])${code}(?![\\d.])`));
    for (const secret of ['anna.muster@example.ch', 'Annabella', 'Mustermann', '0791234567', sessionToken, '203.0.113.77', 'taxYear=']) {
      expect(log, secret).not.toContain(secret);
    }
  });

  it('logs a database error a request caused with its SQL state, never the name or AHV number it carried', async () => {
    // A real failed query whose parameters are what the person sent, as a repository would run it.
    ctx.app.post('/api/test/db-error', { config: { access: 'public' } }, async (request) => {
      const { name, ahvNumber } = request.body as { name: string; ahvNumber: string };
      await ctx.database.db.execute(sql`select ${name}::integer, ${ahvNumber}::integer`);
      return {};
    });
    const response = await post(ctx.app, '/api/test/db-error', { name: NAME, ahvNumber: AHV });
    expect(response.statusCode).toBe(500);
    const log = ctx.logs.join('\n');
    expect(log).toContain('"code":"22P02"');
    expect(log).toContain('request failed');
    for (const value of PERSONAL) expect(log, value).not.toContain(value);
  });

  it('redacts an error logged anywhere: as the only argument, under any key, without a message of its own', async () => {
    const failed = await ctx.database.db.execute(sql`select ${NAME}::integer, ${AHV}::integer`).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    ctx.app.log.error(failed);
    ctx.app.log.warn({ cause: failed });
    ctx.app.log.info({ err: failed }, `lookup of ${AHV} failed`);
    ctx.app.log.warn({ err: (failed as Error).message }, 'the text of an error');
    const log = ctx.logs.join('\n');
    expect(log).toContain('22P02');
    for (const value of PERSONAL) expect(log, value).not.toContain(value);
  });
});
