import type { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';

/**
 * pg-boss on the embedded database: its `db` option takes any object that runs SQL. pg-boss sends
 * its schema (and each migration) as several statements in one text without parameters, which only
 * PGlite's `exec` runs; everything with parameters is one statement, for `query`.
 */
export function pgliteJobDatabase(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const result = await client.query(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }
      const results = await client.exec(text);
      const last = results.at(-1);
      return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
    },
  };
}
