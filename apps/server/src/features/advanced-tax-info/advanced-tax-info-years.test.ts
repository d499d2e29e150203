import { describe, expect, it } from 'vitest';
import { acceptableTaxYears, advancedInfoTaxYears } from '@taxli/domain';
import { drivers, TEST_ORIGIN, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { multipart, sha256 } from '../../test/multipart.js';

/**
 * DECISIONS D2: Advanced Tax Information offers the current year −3 to +1. Every endpoint that
 * screen calls accepts every year it offers (the files, uploads and status once refused +1, so
 * the screen showed nothing and every upload failed): one tax-year rule, in the domain.
 */
describe.each(drivers)('Advanced Tax Information years (%s)', (driver) => {
  const ctx = useTestApp(driver);

  function upload(cookie: string, taxYear: number) {
    const data = Buffer.from(`Vollmacht für ${taxYear}\n`);
    const { payload, contentType } = multipart([
      { name: 'categoryId', value: '39' },
      { name: 'categoryName', value: 'Power of attorney (signed)' },
      { name: 'taxYear', value: String(taxYear) },
      { name: 'hashes', value: JSON.stringify([sha256(data)]) },
      { name: 'files', filename: `vollmacht-${taxYear}.txt`, data },
    ]);
    return ctx.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType } });
  }

  it('answers every year the screen offers, next year included, on each endpoint it calls', async () => {
    await signIn(ctx, 'admin@example.ch');
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const years = advancedInfoTaxYears(ctx.clock.clock());
    expect(years).toContain(ctx.clock.clock().getFullYear() + 1);
    for (const year of years) {
      for (const url of [`/api/advanced-tax-info?taxYear=${year}`, `/api/files?taxYear=${year}`, `/api/tax-status?taxYear=${year}`, `/api/tax-profile?taxYear=${year}`]) {
        expect((await get(ctx.app, url, { cookie })).statusCode, url).toBe(200);
      }
      const uploaded = await upload(cookie, year);
      expect(uploaded.statusCode, `upload ${year}`).toBe(200);
      const files = (await get(ctx.app, `/api/files?taxYear=${year}`, { cookie })).json<{ fileName?: string; originalFileName?: string }[]>();
      expect(JSON.stringify(files), `files ${year}`).toContain(`vollmacht-${year}.txt`);
    }
  });

  it('refuses a year outside the one rule on each of them, naming taxYear with the range', async () => {
    await signIn(ctx, 'admin@example.ch');
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const { from, to } = acceptableTaxYears(ctx.clock.clock());
    for (const year of [from - 1, to + 1]) {
      for (const url of [`/api/advanced-tax-info?taxYear=${year}`, `/api/files?taxYear=${year}`, `/api/tax-status?taxYear=${year}`]) {
        const response = await get(ctx.app, url, { cookie });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error, url).toMatchObject({ field: 'taxYear', message: `taxYear: must be a year from ${from} to ${to}` });
      }
      expect((await upload(cookie, year)).statusCode).toBe(400);
    }
  });
});
