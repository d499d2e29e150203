import { count, countDistinct, desc, isNotNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { taxProfiles, users } from '../../db/schema.js';

/** What the debug panel counts and inspects (part 1 §3 Debug status). */
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

    async counts(): Promise<{ userCount: number; taxCompletedCount: number }> {
      const [[all], [completed]] = await Promise.all([
        db.select({ n: count() }).from(users),
        db.select({ n: countDistinct(taxProfiles.userId) }).from(taxProfiles).where(isNotNull(taxProfiles.completedAt)),
      ]);
      return { userCount: all?.n ?? 0, taxCompletedCount: completed?.n ?? 0 };
    },

    async newestUser(): Promise<{ id: number; email: string; created: string } | null> {
      const [row] = await db.select({ id: users.id, email: users.email, created: users.createdAt }).from(users).orderBy(desc(users.id)).limit(1);
      return row ? { id: row.id, email: row.email, created: row.created.toISOString() } : null;
    },
  };
}

export type DebugRepository = ReturnType<typeof createDebugRepository>;
