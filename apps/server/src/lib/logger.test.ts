import { describe, expect, it } from 'vitest';
import { drivers, useTestApp } from '../test/build-test-app.js';
import { get, post, signIn } from '../test/auth-helpers.js';

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
});
