import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { DatabasePool } from './database-pool.js';
import * as schema from './schema.js';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The committed migrations (drizzle-kit generate); applied at every start. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Rows of a raw query; both drivers (PGlite, node-postgres) answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs `work` in one transaction (on a transaction, in a savepoint inside it). The transaction is a
 * `Db` itself, so repositories and services built on it are typed the same as on the database.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
  return db.transaction((tx) => work(tx), config);
}

export interface DatabaseTimeouts {
  /** How long a statement may wait for a connection: a free one of the pool, or a new one opened. */
  connectMs: number;
  /** How long a statement may wait for its answer. */
  queryMs: number;
}

/**
 * A PostgreSQL server that stops answering (a network partition, a failover that hangs) must not
 * hold every request forever: node-postgres waits without limit unless told. A statement that gets
 * no answer in a minute fails, as does one that waits ten seconds for a connection; the request
 * answers 503 `DATABASE_UNAVAILABLE` (plugins/errors.ts). No request's statement comes near either.
 */
export const DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 10_000, queryMs: 60_000 };

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** The driver's own client, for the benchmark's raw-SQL baseline; the app goes through `db`. */
  client: pg.Pool | PGlite;
  /** Applies the committed migrations not applied yet (at start, and the debug panel's Fix Column). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Where the embedded database lives when DATABASE_URL is unset. */
export function pgliteDirectory(dataDir: string): string {
  return join(dataDir, 'pg');
}

/**
 * Opens the database and applies committed migrations.
 * `url` undefined: PGlite in `pgliteDir` (or in memory when that is 'memory://').
 */
export async function openDatabase(...args: Parameters<typeof connectDatabase>): Promise<Database> {
  const database = await connectDatabase(...args);
  await database.migrate();
  return database;
}

/**
 * Opens the database without touching it: the restore looks at a target before it migrates it, and
 * migrates it only as far as the archive's own migration.
 */
export async function connectDatabase(
  url: string | undefined,
  pgliteDir: string,
  migrationsFolder = MIGRATIONS_FOLDER,
  timeouts = DATABASE_TIMEOUTS,
): Promise<Database> {
  if (url) {
    const pool = new DatabasePool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: timeouts.connectMs,
      query_timeout: timeouts.queryMs,
      // The operating system's probes, after 10 s without traffic, notice an idle connection whose
      // peer vanished without a word: in minutes (its probe interval and count), not two hours.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle connection can die (database restart, failover); unhandled, that error would end the
    // process. The pool replaces the connection on the next query.
    pool.on('error', (error: Error & { code?: string }) => {
      console.error(`database connection lost (${error.code ?? error.name}); it will be replaced`);
    });
    // The pool listens only to its idle connections. One lent out (a transaction holds it) that dies
    // emits its error on the connection itself, and an error no one listens to ends the process: a
    // database restart during any transaction stopped the server. Here it is heard; the statement in
    // flight fails with it already, and the pool drops the broken connection when it comes back.
    pool.on('connect', (connection) => connection.on('error', () => {}));
    const db = drizzlePg(pool, { schema });
    // A migration may build an index on a large table: it has a connection of its own, with no
    // limit on a statement's time (a request's statement has one).
    const migrate = async () => {
      const own = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: timeouts.connectMs });
      try {
        await migratePg(drizzlePg(own, { schema }), { migrationsFolder });
      } finally {
        await own.end();
      }
    };
    return { db, driver: 'pg', client: pool, migrate, close: () => pool.end() };
  }
  // pg_trgm: the expert queue's search index (migration 0008); PostgreSQL ships it in its contrib.
  const client = await PGlite.create(pgliteDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  const migrate = () => migratePglite(db, { migrationsFolder });
  return { db, driver: 'pglite', client, migrate, close: () => client.close() };
}
