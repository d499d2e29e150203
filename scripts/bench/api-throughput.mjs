// Requests per second and p99 of authenticated GET /api/user, of the raw-SQL replay of the same
// statements, and of a bare hello route of the same app. The server runs in a child process pinned
// to core 0; autocannon runs here, pinned to core 1 (see run.mjs).
import { startPinnedServer } from './pinned-server.mjs';
import { measureRoutes } from './route-rounds.mjs';

/** The routes, the inbox's path as the server gives it (the year its letters were uploaded to). */
const routesOf = (server) => [
  { name: 'GET /api/user', path: '/api/user' },
  { name: 'raw SQL, same statements', path: '/bench/raw/user', rawOf: 'GET /api/user' },
  { name: 'hello route', path: '/bench/hello' },
  { name: 'address search, cached', path: '/api/address/search?q=Bahnhofstrasse' },
  { name: `GET /api/inbox (${server.inboxItems} items)`, path: server.inboxPath },
  { name: 'inbox, raw SQL', path: '/bench/raw/inbox', rawOf: `GET /api/inbox (${server.inboxItems} items)` },
];

/** Interleaved rounds of every route (route-rounds.mjs); each ratio to a replay is the median of the rounds'. */
export async function measureApiThroughput({ databaseUrl, ...rounds } = {}) {
  const server = await startPinnedServer('./api-server.mjs', { env: { BENCH_DATABASE_URL: databaseUrl ?? '' } });
  try {
    const ROUTES = routesOf(server);
    const results = await measureRoutes({ baseUrl: `http://127.0.0.1:${server.port}`, headers: { cookie: server.cookie }, routes: ROUTES, ...rounds });
    const user = results['GET /api/user'];
    const inbox = results[ROUTES[4].name];
    return {
      driver: server.driver,
      statements: server.statements,
      inboxStatements: server.inboxStatements,
      routes: results,
      userVsRaw: user.vsRaw,
      userVsRawRounds: user.vsRawRounds,
      userVsHello: +(user.rps / results['hello route'].rps).toFixed(2),
      inboxVsRaw: inbox.vsRaw,
      inboxVsRawRounds: inbox.vsRawRounds,
    };
  } finally {
    server.stop();
  }
}
