// throwaway: CPU profile of the server under the queue search
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { startPinnedServer } from './pinned-server.mjs';
import { BROWSER_ACCEPT_ENCODING, SEARCH_TERM } from './queue-seed.mjs';
spawnSync('taskset', ['-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
const server = await startPinnedServer('./queue-server.mjs', { env: { BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' }, nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/qprof', '--cpu-prof-interval=50'] });
const path = process.argv[2] ?? `/api/expert/returns?q=${SEARCH_TERM}`;
await autocannon({ url: `http://127.0.0.1:${server.port}${path}`, connections: 10, amount: 60000, headers: { cookie: server.cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
server.stop();
await new Promise((r) => setTimeout(r, 3000));
