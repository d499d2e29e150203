import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { openDatabase, pgliteDirectory, queryRows, type Database } from '../../db/client.js';
import { backupToFile } from '../../backup/backup-to-file.js';
import { restoreFromFile } from '../../backup/restore-from-file.js';
import { localBlobDirectory } from '../../storage/create-blob-store.js';
import { CapturingMailer, TEST_ORIGIN, TEST_SECRET, drivers, testConfig, type Driver, type TestContext } from '../../test/build-test-app.js';
import { createPostgresDatabase } from '../../test/postgres-database.js';
import { post, signIn } from '../../test/auth-helpers.js';
import { multipart, uploadParts } from '../../test/multipart.js';
import { temporaryDirectory } from '../../test/temporary-directory.js';
import { everyRowAsText, readsEnded } from '../../test/erasure-helpers.js';
import { scanDataDir } from '../../test/data-dir-scan.js';
import { ERASURE_LEDGER_FILE } from '../../erasure/erasure-ledger-file.js';

const MASTER_KEY = Buffer.alloc(32, 7);
const YEAR = new Date().getFullYear() - 1;
/** Where a server keeps its data: a DATA_DIR, and the embedded database in it or a PostgreSQL database. */
interface Place {
  dataDir: string;
  databaseUrl: string | undefined;
}
const envOf = ({ dataDir, databaseUrl }: Place): NodeJS.ProcessEnv => ({
  DATA_DIR: dataDir,
  MASTER_KEY: MASTER_KEY.toString('hex'),
  SESSION_SECRET: TEST_SECRET,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

interface Server {
  app: FastifyInstance;
  database: Database;
  ctx: TestContext;
  close(): Promise<void>;
}

const open: Server[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const server of open.splice(0)) await server.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function newPlace(driver: Driver, label: string): Promise<Place> {
  if (driver === 'pglite') return { dataDir: temporaryDirectory(label), databaseUrl: undefined };
  const { url, drop } = await createPostgresDatabase('taxli_erasure');
  cleanups.push(drop);
  return { dataDir: temporaryDirectory(label), databaseUrl: url };
}

/** A server on a DATA_DIR of its own (embedded database on disk, local blobs), with the real clock. */
async function serverOn({ dataDir, databaseUrl }: Place): Promise<Server> {
  const database = await openDatabase(databaseUrl, pgliteDirectory(dataDir));
  const mailer = new CapturingMailer();
  const app = await buildApp({ config: testConfig({ dataDir, databaseUrl, masterKey: MASTER_KEY }), database, mailer, logger: false });
  let closed = false;
  const server: Server = {
    app,
    database,
    ctx: { app, database, mailer } as unknown as TestContext,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.close();
    },
  };
  open.push(server);
  return server;
}

async function upload(app: FastifyInstance, cookie: string, text: string) {
  const { payload, contentType } = multipart(uploadParts(5, YEAR, [{ filename: 'lohnausweis.txt', data: Buffer.from(text) }]));
  const response = await app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType } });
  expect(response.json().files[0].status).toBe('fulfilled');
}

describe.each(drivers)('a restore does not bring an erased person back (%s)', (driver) => {
  it('re-applies the erasures of the ledger copied into the new DATA_DIR, and touches nobody else', async () => {
    const source = await newPlace(driver, 'taxli-erasure-source');
    let server = await serverOn(source);
    await signIn(server.ctx, 'admin.restore@example.ch');
    const anna = await signIn(server.ctx, 'anna.restore@example.ch');
    const beat = await signIn(server.ctx, 'beat.restore@example.ch');
    await upload(server.app, anna.cookie, 'Annas Lohnausweis, marker-anna-3c9d');
    await upload(server.app, beat.cookie, 'Beats Lohnausweis, marker-beat-8e21');
    await readsEnded(server.database);
    await server.close();

    // The backup is taken before Anna's erasure.
    const archive = join(temporaryDirectory('taxli-erasure-archive'), 'before.tar.gz');
    await backupToFile(archive, envOf(source));

    server = await serverOn(source);
    expect((await post(server.app, '/api/account/delete/request-code', undefined, { cookie: anna.cookie })).statusCode).toBe(200);
    const erased = await post(server.app, '/api/account/delete', { code: server.ctx.mailer.codeFor('anna.restore@example.ch') }, { cookie: anna.cookie });
    expect(erased.statusCode).toBe(200);
    await server.close();
    // The ledger's copy outside the database holds numbers and instants only.
    const ledger = readFileSync(join(source.dataDir, ERASURE_LEDGER_FILE), 'utf8');
    expect(ledger).toMatch(new RegExp(`^\\{"userId":${anna.user.id},"accountCreatedAt":"[^"]+","erasedAt":"[^"]+","kind":"full","retainedUntil":null\\}\\n$`));

    // A new DATA_DIR, as after losing the machine: master.key's and the ledger's copies, then the restore.
    const target = await newPlace(driver, 'taxli-erasure-target');
    copyFileSync(join(source.dataDir, ERASURE_LEDGER_FILE), join(target.dataDir, ERASURE_LEDGER_FILE));
    const restored = await restoreFromFile(archive, envOf(target));
    expect(restored.erasuresApplied).toBe(1);
    expect(readdirSync(localBlobDirectory(target.dataDir))).toHaveLength(1);
    // Outside the database's own files (which keep deleted row versions until PostgreSQL reuses
    // them, ADR 0020), no file of the DATA_DIR names her: the blobs, the ledger, the secrets.
    const scan = scanDataDir(target.dataDir);
    const outsideDatabase = (files: string[]) => files.filter((file) => !file.startsWith(join(target.dataDir, 'pg')));
    expect(outsideDatabase(scan.holding('anna.restore@example.ch'))).toEqual([]);
    expect(outsideDatabase(scan.files)).toContain(join(target.dataDir, ERASURE_LEDGER_FILE));

    server = await serverOn(target);
    const text = await everyRowAsText(server.database);
    expect(text).not.toContain('anna.restore@example.ch');
    expect(text).toContain('beat.restore@example.ch');
    expect(await queryRows(server.database.db, sql`select user_id from erasures`)).toEqual([{ user_id: anna.user.id }]);
    // Beat's document opens as before; Anna's address can sign up afresh.
    const files = await server.app.inject({ method: 'GET', url: `/api/files?taxYear=${YEAR}`, headers: { cookie: beat.cookie } });
    const [file] = files.json<{ id: number }[]>();
    const content = await server.app.inject({ method: 'GET', url: `/api/files/${file!.id}/versions/1/content`, headers: { cookie: beat.cookie } });
    expect(content.body).toContain('marker-beat-8e21');
    const again = await signIn(server.ctx, 'anna.restore@example.ch');
    expect(again.user.id).not.toBe(anna.user.id);
    // The restore added to the ledger file nothing it did not hold already.
    await server.close();
    expect(readFileSync(join(target.dataDir, ERASURE_LEDGER_FILE), 'utf8')).toBe(ledger);
  }, 120_000);
});
