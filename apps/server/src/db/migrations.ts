import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { MigrationState } from '@taxli/domain';
import { MIGRATIONS_FOLDER, queryRows, type Db } from './client.js';

interface JournalEntry {
  tag: string;
  when: number;
}

function journal(folder: string): JournalEntry[] {
  const parsed = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as { entries: JournalEntry[] };
  return parsed.entries;
}

/**
 * Which committed migrations this database has applied, by drizzle's own rule: the migrator
 * records each migration's journal time, and applies those newer than the latest recorded.
 */
export async function migrationState(db: Db, folder = MIGRATIONS_FOLDER): Promise<MigrationState> {
  const entries = journal(folder);
  // A database the migrator never touched has no table yet: everything is pending.
  const [table] = await queryRows<{ exists: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  const recorded = table?.exists ? await queryRows<{ created_at: string | number }>(db, sql`select created_at from drizzle.__drizzle_migrations`) : [];
  const appliedTimes = new Set(recorded.map((r) => Number(r.created_at)));
  const latest = Math.max(-Infinity, ...appliedTimes);
  const applied = entries.filter((e) => appliedTimes.has(e.when)).map((e) => e.tag);
  const pending = entries.filter((e) => e.when > latest).map((e) => e.tag);
  return { applied, pending, upToDate: pending.length === 0 };
}
