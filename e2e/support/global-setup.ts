import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN_EMAIL, E2E_ORIGIN, E2E_PORT, E2E_STATE_DIR, MAIL_FILE } from './environment';
import { adminContext } from './api';
import { startFakeNominatim } from '../../apps/server/src/test/fake-nominatim';
import { startSmtpReceiver } from '../../apps/server/src/test/smtp-receiver';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function waitUntilUp(server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Taxli server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${E2E_ORIGIN}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('Taxli server did not start in time');
}

/**
 * Starts a real SMTP receiver, a stand-in geocoder and the built Taxli server (PGlite in a fresh data
 * dir) on loopback. Returns the teardown that stops them.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const serverEntry = join(root, 'apps/server/dist/main.js');
  if (!existsSync(serverEntry)) throw new Error('Build first: npm run build');
  rmSync(E2E_STATE_DIR, { recursive: true, force: true });
  mkdirSync(E2E_STATE_DIR, { recursive: true });
  // Every mail as one JSON line: the test workers (other processes) read the codes out of the file.
  const smtp = await startSmtpReceiver(({ to, raw }) =>
    appendFileSync(MAIL_FILE, JSON.stringify({ to: to.map((address) => address.toLowerCase()), raw, at: Date.now() }) + '\n'),
  );
  // DECISIONS D9: the address search asks a geocoder on loopback, never a real map service.
  const geocoder = await startFakeNominatim();

  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(E2E_PORT),
      PUBLIC_ORIGIN: E2E_ORIGIN,
      DATA_DIR: join(E2E_STATE_DIR, 'data'),
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NOMINATIM_URL: geocoder.url,
      DEBUG_TOOLS: '0',
      TRUST_PROXY: 'loopback',
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      LOG_LEVEL: process.env.E2E_SERVER_LOG ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stopServer = () => server.exitCode === null && server.kill('SIGTERM');
  process.once('exit', stopServer);
  // 90 s: on a shared, busy machine PGlite's first start alone has taken over 30 s.
  await waitUntilUp(server, 90_000);
  // The first account to sign in becomes an administrator (D4), and administrators need a passkey
  // (issue 30): the e2e administrator signs in first, so that no test's new account is made one.
  await (await adminContext()).dispose();

  return async () => {
    stopServer();
    await smtp.close();
    await geocoder.close();
  };
}
