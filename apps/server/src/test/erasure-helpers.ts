import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';

/**
 * Every row of every table of the app's schemas (the app's and the job queue's), as PostgreSQL's own
 * JSON of the row: what a search for a person's data after their erasure reads (issue 30 item 6).
 */
export async function everyRowAsText(database: Database): Promise<string> {
  const tables = await queryRows<{ schema: string; name: string }>(
    database.db,
    sql`select schemaname as schema, tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const texts: string[] = [];
  for (const { schema, name } of tables) {
    const rows = await queryRows<{ row: string }>(database.db, sql`select row_to_json(t)::text as row from ${sql.identifier(schema)}.${sql.identifier(name)} t`);
    texts.push(...rows.map((r) => `${schema}.${name}: ${r.row}`));
  }
  return texts.join('\n');
}

/** Waits (a bounded number of looks) until the background reads of the uploads ended (issue 29). */
export async function readsEnded(database: Database): Promise<void> {
  for (let look = 0; look < 600; look++) {
    const pending = await queryRows(database.db, sql`select version_id from document_extractions where status = 'pending'`);
    if (pending.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the reads did not end');
}
