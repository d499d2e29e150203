import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { startFakeNominatim, type FakeNominatim } from '../../test/fake-nominatim.js';
import type { AppError } from '../../lib/app-error.js';
import { ADDRESS_WAITING_PER_ACCOUNT, ADDRESS_WAITING_TOTAL, createAddressService } from './address.service.js';

let fake: FakeNominatim;
beforeAll(async () => {
  fake = await startFakeNominatim();
});
afterAll(async () => {
  await fake.close();
});

/** The upstream requests made since `from`, in the order they arrived. */
function upstreamSince(from: number) {
  return fake.requests.slice(from);
}

/**
 * Every upstream request starts at least `gapMs` after the previous one was answered (and so also
 * after it started): Nominatim's one per second holds however long an answer takes.
 */
function expectGaps(requests: FakeNominatim['requests'], gapMs: number) {
  for (let i = 1; i < requests.length; i++) {
    const previous = requests[i - 1]!;
    expect(requests[i]!.at - previous.at).toBeGreaterThanOrEqual(gapMs);
    expect(requests[i]!.at - previous.answeredAt!).toBeGreaterThanOrEqual(gapMs);
  }
}

/** A search's outcome as a client sees it: the suggestions, or the error's status, code and Retry-After. */
async function outcome(search: Promise<unknown>) {
  try {
    return { status: 200, body: await search };
  } catch (error) {
    const { statusCode, code, headers } = error as AppError;
    return { status: statusCode, code, retryAfter: headers?.['Retry-After'] };
  }
}

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
        displayName: '12a, Limmatquai cached, Zürich, Zürich, 8001, Schweiz/Suisse/Svizzera/Svizra',
        street: 'Limmatquai cached',
        houseNumber: '12a',
        postalCode: '8001',
        city: 'Zürich',
        gemeinde: 'Zürich',
        state: 'Zürich',
        country: 'Schweiz/Suisse/Svizzera/Svizra',
      },
    ]);
    expect(fake.requests.length).toBe(before + 1);
    expect(fake.requests.at(-1)?.userAgent).toMatch(/^Taxli\/\S+ \(http:\/\/localhost:8080\)$/);
    // The same query again (other spacing and case) makes no upstream call.
    expect((await get(ctx.app, '/api/address/search?q=%20limmatquai%20%20CACHED', { cookie })).json()).toHaveLength(1);
    expect(fake.requests.length).toBe(before + 1);
  });

  it('is built with a gap of 1000 ms, serves a second account in turn and answers 429 ADDRESS_LOOKUP_BUSY with Retry-After', async () => {
    await ctx.rebuild({ nominatimUrl: fake.url });
    const anna = await signIn(ctx, 'anna@example.ch');
    const ben = await signIn(ctx, 'ben@example.ch');
    const start = fake.requests.length;
    const annas = Array.from({ length: 5 }, (_, i) => get(ctx.app, `/api/address/search?q=Annaweg%20${i}`, { cookie: anna.cookie }));
    const bens = get(ctx.app, '/api/address/search?q=Benstrasse', { cookie: ben.cookie });
    const responses = await Promise.all(annas);

    expect((await bens).statusCode).toBe(200);
    expect(upstreamSince(start).findIndex((r) => r.q === 'Benstrasse')).toBeLessThanOrEqual(1);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1 + ADDRESS_WAITING_PER_ACCOUNT);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(5 - 1 - ADDRESS_WAITING_PER_ACCOUNT);
    for (const r of refused) {
      expect(r.json().error.code).toBe('ADDRESS_LOOKUP_BUSY');
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(upstreamSince(start)).toHaveLength(2 + ADDRESS_WAITING_PER_ACCOUNT);
    expectGaps(upstreamSince(start), 1000);
  }, 20_000);

  it('refuses fewer than 3 characters with 400 naming q', async () => {
    await ctx.rebuild({ nominatimUrl: fake.url });
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const response = await get(ctx.app, '/api/address/search?q=ab', { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'q' });
  });
});

describe('address service upstream rules', () => {
  const GAP_MS = 40;

  it('keeps the minimum gap between upstream requests for 8 different queries at once, even with slow answers', async () => {
    const service = createAddressService({ nominatimUrl: fake.url, userAgent: 'Taxli/test', minIntervalMs: GAP_MS });
    const start = fake.requests.length;
    fake.delayMs = 15;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => service.search(`Parallelweg ${i}`, 100 + i)));
    fake.delayMs = 0;
    expect(answers.every((a) => a.length === 1)).toBe(true);
    expect(upstreamSince(start)).toHaveLength(8);
    expectGaps(upstreamSince(start), GAP_MS);
  });

  it('serves accounts in turn: one account firing 30 queries does not hold up another one\'s single query', async () => {
    const service = createAddressService({ nominatimUrl: fake.url, userAgent: 'Taxli/test', minIntervalMs: GAP_MS });
    const start = fake.requests.length;
    const greedy = Array.from({ length: 30 }, (_, i) => outcome(service.search(`Gierweg ${i}`, 1)));
    const other = outcome(service.search('Geduldstrasse', 2));
    const results = await Promise.all(greedy);

    expect((await other).status).toBe(200);
    // The one request already on its way, then the other account's turn.
    expect(upstreamSince(start).findIndex((r) => r.q === 'Geduldstrasse')).toBeLessThanOrEqual(1);
    // One sent at once, two waiting; the rest are refused, with a hint when to try again.
    const served = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 429);
    expect(served).toHaveLength(1 + ADDRESS_WAITING_PER_ACCOUNT);
    expect(refused).toHaveLength(30 - served.length);
    for (const r of refused) {
      expect(r.code).toBe('ADDRESS_LOOKUP_BUSY');
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    expect(upstreamSince(start)).toHaveLength(served.length + 1);
    expectGaps(upstreamSince(start), GAP_MS);
  });

  it('refuses with 429 ADDRESS_LOOKUP_BUSY once the queue is full, whoever asks', async () => {
    const service = createAddressService({ nominatimUrl: fake.url, userAgent: 'Taxli/test', minIntervalMs: GAP_MS });
    const start = fake.requests.length;
    const accounts = 1 + ADDRESS_WAITING_TOTAL + 2;
    const results = await Promise.all(Array.from({ length: accounts }, (_, i) => outcome(service.search(`Vollgasse ${i}`, 200 + i))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1 + ADDRESS_WAITING_TOTAL);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect(r.code).toBe('ADDRESS_LOOKUP_BUSY');
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    expectGaps(upstreamSince(start), GAP_MS);
    // Once the queue has drained, the same account is served again.
    expect((await outcome(service.search('Vollgasse danach', 200 + accounts - 1))).status).toBe(200);
  });

  it('answers cached queries and queries already on their way without taking a waiting place', async () => {
    const service = createAddressService({ nominatimUrl: fake.url, userAgent: 'Taxli/test', minIntervalMs: GAP_MS });
    const start = fake.requests.length;
    const known = service.search('Bekannte Gasse', 1);
    const own = Array.from({ length: ADDRESS_WAITING_PER_ACCOUNT }, (_, i) => outcome(service.search(`Eigenweg ${i}`, 1)));
    expect((await outcome(service.search('Noch ein Weg', 1))).status).toBe(429);
    await known;
    // The account's waiting places are still taken: a new query is refused, but the cached one
    // and one already waiting (other spacing and case) are answered.
    expect((await outcome(service.search('Noch ein Weg', 1))).status).toBe(429);
    expect((await outcome(service.search('bekannte  gasse', 1))).status).toBe(200);
    expect((await outcome(service.search(` EIGENWEG ${ADDRESS_WAITING_PER_ACCOUNT - 1}`, 1))).status).toBe(200);
    expect((await Promise.all(own)).map((r) => r.status)).toEqual(own.map(() => 200));
    expect(upstreamSince(start).map((r) => r.q)).toEqual(['Bekannte Gasse', ...own.map((_, i) => `Eigenweg ${i}`)]);
  });

  it('keeps going after a failed upstream request, and still keeps the gap after it', async () => {
    fake.delayMs = 80;
    const service = createAddressService({ nominatimUrl: fake.url, userAgent: 'Taxli/test', minIntervalMs: GAP_MS, timeoutMs: 30 });
    const start = fake.requests.length;
    const first = outcome(service.search('Zeitweg', 1));
    const second = outcome(service.search('Zweitweg', 2));
    expect((await first).code).toBe('ADDRESS_LOOKUP_FAILED');
    fake.delayMs = 0;
    expect((await second).status).toBe(200);
    const [failed, next] = upstreamSince(start);
    expect(next!.at - failed!.at).toBeGreaterThanOrEqual(GAP_MS);
  });

  it('answers 502 ADDRESS_LOOKUP_FAILED when the upstream is down or too slow', async () => {
    const down = createAddressService({ nominatimUrl: 'http://127.0.0.1:9', userAgent: 'Taxli/test' });
    await expect(down.search('Bahnhofstrasse', 1)).rejects.toMatchObject({ statusCode: 502, code: 'ADDRESS_LOOKUP_FAILED' });
    fake.delayMs = 300;
    const slow = createAddressService({ nominatimUrl: fake.url, userAgent: 'Taxli/test', timeoutMs: 100 });
    await expect(slow.search('Langsame Gasse', 1)).rejects.toMatchObject({ statusCode: 502, code: 'ADDRESS_LOOKUP_FAILED' });
    fake.delayMs = 0;
  });
});
