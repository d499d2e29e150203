// The expert queue figure (issue 27; docs/performance.md, "Expert queue"): requests per second and
// p99 of a queue page and of a search, against GET /api/user of the same app instance, on a database
// of 10 000 people × 3 years. The server runs in a child process pinned to core 0 (queue-server.mjs);
// autocannon runs here, pinned to core 1. Rounds interleave the routes (route-rounds.mjs).
//
// Alone, after `npm run build`: `node scripts/bench/queue-throughput.mjs` (PGlite), with
// TEST_DATABASE_URL=postgres://… also on PostgreSQL (a database of its own, dropped afterwards).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startPinnedServer } from './pinned-server.mjs';
import { measureRoutes } from './route-rounds.mjs';
import { BROWSER_ACCEPT_ENCODING, SEARCH_TERM } from './queue-seed.mjs';
import { GOALS } from './goals.mjs';

/** Goals of issue 27: each queue route at least half the throughput of GET /api/user, p99 under 100 ms. */
export const QUEUE_GOALS = { vsUser: 0.5, p99ms: 100 };

export async function measureQueueThroughput({ databaseUrl, ...rounds } = {}) {
  const server = await startPinnedServer('./queue-server.mjs', { env: { BENCH_DATABASE_URL: databaseUrl ?? '' } });
  try {
    const routes = [
      { name: 'GET /api/user', path: '/api/user' },
      { name: 'queue, first page', path: '/api/expert/returns' },
      { name: 'queue, page 100', path: `/api/expert/returns?cursor=${server.laterPage}` },
      { name: `queue, search "${SEARCH_TERM}"`, path: `/api/expert/returns?q=${SEARCH_TERM}` },
      { name: 'queue, mine, status 4', path: '/api/expert/returns?assignee=me&status=4' },
      { name: 'first page, raw SQL', path: '/bench/raw/queue-first-page', rawOf: 'queue, first page' },
      { name: 'search, raw SQL', path: '/bench/raw/queue-search', rawOf: `queue, search "${SEARCH_TERM}"` },
    ];
    // As the web app asks, through a browser: a page of the queue (about 15 KB of JSON) travels
    // compressed (plugins: @fastify/compress above 1 KB); GET /api/user is below that either way.
    const headers = { cookie: server.cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    const results = await measureRoutes({ baseUrl: `http://127.0.0.1:${server.port}`, headers, routes, ...rounds });
    const user = results['GET /api/user'];
    for (const route of routes) {
      if (!route.rawOf && route.name !== 'GET /api/user') results[route.name].vsUser = +(results[route.name].rps / user.rps).toFixed(2);
    }
    return { driver: server.driver, rows: server.rows, statements: server.statements, routes: results };
  } finally {
    server.stop();
  }
}

/** The lines `npm run bench` prints for one database. */
export function printQueueFigures(name, result) {
  console.log(`  ${name} (${result.rows} years in the queue; SQL statements per request: first page ${result.statements.firstPage}, search ${result.statements.search})`);
  for (const [route, figures] of Object.entries(result.routes)) {
    const ratio = figures.vsUser === undefined ? '' : `   ÷ user ${figures.vsUser}`;
    const met = figures.vsUser === undefined ? '' : figures.vsUser >= QUEUE_GOALS.vsUser && figures.p99ms < QUEUE_GOALS.p99ms ? ' (goal met)' : ' (BELOW GOAL)';
    const raw = figures.vsRaw === undefined ? '' : `; ÷ raw SQL ${figures.vsRaw} (goal ≥ ${GOALS.apiVsRawSql}, ${figures.vsRaw >= GOALS.apiVsRawSql ? 'goal met' : 'BELOW GOAL'}; rounds ${figures.vsRawRounds.join(', ')})`;
    console.log(`    ${route.padEnd(28)} ${String(figures.rps).padStart(7)} req/s   p99 ${figures.p99ms} ms${ratio}${met}${raw}`);
  }
}

export const QUEUE_HEADING = `Expert queue: 10 000 people × 3 years (autocannon, 10 connections; 9 interleaved rounds of 2 s per route after a 3 s warm-up; goal ≥ ${QUEUE_GOALS.vsUser}× GET /api/user, p99 < ${QUEUE_GOALS.p99ms} ms; the first page and the search also against the raw replay of their SQL, the median of the rounds' ratios, goal ≥ ${GOALS.apiVsRawSql})`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  spawnSync('taskset', ['-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  console.log(QUEUE_HEADING);
  const drivers = [{ name: 'PGlite', url: undefined }];
  if (process.env.TEST_DATABASE_URL) drivers.push({ name: 'PostgreSQL', url: process.env.TEST_DATABASE_URL });
  for (const driver of drivers) printQueueFigures(driver.name, await measureQueueThroughput({ databaseUrl: driver.url }));
}
