import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeNominatim {
  url: string;
  /**
   * Every search it answered: the query, the user agent, when it arrived and when its answer went
   * out (both `performance.now()` ms, the monotonic clock the address service keeps its gap on).
   */
  requests: { q: string; userAgent: string | undefined; at: number; answeredAt?: number }[];
  /** Makes every answer wait this long first (for time-outs). */
  delayMs: number;
  close(): Promise<void>;
}

/**
 * A Swiss and a German result for every query, in Nominatim's jsonv2 shape with address details;
 * the display name as Nominatim writes it (house number first, the country in four languages).
 */
function resultsFor(q: string) {
  return [
    {
      display_name: `12a, ${q}, Zürich, Zürich, 8001, Schweiz/Suisse/Svizzera/Svizra`,
      address: { road: q, house_number: '12a', postcode: '8001', city: 'Zürich', municipality: 'Zürich', state: 'Zürich', country: 'Schweiz/Suisse/Svizzera/Svizra', country_code: 'ch' },
    },
    {
      display_name: `${q} 3, 78462 Konstanz, Deutschland`,
      address: { road: q, house_number: '3', postcode: '78462', city: 'Konstanz', state: 'Baden-Württemberg', country: 'Deutschland', country_code: 'de' },
    },
  ];
}

/** A Nominatim stand-in on loopback (DECISIONS D9: tests never reach a real map service). */
export async function startFakeNominatim(): Promise<FakeNominatim> {
  const fake: Omit<FakeNominatim, 'url' | 'close'> = { requests: [], delayMs: 0 };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const q = url.searchParams.get('q') ?? '';
    const entry: FakeNominatim['requests'][number] = { q, userAgent: request.headers['user-agent'], at: performance.now() };
    fake.requests.push(entry);
    setTimeout(() => {
      entry.answeredAt = performance.now();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(url.pathname === '/search' ? resultsFor(q) : []));
    }, fake.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
