// Requests per second and p99 of authenticated GET /api/user, of the raw-SQL replay of the same
// statements, and of a bare hello route of the same app. The server runs in a child process pinned
// to core 0; autocannon runs here, pinned to core 1 (see run.mjs).
import autocannon from 'autocannon';
import { startPinnedServer } from './pinned-server.mjs';

/** The routes, the inbox's path as the server gives it (the year its letters were uploaded to). */
const routesOf = (server) => [
  { name: 'GET /api/user', path: '/api/user' },
  { name: 'raw SQL, same statements', path: '/bench/raw/user' },
  { name: 'hello route', path: '/bench/hello' },
  { name: 'address search, cached', path: '/api/address/search?q=Bahnhofstrasse' },
  { name: `GET /api/inbox (${server.inboxItems} items)`, path: server.inboxPath },
  { name: 'inbox, raw SQL', path: '/bench/raw/inbox' },
];

function load(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: 10, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * Rounds interleave the routes (user, raw, hello, user, raw, …) so that a slow phase of the
 * database (a checkpoint, a cold cache) does not fall on one route only; each figure is the mean of
 * its rounds, and p99 the worst round's.
 */
export async function measureApiThroughput({ databaseUrl, rounds = 3, duration = 5, warmup = 3 } = {}) {
  const server = await startPinnedServer('./api-server.mjs', { env: { BENCH_DATABASE_URL: databaseUrl ?? '' } });
  try {
    const ROUTES = routesOf(server);
    const headers = { cookie: server.cookie };
    const url = (route) => `http://127.0.0.1:${server.port}${route.path}`;
    for (const route of ROUTES) await load(url(route), headers, warmup);
    const samples = Object.fromEntries(ROUTES.map((route) => [route.name, []]));
    for (let round = 0; round < rounds; round++) {
      for (const route of ROUTES) {
        const result = await load(url(route), headers, duration);
        if (result.non2xx > 0 || result.errors > 0) {
          throw new Error(`${route.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
        }
        samples[route.name].push(result);
      }
    }
    const results = {};
    for (const [name, runs] of Object.entries(samples)) {
      const rps = runs.reduce((sum, r) => sum + r.requests.average, 0) / runs.length;
      results[name] = { rps: Math.round(rps), p99ms: Math.max(...runs.map((r) => r.latency.p99)) };
    }
    const user = results['GET /api/user'];
    const raw = results['raw SQL, same statements'];
    const hello = results['hello route'];
    const inbox = results[ROUTES[4].name];
    return {
      driver: server.driver,
      statements: server.statements,
      inboxStatements: server.inboxStatements,
      routes: results,
      userVsRaw: +(user.rps / raw.rps).toFixed(2),
      userVsHello: +(user.rps / hello.rps).toFixed(2),
      inboxVsRaw: +(inbox.rps / results['inbox, raw SQL'].rps).toFixed(2),
    };
  } finally {
    server.stop();
  }
}
