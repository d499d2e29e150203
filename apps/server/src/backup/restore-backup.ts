import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { connectDatabase, inTransaction, openDatabase, pgliteDirectory, queryRows, type Database, type Db } from '../db/client.js';
import { migrationState } from '../db/migrations.js';
import type { BlobStore } from '../storage/blob-store.js';
import { createBlobStore, localBlobDirectory } from '../storage/create-blob-store.js';
import { BLOB_PREFIX, FAILED_ENTRY, SEQUENCES_ENTRY, TABLE_PART_PATTERN, fingerprint, type Manifest, type TableManifest } from './archive-format.js';
import { blobRows } from './blob-references.js';
import { failure, parseManifest, rowCount } from './check-archive.js';
import { countRows, listSequences, listTables } from './database-catalog.js';
import { migrationsUpTo } from './migrations-up-to.js';
import { archiveEntries, type ArchiveEntry } from './tar-entries.js';
import { applyErasureLedger } from '../erasure/apply-erasure-ledger.js';
import { ledgerFileOf } from '../erasure/erasure-ledger-file.js';
import type { SequencePosition } from './write-backup.js';

/** The target or the archive is not one a restore may go ahead with; nothing was written. */
export class RestoreRefusedError extends Error {}

export interface RestoreResult {
  manifest: Manifest;
  /** What the operator should know although the restore went ahead. */
  warnings: string[];
  /** Accounts of the backup erased again because the erasure ledger names them (ADR 0020). */
  erasuresApplied: number;
}

/** Rows per INSERT, and at most about this many bytes of them. */
const BATCH_ROWS = 1000;
const BATCH_BYTES = 1024 * 1024;
const BLOB_KEY = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * Restores an archive into the database and blob store `config` names (PGlite in DATA_DIR or
 * DATABASE_URL; DATA_DIR/blobs or S3_BUCKET), which must be empty. The caller keeps the server
 * stopped (restore-from-file.ts holds the DATA_DIR). In order: the manifest is checked (format,
 * migrations this Taxli knows, MASTER_KEY), then the target (no rows, no blobs); the tables are
 * created by the migrations up to the archive's, the rows, sequences and blobs go in in one
 * transaction, and the rest of the migrations follow. A failure rolls the rows back and deletes
 * the blobs written, so the target is empty again and the restore can be run again.
 */
export async function restoreArchive(source: Readable, config: Config): Promise<RestoreResult> {
  const entries = archiveEntries(source);
  try {
    const first = await entries.next();
    if (first.done) throw new RestoreRefusedError('The backup is empty.');
    const manifest = parseManifest(first.value);
    const warnings = checkSecrets(manifest, config);
    await refuseUsedBlobDirectory(config);
    const migrations = await migrationsUpTo(manifest.migration.applied);
    try {
      const target = await connectDatabase(config.databaseUrl, pgliteDirectory(config.dataDir), migrations.folder);
      try {
        await refuseUsedDatabase(target.db, manifest);
        await target.migrate();
        await checkSameTables(target.db, manifest);
        await restoreContent(target, await createBlobStore(config), manifest, entries);
      } finally {
        await target.close();
      }
    } finally {
      await migrations.remove();
    }
    const migrated = await openDatabase(config.databaseUrl, pgliteDirectory(config.dataDir));
    let erasuresApplied: number;
    try {
      // The people erased since the backup was taken stay erased (ADR 0020): the ledger, in the
      // restored table and in DATA_DIR/erasures.log, is applied again to what was restored.
      erasuresApplied = await applyErasureLedger(migrated, await createBlobStore(config), ledgerFileOf(config.dataDir), config.sessionSecret, new Date());
    } finally {
      await migrated.close();
    }
    return { manifest, warnings, erasuresApplied };
  } finally {
    await entries.return(undefined);
  }
}

/**
 * MASTER_KEY must be the one that sealed the data, or every document, AHV number, tax ID and
 * message would be unreadable. SESSION_SECRET only keys hashes: sign-in codes (minutes old) and the
 * audit trail's hashed addresses. A different one loses nothing a person sees, so it is a warning.
 */
function checkSecrets(manifest: Manifest, config: Config): string[] {
  if (fingerprint(config.masterKey) !== manifest.fingerprints.masterKey) {
    throw new RestoreRefusedError(
      "MASTER_KEY is not the key of the server this backup comes from, so its documents could not be read. Set MASTER_KEY to that server's key (or put its master.key into DATA_DIR) and run the restore again.",
    );
  }
  if (fingerprint(config.sessionSecret) !== manifest.fingerprints.sessionSecret) {
    return [
      "SESSION_SECRET is not the one of the server this backup comes from. Everything restored reads as before, but sign-in codes sent before the backup no longer work, and the audit trail's hashed e-mail and IP addresses from before the restore will not match those after it. To keep them comparable, give the server that SESSION_SECRET (or its session-secret file in DATA_DIR) before you start it.",
    ];
  }
  return [];
}

async function refuseUsedBlobDirectory(config: Config): Promise<void> {
  // An S3 bucket is not listed: blob keys are random, so blobs of another installation cannot collide.
  if (config.s3) return;
  const directory = localBlobDirectory(config.dataDir);
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (names.length > 0) {
    throw new RestoreRefusedError(`${directory} already holds ${names.length} files: restore into a new DATA_DIR.`);
  }
}

async function refuseUsedDatabase(db: Db, manifest: Manifest): Promise<void> {
  const used: string[] = [];
  for (const table of await listTables(db)) {
    const rows = await countRows(db, table.name);
    if (rows > 0) used.push(`${table.name}: ${rows} rows`);
  }
  const where = 'restore into a new DATA_DIR, or into an empty PostgreSQL database (DATABASE_URL)';
  if (used.length > 0) throw new RestoreRefusedError(`The target database is not empty (${used.join(', ')}): ${where}.`);
  const newer = (await migrationState(db)).applied.filter((tag) => !manifest.migration.applied.includes(tag));
  if (newer.length > 0) {
    throw new RestoreRefusedError(
      `The target database has migration ${newer.at(-1)}, newer than the backup's ${manifest.migration.latest}: ${where} that no newer Taxli has started on.`,
    );
  }
}

/** The migrations up to the archive's must give the very tables the rows were dumped from. */
async function checkSameTables(db: Db, manifest: Manifest): Promise<void> {
  const describe = (t: { name: string; columns: { name: string; type: string }[] }) => `${t.name}(${t.columns.map((c) => `${c.name} ${c.type}`).join(', ')})`;
  const target = new Set((await listTables(db)).map(describe));
  const archived = new Set(manifest.tables.map(describe));
  const differing = [...archived].filter((t) => !target.has(t)).concat([...target].filter((t) => !archived.has(t)));
  if (differing.length > 0) {
    throw new RestoreRefusedError(`The backup's tables do not match migration ${manifest.migration.latest} of this Taxli: ${differing.join('; ')}.`);
  }
}

async function restoreContent(target: Database, blobs: BlobStore, manifest: Manifest, entries: AsyncGenerator<ArchiveEntry>): Promise<void> {
  const tables = new Map(manifest.tables.map((t) => [t.name, t]));
  const written: string[] = [];
  try {
    await inTransaction(target.db, async (db) => {
      await db.execute(sql`set local datestyle = 'ISO, YMD'`);
      await db.execute(sql`set local intervalstyle = 'postgres'`);
      const inserted = new Map<string, number>();
      let sequences = false;
      for await (const entry of entries) {
        const tableName = TABLE_PART_PATTERN.exec(entry.name)?.[1];
        const table = tableName ? tables.get(tableName) : undefined;
        if (entry.name === FAILED_ENTRY) {
          throw failure(entry);
        } else if (table) {
          await insertRows(db, table, entry.data);
          inserted.set(table.name, (inserted.get(table.name) ?? 0) + rowCount(entry.data));
        } else if (entry.name === SEQUENCES_ENTRY) {
          await setSequences(db, JSON.parse(entry.data.toString('utf8')) as SequencePosition[]);
          sequences = true;
        } else if (entry.name.startsWith(BLOB_PREFIX) && BLOB_KEY.test(entry.name.slice(BLOB_PREFIX.length))) {
          const key = entry.name.slice(BLOB_PREFIX.length);
          await blobs.put(key, Readable.from([entry.data]));
          written.push(key);
        } else {
          throw new Error(`The backup holds an unknown entry: ${entry.name}`);
        }
      }
      const short = manifest.tables.filter((t) => (inserted.get(t.name) ?? 0) !== t.rows).map((t) => t.name);
      if (short.length > 0 || !sequences) throw new Error(`The backup is incomplete: ${short.length > 0 ? `tables ${short.join(', ')}` : 'no sequences'}.`);
      await checkBlobs(db, written);
    });
  } catch (error) {
    for (const key of written) await blobs.delete(key).catch(() => undefined);
    throw error;
  }
}

/**
 * Each value goes in as the text PostgreSQL wrote it, cast to its column's type (from the catalog,
 * checked equal to the target's), so every type reads back exactly.
 */
async function insertRows(db: Db, table: TableManifest, data: Buffer): Promise<void> {
  const names = sql.join(
    table.columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const values = sql.join(
    table.columns.map((c, i) => sql`(r.value ->> ${sql.raw(String(i))})::${sql.raw(c.type)}`),
    sql`, `,
  );
  const insert = (batch: string[]) =>
    db.execute(
      sql`insert into ${sql.identifier(table.name)} (${names}) overriding system value select ${values} from json_array_elements(${`[${batch.join(',')}]`}::json) as r`,
    );
  let batch: string[] = [];
  let bytes = 0;
  for (const line of data.toString('utf8').split('\n')) {
    if (line === '') continue;
    const row = JSON.parse(line) as unknown;
    if (!Array.isArray(row) || row.length !== table.columns.length) throw new Error(`The backup is damaged: a row of ${table.name} does not fit its columns.`);
    batch.push(line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
      await insert(batch);
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length > 0) await insert(batch);
}

/** Every serial id continues where the backed-up database was, not at 1. */
async function setSequences(db: Db, positions: SequencePosition[]): Promise<void> {
  const known = new Set(await listSequences(db));
  for (const { name, lastValue, isCalled } of positions) {
    if (!known.has(name)) throw new Error(`The backup names a sequence this database does not have: ${name}`);
    await db.execute(sql`select setval(format('%I', ${name}::text)::regclass, ${lastValue}::bigint, ${isCalled ? 'true' : 'false'}::boolean)`);
  }
}

/** The blobs received are exactly the ones the restored rows name: no row without its blob. */
async function checkBlobs(db: Db, written: string[]): Promise<void> {
  const rows = await queryRows<{ key: string }>(db, sql`select key from (${await blobRows(db)}) as blob_rows`);
  const received = new Set(written);
  const missing = rows.filter((r) => !received.has(r.key)).length;
  if (missing > 0 || received.size !== rows.length) {
    throw new Error(`The backup is incomplete: ${missing} of ${rows.length} documents' blobs are missing.`);
  }
}
