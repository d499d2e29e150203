import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** The driver's own client, for the benchmark's raw-SQL baseline; the app goes through `db`. */
  client: pg.Pool | PGlite;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

/**
 * Opens the database and applies committed migrations.
 * `url` undefined: PGlite in `pgliteDir` (or in memory when that is 'memory://').
 */
export async function openDatabase(url: string | undefined, pgliteDir: string): Promise<Database> {
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection can die (database restart, failover); unhandled, that error would end the
    // process. The pool replaces the connection on the next query.
    pool.on('error', (error: Error & { code?: string }) => {
      console.error(`database connection lost (${error.code ?? error.name}); it will be replaced`);
    });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, driver: 'pg', client: pool, close: () => pool.end() };
  }
  const client = await PGlite.create(pgliteDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, driver: 'pglite', client, close: () => client.close() };
}
