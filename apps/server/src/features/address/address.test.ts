import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { startFakeNominatim, type FakeNominatim } from '../../test/fake-nominatim.js';
import { createAddressService } from './address.service.js';

let fake: FakeNominatim;
beforeAll(async () => {
  fake = await startFakeNominatim();
});
afterAll(async () => {
  await fake.close();
});

describe.each(drivers)('GET /api/address/search (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('answers 401 without a session, 503 ADDRESS_LOOKUP_UNAVAILABLE without NOMINATIM_URL', async () => {
    expect((await get(ctx.app, '/api/address/search?q=Bahnhofstrasse')).statusCode).toBe(401);
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const response = await get(ctx.app, '/api/address/search?q=Bahnhofstrasse', { cookie });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('ADDRESS_LOOKUP_UNAVAILABLE');
  });

  it('maps Swiss results to suggestions with the house number, drops the others, and caches the answer', async () => {
    await ctx.rebuild({ nominatimUrl: fake.url });
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const before = fake.requests.length;
    const response = await get(ctx.app, '/api/address/search?q=Limmatquai%20cached', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        displayName: 'Limmatquai cached 12a, 8001 Zürich, Schweiz',
        street: 'Limmatquai cached',
        houseNumber: '12a',
        postalCode: '8001',
        city: 'Zürich',
        gemeinde: 'Zürich',
        state: 'Zürich',
        country: 'Schweiz',
      },
    ]);
    expect(fake.requests.length).toBe(before + 1);
    expect(fake.requests.at(-1)?.userAgent).toMatch(/^Taxli\/\S+ \(http:\/\/localhost:8080\)$/);
    // The same query again (other spacing and case) makes no upstream call.
    expect((await get(ctx.app, '/api/address/search?q=%20limmatquai%20%20CACHED', { cookie })).json()).toHaveLength(1);
    expect(fake.requests.length).toBe(before + 1);
  });

  it('refuses fewer than 3 characters with 400 naming q', async () => {
    await ctx.rebuild({ nominatimUrl: fake.url });
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const response = await get(ctx.app, '/api/address/search?q=ab', { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'q' });
  });
});

describe('address service upstream rules', () => {
  it('sends at most one upstream request per second under 10 parallel different queries, and answers each', async () => {
    const service = createAddressService({ nominatimUrl: fake.url, userAgent: 'Taxli/test' });
    const start = fake.requests.length;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => service.search(`Parallelweg ${i}`)));
    expect(answers.every((a) => a.length === 1)).toBe(true);
    const times = fake.requests.slice(start).map((r) => r.at);
    expect(times).toHaveLength(10);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(950);
  }, 20_000);

  it('answers 502 ADDRESS_LOOKUP_FAILED when the upstream is down or too slow', async () => {
    const down = createAddressService({ nominatimUrl: 'http://127.0.0.1:9', userAgent: 'Taxli/test' });
    await expect(down.search('Bahnhofstrasse')).rejects.toMatchObject({ statusCode: 502, code: 'ADDRESS_LOOKUP_FAILED' });
    fake.delayMs = 300;
    const slow = createAddressService({ nominatimUrl: fake.url, userAgent: 'Taxli/test', timeoutMs: 100 });
    await expect(slow.search('Langsame Gasse')).rejects.toMatchObject({ statusCode: 502, code: 'ADDRESS_LOOKUP_FAILED' });
    fake.delayMs = 0;
  });
});
