import { getTableName, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { documentVersions, preparedReturns } from '../db/schema.js';

/**
 * The tables whose rows name blobs: a document's versions and the experts' prepared returns, each
 * with `storageKey`, the key in the blob store, and `wrappedKey`, the blob's data key sealed by
 * MASTER_KEY. A backup copies the blobs these rows name and a restore checks that it received
 * exactly those. Named through the schema, so a rename is a type error here.
 */
export const BLOB_TABLES = [documentVersions, preparedReturns].map((table) => ({
  table: getTableName(table),
  storageKey: table.storageKey.name,
  wrappedKey: table.wrappedKey.name,
}));

/**
 * Every row that names a blob, as one query of `key` and `wrapped`, over those of the tables this
 * database has: a backup from before a table existed (prepared returns came with migration 0007)
 * is restored into the schema of its time.
 */
export async function blobRows(db: Db): Promise<SQL> {
  const present = [];
  for (const table of BLOB_TABLES) {
    const [row] = await queryRows<{ present: boolean }>(db, sql`select to_regclass(${table.table}) is not null as present`);
    if (row?.present) present.push(table);
  }
  if (present.length === 0) return sql`select null::text as key, null::text as wrapped where false`;
  return sql.join(
    present.map(
      (table) => sql`select ${sql.identifier(table.storageKey)} as key, ${sql.identifier(table.wrappedKey)} as wrapped from ${sql.identifier(table.table)}`,
    ),
    sql` union all `,
  );
}
