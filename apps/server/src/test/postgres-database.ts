import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface PostgresDatabase {
  url: string;
  /** Drops the database; its pools must have been closed first. */
  drop(): Promise<void>;
}

/**
 * A new, empty database on the PostgreSQL server of `adminUrl` (TEST_DATABASE_URL unless given; the
 * bench gives its own), named `prefix_<random>`.
 */
export async function createPostgresDatabase(prefix: string, adminUrl = process.env.TEST_DATABASE_URL!): Promise<PostgresDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  // A test that cuts connections may cut this one: an unheard error would end the test process.
  admin.on('error', () => {});
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      // The pools' connections close a moment after they end; forcing them would make them report
      // errors, so wait for them instead (55006: the database is still in use).
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      await admin.end();
    },
  };
}
