import { sql } from 'drizzle-orm';
import type { Pack } from 'tar-stream';
import type { Config } from '../config.js';
import { inTransaction, queryRows, type Database, type Db } from '../db/client.js';
import { migrationState } from '../db/migrations.js';
import { BUILD_INFO, SERVER_VERSION } from '../lib/version.js';
import { BlobNotFoundError, type BlobStore } from '../storage/blob-store.js';
import { BlobIntegrityError, unwrapDataKey } from '../storage/envelope.js';
import {
  BLOB_PREFIX,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_ENTRY,
  NOT_INCLUDED_NOTE,
  SEQUENCES_ENTRY,
  fingerprint,
  tablePartEntry,
  type Manifest,
} from './archive-format.js';
import { blobRows } from './blob-references.js';
import { countRows, listSequences, listTables, type CatalogTable } from './database-catalog.js';
import { addEntry } from './tar-entries.js';

export interface BackupSource {
  database: Database;
  blobs: BlobStore;
  config: Pick<Config, 'masterKey' | 'sessionSecret'>;
}

export type BackupErrorCode = 'BLOB_DELETED_DURING_BACKUP' | 'BLOB_MISSING' | 'WRONG_MASTER_KEY';

/** A backup that cannot be made as it stands; the message says why without naming anyone. */
export class BackupError extends Error {
  constructor(
    readonly code: BackupErrorCode | string,
    message: string,
  ) {
    super(message);
  }
}

/** A table's rows go into entries of about this size, so no more than one is ever held in memory. */
const PART_BYTES = 8 * 1024 * 1024;
const FETCH_ROWS = 1000;

export interface SequencePosition {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/**
 * Writes one consistent archive into `pack` and finalizes it.
 *
 * Every row comes from one snapshot: a read-only REPEATABLE READ transaction, so the tables agree
 * with each other as of one instant although uploads and deletions go on. The transaction ends once
 * the rows are out, before the blobs are copied: on PGlite it holds the only connection, and the
 * server's requests wait for it.
 *
 * The blobs are the ones the snapshot's rows name, read from the store after the snapshot. A blob
 * cannot be missing for a row of the snapshot unless that row was deleted since: the blob is written
 * before its row, and deleted only after the deletion of its row is committed. So a missing blob
 * means a document was deleted while the backup ran. The archive then stops with
 * BLOB_DELETED_DURING_BACKUP rather than hold a row without its blob (or leave the row out and no
 * longer be one instant), and the backup command starts it again: the next snapshot no longer has
 * the row. Should the row still be there, the store has lost the blob (BLOB_MISSING): no retry
 * helps, and the operator must know. Blobs written after the snapshot belong to rows the snapshot
 * cannot see, and are left out with them.
 */
export async function writeBackup(pack: Pack, source: BackupSource, now = new Date()): Promise<Manifest> {
  const { manifest, blobKeys } = await inTransaction(
    source.database.db,
    async (db) => {
      await useExactTextForms(db);
      const tables = await listTables(db);
      const counted = [];
      for (const table of tables) counted.push({ table, rows: await countRows(db, table.name) });
      const blobKeys = await referencedBlobKeys(db);
      await checkMasterKey(db, source.config.masterKey);
      const migration = await migrationState(db);
      const latest = migration.applied.at(-1);
      if (!latest) throw new BackupError('NO_MIGRATION', 'The database has no Taxli migration applied: there is nothing to back up.');
      const manifest: Manifest = {
        format: FORMAT,
        formatVersion: FORMAT_VERSION,
        appVersion: SERVER_VERSION,
        appCommit: BUILD_INFO.commit,
        createdAt: now.toISOString(),
        sourceDatabase: source.database.driver,
        migration: { latest, applied: migration.applied },
        tables: counted.map(({ table, rows }) => ({ name: table.name, columns: table.columns, rows })),
        blobs: { count: blobKeys.length },
        fingerprints: { masterKey: fingerprint(source.config.masterKey), sessionSecret: fingerprint(source.config.sessionSecret) },
        notIncluded: NOT_INCLUDED_NOTE,
      };
      await addEntry(pack, MANIFEST_ENTRY, JSON.stringify(manifest, null, 2));
      for (const { table, rows } of counted) {
        const written = await dumpTable(db, pack, table);
        if (written !== rows) throw new Error(`table ${table.name} gave ${written} rows where it counted ${rows}`);
      }
      await addEntry(pack, SEQUENCES_ENTRY, JSON.stringify(await sequencePositions(db)));
      return { manifest, blobKeys };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  for (const key of blobKeys) await addEntry(pack, BLOB_PREFIX + key, await readBlob(source, key));
  pack.finalize();
  return manifest;
}

/**
 * PostgreSQL writes values as text according to session settings; these make the text forms
 * unambiguous and exact (ISO dates with their offset, every float digit, bytea as hex), and a
 * restore reads them back whatever its own settings.
 */
async function useExactTextForms(db: Db): Promise<void> {
  await db.execute(sql`set local timezone = 'UTC'`);
  await db.execute(sql`set local datestyle = 'ISO, YMD'`);
  await db.execute(sql`set local intervalstyle = 'postgres'`);
  await db.execute(sql`set local extra_float_digits = 3`);
  await db.execute(sql`set local bytea_output = 'hex'`);
}

/** One line per row: a JSON array of the columns' text forms, read through a cursor in primary-key order. */
async function dumpTable(db: Db, pack: Pack, table: CatalogTable): Promise<number> {
  const values = sql.join(
    table.columns.map((c) => sql`${sql.identifier(c.name)}::text`),
    sql`, `,
  );
  const order = table.primaryKey.length > 0 ? sql` order by ${sql.join(table.primaryKey.map((k) => sql.identifier(k)), sql`, `)}` : sql``;
  await db.execute(sql`declare backup_rows no scroll cursor for select to_json(array[${values}]::text[])::text as row from ${sql.identifier(table.name)}${order}`);
  let part = 0;
  let lines: string[] = [];
  let bytes = 0;
  let total = 0;
  const flush = async () => {
    if (lines.length === 0) return;
    part += 1;
    await addEntry(pack, tablePartEntry(table.name, part), lines.join('\n') + '\n');
    lines = [];
    bytes = 0;
  };
  for (;;) {
    const rows = await queryRows<{ row: string }>(db, sql`fetch ${sql.raw(String(FETCH_ROWS))} from backup_rows`);
    for (const { row } of rows) {
      lines.push(row);
      bytes += Buffer.byteLength(row) + 1;
      total += 1;
      if (bytes >= PART_BYTES) await flush();
    }
    if (rows.length < FETCH_ROWS) break;
  }
  await flush();
  await db.execute(sql`close backup_rows`);
  return total;
}

async function sequencePositions(db: Db): Promise<SequencePosition[]> {
  const positions: SequencePosition[] = [];
  for (const name of await listSequences(db)) {
    const [row] = await queryRows<{ last_value: string; is_called: boolean }>(
      db,
      sql`select last_value::text as last_value, is_called from ${sql.identifier(name)}`,
    );
    if (row) positions.push({ name, lastValue: row.last_value, isCalled: row.is_called });
  }
  return positions;
}

async function referencedBlobKeys(db: Db): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select key from (${await blobRows(db)}) as blob_rows order by 1`,
  );
  return rows.map((r) => r.key);
}

/**
 * A backup taken with another MASTER_KEY than the one that sealed the data would carry a fingerprint
 * no restore could match (the backup command can run without the server, from another environment).
 */
async function checkMasterKey(db: Db, masterKey: Buffer): Promise<void> {
  const [row] = await queryRows<{ wrapped: string }>(
    db,
    sql`select wrapped from (${await blobRows(db)}) as blob_rows limit 1`,
  );
  if (!row) return;
  try {
    unwrapDataKey(masterKey, row.wrapped);
  } catch (error) {
    if (!(error instanceof BlobIntegrityError)) throw error;
    throw new BackupError('WRONG_MASTER_KEY', 'MASTER_KEY does not open the stored documents: use the key the server runs with.');
  }
}

/** The whole blob: a tar entry states its size before its bytes, and a blob is at most about 50 MB. */
async function readBlob(source: BackupSource, key: string): Promise<Buffer> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await source.blobs.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (error) {
    if (!(error instanceof BlobNotFoundError)) throw error;
    const still = await queryRows(
      source.database.db,
      sql`select 1 from (${await blobRows(source.database.db)}) as blob_rows where key = ${key}`,
    );
    if (still.length > 0) {
      throw new BackupError('BLOB_MISSING', `The blob store has lost blob ${key}, which the database still names: the backup cannot be complete.`);
    }
    throw new BackupError('BLOB_DELETED_DURING_BACKUP', 'A document was deleted while the backup ran.');
  }
}
