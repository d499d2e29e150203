// What the server process itself spends per request (its user + system CPU time, read from
// /proc/<pid>/stat around a fixed number of requests) on the expert queue's first page and search
// and on their raw SQL replays (raw-replay.mjs), and on GET /api/user. Unlike requests per second,
// this leaves out PostgreSQL's processes and how the two cores were shared among the server,
// PostgreSQL and the load, so the route's own cost shows apart from the machine's (issue 31 item 1;
// docs/performance.md). Linux only.
//   node scripts/bench/queue-cpu.mjs   (after `npm run build`; TEST_DATABASE_URL=postgres://… for PostgreSQL, else PGlite)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startPinnedServer } from './pinned-server.mjs';
import { BROWSER_ACCEPT_ENCODING, SEARCH_TERM } from './queue-seed.mjs';

const REQUESTS = 20_000;
const ROUNDS = 5;
const ROUTES = ['/api/user', '/api/expert/returns', '/bench/raw/queue-first-page', `/api/expert/returns?q=${SEARCH_TERM}`, '/bench/raw/queue-search'];

spawnSync('taskset', ['-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
const server = await startPinnedServer('./queue-server.mjs', { env: { BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } });
try {
  // Fields 14 and 15 of /proc/<pid>/stat (after the command's parenthesis): user and system time in clock ticks of 10 ms.
  const cpuTicks = () => {
    const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const run = async (path, amount) => {
    const result = await autocannon({
      url: `http://127.0.0.1:${server.port}${path}`,
      connections: 10,
      amount,
      headers: { cookie: server.cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  };
  for (const path of ROUTES) await run(path, 3_000); // warm-up
  const perRequest = Object.fromEntries(ROUTES.map((path) => [path, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const path of ROUTES) {
      const before = cpuTicks();
      await run(path, REQUESTS);
      perRequest[path].push(((cpuTicks() - before) * 10_000) / REQUESTS);
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`Server CPU per request, µs (${server.driver}; median of ${ROUNDS} rounds of ${REQUESTS} requests, 10 connections)`);
  for (const path of ROUTES) console.log(`  ${path.padEnd(36)} ${median(perRequest[path]).toFixed(0).padStart(5)}   rounds ${perRequest[path].map((v) => v.toFixed(0)).join(', ')}`);
} finally {
  server.stop();
}
