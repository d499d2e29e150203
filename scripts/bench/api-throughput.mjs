// Requests per second and p99 of authenticated GET /api/user, of the raw-SQL replay of the same
// statements, and of a bare hello route of the same app. The server runs in a child process pinned
// to core 0; autocannon runs here, pinned to core 1 (see run.mjs).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const ROUTES = [
  { name: 'GET /api/user', path: '/api/user' },
  { name: 'raw SQL, same statements', path: '/bench/raw-user' },
  { name: 'hello route', path: '/bench/hello' },
];

function startServer(databaseUrl) {
  const child = spawn('taskset', ['-c', '0', process.execPath, new URL('./api-server.mjs', import.meta.url).pathname], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve({ child, ...JSON.parse(line) }));
  });
}

function load(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: 10, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export async function measureApiThroughput({ databaseUrl, duration = 10, warmup = 3 } = {}) {
  const server = await startServer(databaseUrl);
  try {
    const results = {};
    for (const route of ROUTES) {
      const url = `http://127.0.0.1:${server.port}${route.path}`;
      const headers = { cookie: server.cookie };
      await load(url, headers, warmup);
      const result = await load(url, headers, duration);
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${route.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      }
      results[route.name] = { rps: Math.round(result.requests.average), p99ms: result.latency.p99 };
    }
    const user = results['GET /api/user'];
    const raw = results['raw SQL, same statements'];
    const hello = results['hello route'];
    return {
      driver: server.driver,
      statements: server.statements,
      routes: results,
      userVsRaw: +(user.rps / raw.rps).toFixed(2),
      userVsHello: +(user.rps / hello.rps).toFixed(2),
    };
  } finally {
    server.child.removeAllListeners('exit');
    server.child.kill('SIGTERM');
  }
}
