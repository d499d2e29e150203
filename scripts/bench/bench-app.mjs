// Builds the real app from apps/server/dist for a benchmark: the same buildApp, config, database
// and migrations as `npm start`, with a mailer that keeps the sign-in code so the bench can sign in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase } from '../../apps/server/src/test/postgres-database.ts';

const dist = (path) => new URL(`../../apps/server/dist/${path}`, import.meta.url).href;

/**
 * `databaseUrl`: a PostgreSQL server's database beside which the app gets one of its own, as each
 * test suite does (dropped by `close`): the API and load figures once wrote into the tests' database
 * itself, and the thousands of uploads the load figure left there waited in the document-reading
 * queue of the next run's API server, which then never read its own letters. PGlite without it.
 * `blobs`, when given, makes the blob store from the run's data directory (the storage-fault
 * figure's failing disk). `withWeb` serves the built web app: apps/web/dist, or the folder it names
 * (two builds side by side).
 */
export async function buildBenchApp({ databaseUrl, withWeb = false, blobs } = {}) {
  const { loadConfig } = await import(dist('config.js'));
  const { openDatabase } = await import(dist('db/client.js'));
  const { buildApp } = await import(dist('app.js'));
  const ownDatabase = databaseUrl ? await createPostgresDatabase('taxli_bench', databaseUrl) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'taxli-bench-'));
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: ownDatabase?.url ?? '', LOG_LEVEL: 'silent' };
  // The flood guard still runs (its cost is part of every request), but must not refuse the load.
  env.RATE_LIMIT_PER_MINUTE = '1000000000';
  // Nor the storage quota and the hourly upload rate: a run stores about a gigabyte in thousands of
  // files. The free-disk floor stays, as in production.
  env.STORAGE_QUOTA_MB = '1000000000';
  env.UPLOAD_MB_PER_HOUR = '1000000000';
  env.UPLOAD_FILES_PER_HOUR = '1000000000';
  if (!ownDatabase) delete env.DATABASE_URL;
  const config = loadConfig(env);
  if (withWeb) config.webDistDir = typeof withWeb === 'string' ? withWeb : fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
  const database = await openDatabase(config.databaseUrl, join(dataDir, 'pg'));
  const mails = [];
  const mailer = { send: async (message) => void mails.push(message) };
  const app = await buildApp({ config, database, mailer, logger: false, blobs: await blobs?.(dataDir) });
  /** Stops the app and removes its data (a run leaves about a gigabyte of uploads otherwise). */
  async function close() {
    await app.close();
    await database.close();
    await ownDatabase?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { app, database, config, mails, close };
}

/** Signs a fresh user in through the real endpoints; returns the session cookie header. */
export async function signIn(app, mails, origin) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.ch`;
  const headers = { origin, 'content-type': 'application/json' };
  const requested = await app.inject({ method: 'POST', url: '/api/auth/request-code', headers, payload: { email } });
  if (requested.statusCode !== 200) throw new Error(`request-code answered ${requested.statusCode}`);
  const code = mails.findLast((m) => m.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no sign-in code in the captured mail');
  const verified = await app.inject({ method: 'POST', url: '/api/auth/verify-code', headers, payload: { email, code } });
  if (verified.statusCode !== 200) throw new Error(`verify-code answered ${verified.statusCode}`);
  return verified.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/**
 * Marks the user's sessions as confirmed with a passkey, as the second factor would (issue 30): an
 * expert's or an admin's routes refuse a session of the e-mail code alone.
 */
export async function confirmSecondFactor(database, userId) {
  await database.client.query(`update sessions set authenticated_by = 'email-code+passkey' where user_id = $1`, [userId]);
}
