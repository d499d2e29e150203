import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { UploadResponse } from '@taxli/domain';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { MIGRATIONS_FOLDER, connectDatabase, openDatabase, pgliteDirectory, queryRows, type Database } from '../db/client.js';
import { migrationState } from '../db/migrations.js';
import type { BlobStore } from '../storage/blob-store.js';
import { localBlobDirectory } from '../storage/create-blob-store.js';
import { createLocalBlobStore } from '../storage/local-blob-store.js';
import { get, signIn } from '../test/auth-helpers.js';
import { CapturingMailer, TEST_ORIGIN, TEST_SECRET, testConfig, type TestContext } from '../test/build-test-app.js';
import { multipart, uploadParts } from '../test/multipart.js';
import { send } from '../test/status-helpers.js';
import { startFakeS3 } from '../test/fake-s3.js';
import { createPostgresDatabase } from '../test/postgres-database.js';
import { temporaryDirectory } from '../test/temporary-directory.js';
import { backupToFile } from './backup-to-file.js';
import { claimDataDir } from './data-dir-claim.js';
import { migrationsUpTo } from './migrations-up-to.js';
import { restoreFromFile } from './restore-from-file.js';
import { writeBackup } from './write-backup.js';
import { claimForServer, serveBackups } from './serve-backups.js';

/** The real clock: sessions made before the backup must still be open after the restore. */
const YEAR = new Date().getFullYear() - 1;
const MASTER_KEY = Buffer.alloc(32, 7);
const pdf = (text: string, size = 0) => Buffer.concat([Buffer.from(`%PDF-1.7\n${text}\n`), randomBytes(size)]);

type Driver = 'pglite' | 'pg';
/** Backed up from, restored to: PGlite always; with TEST_DATABASE_URL also PostgreSQL, and PGlite → PostgreSQL. */
const moves: [Driver, Driver][] = process.env.TEST_DATABASE_URL
  ? [
      ['pglite', 'pglite'],
      ['pg', 'pg'],
      ['pglite', 'pg'],
    ]
  : [['pglite', 'pglite']];

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A new, empty PostgreSQL database, dropped after the test. */
async function emptyPostgres(): Promise<string> {
  const { url, drop } = await createPostgresDatabase('taxli_backup');
  cleanups.push(drop);
  return url;
}

interface Place {
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PGlite in memory rather than in DATA_DIR/pg: a server-made backup reads it through the server
   * all the same, and a new database on disk takes seconds. Restores and backups without a server
   * always go to the disk.
   */
  inMemory?: boolean;
}

async function newPlace(driver: Driver, inMemory = false): Promise<Place> {
  return { dataDir: temporaryDirectory('taxli-backup'), databaseUrl: driver === 'pg' ? await emptyPostgres() : undefined, inMemory };
}

/** What the commands read: the server's environment. */
const envOf = (place: Place, overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  DATA_DIR: place.dataDir,
  MASTER_KEY: MASTER_KEY.toString('hex'),
  SESSION_SECRET: TEST_SECRET,
  ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
  ...overrides,
});

interface Server {
  app: FastifyInstance;
  database: Database;
  ctx: TestContext;
  stop(): Promise<void>;
}

/** The server as main.ts starts it: the DATA_DIR taken, then the database, the app and the backup socket. */
async function startServer(place: Place, wrapBlobs?: (blobs: BlobStore, server: Server) => BlobStore, overrides: Partial<Config> = {}): Promise<Server> {
  const config = testConfig({ dataDir: place.dataDir, databaseUrl: place.databaseUrl, masterKey: MASTER_KEY, ...overrides });
  const claim = await claimForServer(config, console);
  const database = await openDatabase(place.databaseUrl, place.inMemory ? 'memory://' : pgliteDirectory(place.dataDir));
  const mailer = new CapturingMailer();
  const app = await buildApp({ config, database, mailer, logger: false });
  let stopped = false;
  const server: Server = {
    app,
    database,
    ctx: { app, database, mailer } as unknown as TestContext,
    async stop() {
      if (stopped) return;
      stopped = true;
      await claim?.close();
      await app.close();
      await database.close();
    },
  };
  cleanups.push(() => server.stop());
  serveBackups(claim!, { database, blobs: wrapBlobs ? wrapBlobs(app.deps.blobs, server) : app.deps.blobs, config }, app.log);
  return server;
}

async function upload(app: FastifyInstance, cookie: string, filename: string, data: Buffer, categoryId = 5) {
  const { payload, contentType } = multipart(uploadParts(categoryId, YEAR, [{ filename, data }]));
  const response = await app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { origin: TEST_ORIGIN, 'content-type': contentType, cookie } });
  const [result] = response.json<UploadResponse>().files;
  if (result?.status !== 'fulfilled') throw new Error(`upload failed: ${response.body}`);
  return result.value;
}

const deleteFile = (app: FastifyInstance, cookie: string, id: number) =>
  app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: { origin: TEST_ORIGIN, cookie } });

interface Uploaded {
  cookie: string;
  fileId: number;
  version: number;
  bytes: Buffer;
  /** Where it is read back, when not a document version's content (the prepared return). */
  url?: string;
}

/** Two people's data through the API: documents with versions (one over several 1 MiB frames), a deletion, a message, sealed and JSON fields. */
async function fill(server: Server): Promise<Uploaded[]> {
  const { app } = server;
  const anna = await signIn(server.ctx, 'anna.backup@example.ch', { rememberDevice: true });
  const beat = await signIn(server.ctx, 'beat.backup@example.ch');
  const uploaded: Uploaded[] = [];
  const keep = async (cookie: string, name: string, bytes: Buffer, categoryId?: number) => {
    const { fileId, version } = await upload(app, cookie, name, bytes, categoryId);
    uploaded.push({ cookie, fileId, version, bytes });
  };
  await keep(anna.cookie, 'lohnausweis.pdf', pdf('Lohnausweis v1'));
  await keep(anna.cookie, 'lohnausweis.pdf', pdf('Lohnausweis v2, korrigiert'));
  await keep(anna.cookie, 'kontoauszug-gross.pdf', pdf('Kontoauszug', 2_500_000), 1);
  await keep(beat.cookie, 'säule-3a.txt', Buffer.from('Einzahlung Säule 3a: CHF 7’056 — «Zürich»\n'), 3);
  const gone = await upload(app, beat.cookie, 'falsch.pdf', pdf('wrong file'));
  expect((await deleteFile(app, beat.cookie, gone.fileId)).statusCode).toBe(200);

  // The prepared return of Beat's year before (its documents stay his to delete), uploaded by Anna
  // (the first account, an admin, who may act as an expert): a blob a prepared_returns row names.
  await app.services.taxStatus.adminSetStatus(anna.user.id, beat.user.id, YEAR - 1, 4);
  const prepared = pdf('Steuererklärung, vorbereitet');
  const preparedUrl = `/api/expert/returns/${beat.user.id}/${YEAR - 1}/prepared-return`;
  const form = multipart([{ name: 'file', filename: 'steuererklaerung.pdf', data: prepared }]);
  const posted = await app.inject({ method: 'POST', url: preparedUrl, payload: form.payload, headers: { origin: TEST_ORIGIN, 'content-type': form.contentType, cookie: anna.cookie } });
  expect(posted.statusCode).toBe(201);
  uploaded.push({ cookie: anna.cookie, fileId: 0, version: 1, bytes: prepared, url: preparedUrl });

  expect((await send(app, 'POST', '/api/send-message', anna.cookie, { message: 'Bitte rufen Sie mich an, Zürich-Wohnung' })).statusCode).toBe(201);
  const spouse = { taxYear: YEAR, firstName: 'Zoë', lastName: 'Müller-Ça', age: 41, occupation: 'Ingenieurin', ahvNumber: '756.1234.5678.97', taxId: '' };
  expect((await send(app, 'PUT', '/api/advanced-tax-info/spouse', anna.cookie, spouse)).statusCode).toBe(200);
  const authorization = { taxYear: YEAR, taxAddressEnabled: true, powerOfAttorneyEnabled: true, canton: 'ZH', tinNumber: '987.654.321', powerOfAttorneyAccepted: true };
  expect((await send(app, 'PUT', '/api/advanced-tax-info/authorization', anna.cookie, authorization)).statusCode).toBe(200);
  await readsEnded(server.database);
  return uploaded;
}

/**
 * Waits (a bounded number of looks) until the background reads of the uploads ended (issue 29), so
 * that the account of the source taken next is the one a restore must bring back.
 */
async function readsEnded(database: Database): Promise<void> {
  for (let look = 0; look < 600; look++) {
    const pending = await queryRows<{ version_id: number }>(database.db, sql`select version_id from document_extractions where status = 'pending'`);
    if (pending.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the reads did not end');
}

/**
 * Every row of every table but one (as PostgreSQL's own JSON of the row, in UTC, sorted), the migrations
 * recorded and every sequence's position: an account of the database independent of the archive's
 * text forms.
 */
async function everything(database: Database) {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    // Left out: expert_queue_changes says which connections wrote the queue last (its version, migration
    // 0017), not what it holds; expert_queue_rows, derived too, must come back equal and is compared.
    const tables = await queryRows<{ name: string }>(
      tx as never,
      sql`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'expert_queue_changes' order by 1`,
    );
    const rows: Record<string, string[]> = {};
    for (const { name } of tables) {
      const result = await queryRows<{ row: string }>(tx as never, sql`select to_jsonb(t)::text as row from ${sql.identifier(name)} t`);
      rows[name] = result.map((r) => r.row).sort();
    }
    const migrations = await queryRows(tx as never, sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by id`);
    const sequences = await queryRows(tx as never, sql`select sequencename, last_value::text from pg_sequences where schemaname = 'public' order by 1`);
    return { rows, migrations, sequences };
  });
}

async function download(app: FastifyInstance, file: Uploaded) {
  return get(app, file.url ?? `/api/files/${file.fileId}/versions/${file.version}/content`, { cookie: file.cookie });
}

/** Every committed migration, oldest first. */
const committedMigrations = (): string[] =>
  (JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries.map((e) => e.tag);

interface Archive {
  file: string;
  source: Place;
  uploaded: Uploaded[];
  /** The source database as it was when the backup was taken. */
  before: Awaited<ReturnType<typeof everything>>;
}

/** One archive per source driver, made while its server runs, shared by the tests that only read it. */
const archives = new Map<Driver, Promise<Archive>>();
function archiveOf(driver: Driver): Promise<Archive> {
  if (!archives.has(driver)) archives.set(driver, makeArchive(driver));
  return archives.get(driver)!;
}
async function makeArchive(driver: Driver): Promise<Archive> {
  const source = await newPlace(driver, true);
  const server = await startServer(source);
  const uploaded = await fill(server);
  const file = join(temporaryDirectory('taxli-archive'), 'taxli.tar.gz');
  const backup = await backupToFile(file, { DATA_DIR: source.dataDir });
  expect(backup.madeBy).toBe('server');
  expect(backup.manifest).toMatchObject({ format: 'taxli-backup', formatVersion: 1, blobs: { count: 5 }, sourceDatabase: driver });
  expect(backup.manifest.notIncluded).toContain('MASTER_KEY');
  expect(backup.manifest.tables.find((t) => t.name === 'users')?.rows).toBe(2);
  const before = await everything(server.database);
  await server.stop();
  return { file, source, uploaded, before };
}

const SLOW = 180_000; // a new PGlite database on disk takes seconds on a busy machine

describe.each(moves)('backup on %s, restore on %s', (from, to) => {
  it(
    'brings back every row and every document, decrypted byte for byte, from an archive the running server wrote',
    async () => {
      const { file, uploaded, before } = await archiveOf(from);
      const target = await newPlace(to);
      const restored = await restoreFromFile(file, envOf(target));
      expect(restored.warnings).toEqual([]);

      const after = await startServer(target);
      expect(await everything(after.database)).toEqual(before);
      expect(Object.values(before.rows).flat().length).toBeGreaterThan(20);
      for (const version of uploaded) {
        const answer = await download(after.app, version);
        expect(answer.statusCode).toBe(200);
        expect(answer.rawPayload.equals(version.bytes)).toBe(true);
      }
      // The sealed fields open, the sessions hold, and new rows continue the restored ids.
      const [anna] = uploaded;
      expect((await get(after.app, `/api/advanced-tax-info?taxYear=${YEAR}`, { cookie: anna!.cookie })).json().spouse).toMatchObject({
        ahvNumber: '756.1234.5678.97',
        firstName: 'Zoë',
      });
      const next = await upload(after.app, anna!.cookie, 'neu.pdf', pdf('after the restore'));
      expect(next.fileId).toBeGreaterThan(Math.max(...uploaded.map((u) => u.fileId)) + 1);
    },
    SLOW,
  );

  it(
    'refuses a target that is not empty, naming what it found, and writes nothing',
    async () => {
      const { file } = await archiveOf(from);
      // A database a server has used: one person signed in.
      const used = await newPlace(to);
      const other = await startServer(used);
      await signIn(other.ctx, 'someone.else@example.ch');
      const rowsBefore = await everything(other.database);
      await other.stop();
      await expect(restoreFromFile(file, envOf(used))).rejects.toThrow(/^The target database is not empty \(.*users: 1 rows.*\): restore into a new DATA_DIR/);
      const again = await startServer(used);
      expect(await everything(again.database)).toEqual(rowsBefore);

      // A file in DATA_DIR/blobs: refused before any database is opened.
      const withBlobs = await newPlace(to);
      mkdirSync(localBlobDirectory(withBlobs.dataDir));
      writeFileSync(join(localBlobDirectory(withBlobs.dataDir), 'someone-elses-blob-0001'), 'x');
      await expect(restoreFromFile(file, envOf(withBlobs))).rejects.toThrow(/blobs already holds 1 files: restore into a new DATA_DIR/);
      expect(existsSync(pgliteDirectory(withBlobs.dataDir))).toBe(false);
    },
    SLOW,
  );
});

describe('backup and restore (PGlite)', () => {
  const pglite = () => newPlace('pglite');
  const archivePath = () => join(temporaryDirectory('taxli-archive'), 'taxli.tar.gz');

  it(
    'leaves every restored file private (folders 0700, files 0600), before any server has started on it',
    async () => {
      const { file } = await archiveOf('pglite');
      const target = await pglite();
      const previous = process.umask(0o022);
      try {
        await restoreFromFile(file, envOf(target));
      } finally {
        process.umask(previous);
      }
      const open: string[] = [];
      const walk = (path: string) => {
        const stats = lstatSync(path);
        const mode = stats.mode & 0o777;
        if (stats.isDirectory()) {
          if (mode !== 0o700) open.push(`${path} ${mode.toString(8)}`);
          for (const entry of readdirSync(path)) walk(join(path, entry));
        } else if ((mode & 0o077) !== 0) {
          open.push(`${path} ${mode.toString(8)}`);
        }
      };
      walk(target.dataDir);
      expect(readdirSync(join(target.dataDir, 'pg')).length).toBeGreaterThan(0);
      expect(readdirSync(localBlobDirectory(target.dataDir))).toHaveLength(5);
      expect(open).toEqual([]);
    },
    SLOW,
  );

  it(
    'keeps the archive consistent when a document is deleted during the backup: that attempt is dropped and the next has neither its row nor its blob',
    async () => {
      const source = await newPlace('pglite', true);
      let deleted: number | undefined;
      const server = await startServer(source, (blobs, self) => ({
        ...blobs,
        // The first document's blob the backup reads: its document is deleted through the API just before.
        async get(key) {
          if (deleted === undefined) {
            const [row] = await queryRows<{ id: number }>(self.database.db, sql`select document_id as id from document_versions where storage_key = ${key}`);
            if (row) {
              deleted = row.id;
              const owner = uploaded.find((u) => u.fileId === deleted)!;
              expect((await deleteFile(self.app, owner.cookie, deleted)).statusCode).toBe(200);
            }
          }
          return blobs.get(key);
        },
      }));
      const uploaded = await fill(server);
      const file = archivePath();

      const backup = await backupToFile(file, { DATA_DIR: source.dataDir });
      expect(backup.attempts).toBe(2);
      const remaining = uploaded.filter((u) => u.fileId !== deleted);
      expect(backup.manifest.blobs.count).toBe(remaining.length);
      expect(remaining.length).toBeLessThan(uploaded.length);
      const before = await everything(server.database);
      await server.stop();

      const target = await pglite();
      await restoreFromFile(file, envOf(target));
      const after = await startServer(target);
      expect(await everything(after.database)).toEqual(before);
      for (const version of remaining) expect((await download(after.app, version)).rawPayload.equals(version.bytes)).toBe(true);
      expect(readdirSync(localBlobDirectory(target.dataDir))).toHaveLength(remaining.length);
    },
    SLOW,
  );

  it(
    'makes the archive without a server (holding the DATA_DIR meanwhile), and fails, keeping no file, when the store has lost a blob',
    async () => {
      const source = await pglite();
      const server = await startServer(source);
      await fill(server);
      await server.stop();

      const file = archivePath();
      const backup = await backupToFile(file, envOf(source));
      expect(backup.madeBy).toBe('command');
      expect(backup.manifest.blobs.count).toBe(5);
      await expect(backupToFile(file, envOf(source))).rejects.toThrow(/already exists/);

      const [lost] = readdirSync(localBlobDirectory(source.dataDir));
      rmSync(join(localBlobDirectory(source.dataDir), lost!));
      const second = archivePath();
      await expect(backupToFile(second, envOf(source))).rejects.toThrow(`The blob store has lost blob ${lost}`);
      expect(existsSync(second) || existsSync(`${second}.partial`)).toBe(false);
      // With the server running, the same failure reaches the command inside the archive.
      await startServer(source);
      await expect(backupToFile(second, { DATA_DIR: source.dataDir })).rejects.toThrow(`The blob store has lost blob ${lost}`);
      expect(existsSync(second) || existsSync(`${second}.partial`)).toBe(false);
    },
    SLOW,
  );

  it(
    'restores the documents into the blob store the target uses: an S3 bucket (s3rver on loopback)',
    async () => {
      const { file, uploaded, before } = await archiveOf('pglite');
      // As in production, the S3 client takes its credentials from the usual variables (startFakeS3 sets them).
      const s3 = await startFakeS3('taxli-restored');
      cleanups.push(() => s3.close());
      const target = await pglite();
      const { endpoint } = s3.settings;
      await restoreFromFile(file, envOf(target, { S3_BUCKET: 'taxli-restored', S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: '1' }));
      expect(existsSync(localBlobDirectory(target.dataDir))).toBe(false);

      const after = await startServer(target, undefined, { s3: { bucket: 'taxli-restored', endpoint, region: 'us-east-1', forcePathStyle: true } });
      expect(await everything(after.database)).toEqual(before);
      for (const version of uploaded) expect((await download(after.app, version)).rawPayload.equals(version.bytes)).toBe(true);
    },
    SLOW,
  );

  it(
    'refuses to restore with another MASTER_KEY or none, or while a server runs; warns when SESSION_SECRET differs',
    async () => {
      const { file } = await archiveOf('pglite');
      const target = await pglite();
      const running = await claimDataDir(target.dataDir, 'server');
      await expect(restoreFromFile(file, envOf(target))).rejects.toThrow(`A Taxli server is running on ${target.dataDir}: stop it first.`);
      await running.close();

      await expect(restoreFromFile(file, envOf(target, { MASTER_KEY: Buffer.alloc(32, 8).toString('hex') }))).rejects.toThrow(
        /^MASTER_KEY is not the key of the server this backup comes from/,
      );
      await expect(restoreFromFile(file, envOf(target, { MASTER_KEY: '' }))).rejects.toThrow(/MASTER_KEY: not set, and .*master\.key does not exist/);
      expect(existsSync(pgliteDirectory(target.dataDir))).toBe(false);

      const restored = await restoreFromFile(file, envOf(target, { SESSION_SECRET: 'another-session-secret-that-is-long-enough-42' }));
      expect(restored.warnings).toEqual([expect.stringMatching(/^SESSION_SECRET is not the one of the server this backup comes from/)]);
    },
    SLOW,
  );

  it(
    'restores an archive of an older migration: the tables as they were, then the rows, then the later migrations',
    async () => {
      const applied = committedMigrations();
      const older = applied.slice(0, -1);
      const migrations = await migrationsUpTo(older);
      const database = await connectDatabase(undefined, 'memory://', migrations.folder);
      await database.migrate();
      await database.db.execute(sql`insert into users (email, first_name) values ('old@example.ch', 'Örs')`);
      await database.db.execute(sql`insert into tax_year_sections (user_id, tax_year) values (1, 2024)`);
      const file = archivePath();
      const pack = tar.pack();
      const written = pipeline(pack, createGzip(), createWriteStream(file));
      const blobs = await createLocalBlobStore(temporaryDirectory('taxli-blobs'));
      const manifest = await writeBackup(pack, { database, blobs, config: { masterKey: MASTER_KEY, sessionSecret: TEST_SECRET } });
      await written;
      await database.close();
      await migrations.remove();
      expect(manifest.migration.latest).toBe(older.at(-1));

      const target = await pglite();
      await restoreFromFile(file, envOf(target));
      const restored = await connectDatabase(undefined, pgliteDirectory(target.dataDir));
      cleanups.push(() => restored.close());
      expect(await migrationState(restored.db)).toMatchObject({ upToDate: true, applied });
      expect(await queryRows(restored.db, sql`select email, first_name from users`)).toEqual([{ email: 'old@example.ch', first_name: 'Örs' }]);
      // Columns the last migration added, with its defaults.
      expect(await queryRows(restored.db, sql`select tax_year, section_toggles, children from tax_year_sections`)).toEqual([
        { tax_year: 2024, section_toggles: {}, children: [] },
      ]);
    },
    SLOW,
  );

  it(
    'refuses a file that is not a whole Taxli backup, and leaves the target empty',
    async () => {
      const { file } = await archiveOf('pglite');
      const cut = `${file}.cut`;
      writeFileSync(cut, readFileSync(file).subarray(0, 4000));
      const target = await pglite();
      await expect(restoreFromFile(cut, envOf(target))).rejects.toThrow(/^The archive is damaged or cut short: unexpected end of file/);
      const after = await startServer(target);
      expect(Object.values((await everything(after.database)).rows).flat()).toEqual([]);

      const notOurs = `${file}.txt`;
      writeFileSync(notOurs, 'hello');
      await expect(restoreFromFile(notOurs, envOf(await pglite()))).rejects.toThrow(/^The archive is damaged or cut short/);
    },
    SLOW,
  );
});
