import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { multipart, uploadParts } from './multipart.js';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const main = fileURLToPath(new URL('../main.ts', import.meta.url));

/** The real server (`src/main.ts` through tsx), as `npm start` runs it, in a child process of its own. */
export interface ServerProcess {
  port: number;
  /** What the browser would call the server (PUBLIC_ORIGIN): the Origin of state-changing requests. */
  origin: string;
  /** Its log lines, parsed (pino JSON on stdout). */
  logs: { level: number; msg: string; [field: string]: unknown }[];
  /** Resolves with the first log line `matches` accepts, now or later. */
  logLine(matches: (line: ServerProcess['logs'][number]) => boolean): Promise<ServerProcess['logs'][number]>;
  stop(signal?: NodeJS.Signals): Promise<void>;
  child: ChildProcess;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/**
 * Starts the server on `dataDir` with the embedded database and the dev outbox, under the given
 * umask (a shell sets it, as an operator's login would), and waits until /api/health answers 200.
 */
export async function startServerProcess(
  dataDir: string,
  { umask = '022', port, env = {} }: { umask?: string; port?: number; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const chosenPort = port ?? (await freePort());
  const origin = `http://localhost:${chosenPort}`;
  const child = spawn('/bin/sh', ['-c', `umask ${umask} && exec "$0" "$@"`, process.execPath, '--conditions=source', '--import', 'tsx', main], {
    cwd: serverRoot,
    // A clean environment: nothing of the test process (a DATABASE_URL, S3 settings) may leak in.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(chosenPort),
      PUBLIC_ORIGIN: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: ServerProcess['logs'] = [];
  const waiting: { matches: (line: ServerProcess['logs'][number]) => boolean; resolve: (line: ServerProcess['logs'][number]) => void }[] = [];
  let pending = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const text of lines) {
      if (!text.startsWith('{')) continue;
      const line = JSON.parse(text) as ServerProcess['logs'][number];
      logs.push(line);
      for (const waiter of waiting.filter((w) => w.matches(line))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit');

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer in time: ${stderr}`);
    const health = await fetch(`http://127.0.0.1:${chosenPort}/api/health`).catch(() => undefined);
    if (health?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    port: chosenPort,
    origin,
    logs,
    child,
    logLine: (matches) => {
      const seen = logs.find(matches);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiting.push({ matches, resolve }));
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Signs in through the real endpoints, reading the code from the dev outbox's page; answers the cookie header. */
export async function signInOverHttp(server: ServerProcess, email: string): Promise<string> {
  const base = `http://127.0.0.1:${server.port}`;
  const headers = { origin: server.origin, 'content-type': 'application/json' };
  const requested = await fetch(`${base}/api/auth/request-code`, { method: 'POST', headers, body: JSON.stringify({ email }) });
  if (requested.status !== 200) throw new Error(`request-code answered ${requested.status}`);
  const mailbox = await (await fetch(`${base}/dev/mailbox`)).text();
  const code = /<pre>[\s\S]*?\b(\d{6})\b/.exec(mailbox)?.[1];
  if (!code) throw new Error('no code in the dev outbox');
  const verified = await fetch(`${base}/api/auth/verify-code`, { method: 'POST', headers, body: JSON.stringify({ email, code }) });
  if (verified.status !== 200) throw new Error(`verify-code answered ${verified.status}`);
  return verified.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Uploads one document through the real endpoint; answers the HTTP status. */
export async function uploadOverHttp(server: ServerProcess, cookie: string, filename: string, data: Buffer): Promise<number> {
  const { payload, contentType } = multipart(uploadParts(5, 2025, [{ filename, data }]));
  const response = await fetch(`http://127.0.0.1:${server.port}/api/files/upload`, {
    method: 'POST',
    headers: { origin: server.origin, cookie, 'content-type': contentType },
    body: new Uint8Array(payload),
  });
  await response.arrayBuffer();
  return response.status;
}
