import { sql, type SQL } from 'drizzle-orm';
import { inTransaction, queryRows, type Database } from '../db/client.js';
import { createAuditLog } from '../lib/audit.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import { eraseAccount } from './erase-account.js';
import { appendLedgerEntry, readLedgerFile, type LedgerEntry } from './erasure-ledger-file.js';
import { createErasureRepository } from './erasure.repository.js';

const keyOf = (e: LedgerEntry) => `${e.userId}|${Date.parse(e.accountCreatedAt)}|${Date.parse(e.erasedAt)}|${e.kind}`;
const accountOf = (e: LedgerEntry) => `${e.userId}|${Date.parse(e.accountCreatedAt)}`;

/**
 * After a restore (ADR 0020): every erasure the ledger knows, from the restored `erasures` table
 * and from DATA_DIR/erasures.log (the running instance's, copied there by the operator), is
 * applied again to the restored data, so a backup taken before someone's erasure does not bring
 * them back. An entry names an account by id and creation instant: an id given to someone else
 * after that backup is not touched. Afterwards the table and the file hold the same entries.
 * Answers how many accounts were erased again.
 */
export async function applyErasureLedger(database: Database, blobs: BlobStore, ledgerFile: string, secret: string, now: Date): Promise<number> {
  const { db } = database;
  const fromFile = await readLedgerFile(ledgerFile);
  const fromTable = (
    await queryRows<{ userId: number; accountCreatedAt: string; erasedAt: string; kind: 'full' | 'retained'; retainedUntil: string | null }>(
      db,
      sql`select user_id as "userId", ${utc(sql`account_created_at`)} as "accountCreatedAt", ${utc(sql`erased_at`)} as "erasedAt", kind,
                 ${utc(sql`retained_until`)} as "retainedUntil" from erasures`,
    )
  );

  const inTable = new Set(fromTable.map(keyOf));
  const inFile = new Set(fromFile.map(keyOf));
  const erasures = createErasureRepository(db);
  for (const entry of fromFile.filter((e) => !inTable.has(keyOf(e)))) {
    await db.execute(
      sql`insert into erasures (user_id, account_created_at, erased_at, kind, retained_until)
          values (${entry.userId}, ${entry.accountCreatedAt}::timestamptz, ${entry.erasedAt}::timestamptz, ${entry.kind}, ${entry.retainedUntil}::timestamptz)`,
    );
  }
  for (const entry of fromTable.filter((e) => !inFile.has(keyOf(e)))) await appendLedgerEntry(ledgerFile, entry);

  let applied = 0;
  const accounts = new Map([...fromTable, ...fromFile].map((e) => [accountOf(e), e]));
  for (const entry of accounts.values()) {
    const account = await erasures.lockAccount(entry.userId);
    if (!account || Date.parse(account.createdAt) !== Date.parse(entry.accountCreatedAt)) continue;
    const outcome = await inTransaction(db, (tx) =>
      eraseAccount(
        { erasures: createErasureRepository(tx), audit: createAuditLog(tx, secret, () => now) },
        { secret, ledgerFile: undefined },
        entry.userId,
        { by: 'restore' },
        now,
      ),
    );
    for (const key of outcome.storageKeys) await blobs.delete(key);
    applied += 1;
  }
  return applied;
}

/** An instant as JSON writes it (UTC, milliseconds), whatever the session's time zone. */
const utc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
