import pg from 'pg';
import { DatabaseConnectionError } from './database-unavailable.js';

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * node-postgres's pool, whose failures to open a connection say they are the database's: a refused
 * or reset socket is otherwise a bare ECONNREFUSED, which could be any service's. A plain query's
 * failure comes wrapped by drizzle already; a transaction opens its connection itself, outside that
 * wrapper, and a refused one answered 500 instead of 503.
 */
export class DatabasePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback) return super.connect((error, client, done) => callback(error && new DatabaseConnectionError(error), client, done));
    return super.connect().catch((error: Error) => {
      throw new DatabaseConnectionError(error);
    });
  }
}
