import { appendFile, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The erasure ledger's copy outside the database (ADR 0020): DATA_DIR/erasures.log, one JSON line
 * per erasure, append-only, holding only a user id, the account's creation instant, the erasure's
 * instant and kind. A backup is a copy of the database as it was; this file is what a restore of an
 * older backup reads to erase again the people who asked since (restore-backup.ts). The operator
 * copies it with master.key into a new DATA_DIR before a restore.
 */
export const ERASURE_LEDGER_FILE = 'erasures.log';

export interface LedgerEntry {
  userId: number;
  /** ISO instant, milliseconds: with the id, it names one account (ids can be given again after a restore). */
  accountCreatedAt: string;
  erasedAt: string;
  kind: 'full' | 'retained';
  retainedUntil: string | null;
}

export const ledgerFileOf = (dataDir: string): string => join(dataDir, ERASURE_LEDGER_FILE);

/** Appends one entry and makes it durable before returning: the erasure's transaction commits only after. */
export async function appendLedgerEntry(file: string, entry: LedgerEntry): Promise<void> {
  await appendFile(file, `${JSON.stringify(entryOnly(entry))}\n`, { mode: 0o600 });
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Every entry of the file (none when there is no file yet); a line that is not an entry stops the restore. */
export async function readLedgerFile(file: string): Promise<LedgerEntry[]> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const entry = parseEntry(line);
      if (!entry) throw new Error(`${file}, line ${index + 1}, is not an erasure entry.`);
      return entry;
    });
}

function parseEntry(line: string): LedgerEntry | undefined {
  try {
    const value = JSON.parse(line) as Partial<LedgerEntry>;
    const instant = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));
    if (!Number.isInteger(value.userId) || !instant(value.accountCreatedAt) || !instant(value.erasedAt)) return undefined;
    if (value.kind !== 'full' && value.kind !== 'retained') return undefined;
    if (value.retainedUntil !== null && !instant(value.retainedUntil)) return undefined;
    return entryOnly(value as LedgerEntry);
  } catch {
    return undefined;
  }
}

/** Exactly the entry's fields, so nothing else can ever be written to or read from the file. */
const entryOnly = ({ userId, accountCreatedAt, erasedAt, kind, retainedUntil }: LedgerEntry): LedgerEntry => ({
  userId,
  accountCreatedAt,
  erasedAt,
  kind,
  retainedUntil,
});
