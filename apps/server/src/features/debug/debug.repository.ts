import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

/**
 * What the debug panel inspects of the database itself (part 1 §3 Debug status). It owns no table:
 * the counts come from the users and tax-profile services.
 */
export function createDebugRepository(db: Db) {
  /** Column names of a table in the app's schema, as the database has them (not as the code expects). */
  async function columnsOf(table: string): Promise<string[]> {
    const rows = await queryRows<{ column_name: string }>(db, sql`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}
      order by ordinal_position`);
    return rows.map((r) => r.column_name);
  }

  return {
    columnsOf,
  };
}

export type DebugRepository = ReturnType<typeof createDebugRepository>;
