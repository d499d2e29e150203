import { createServer, type AddressInfo } from 'node:net';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { get, signIn } from '../test/auth-helpers.js';
import { CapturingMailer, TestClock, testConfig, type TestContext } from '../test/build-test-app.js';
import { createPostgresDatabase } from '../test/postgres-database.js';
import { startSilenceableProxy, type SilenceableProxy } from '../test/silenceable-proxy.js';
import { MIGRATIONS_FOLDER, connectDatabase, openDatabase, queryRows, type Database } from './client.js';
import { DatabaseConnectionError, isDatabaseUnavailable } from './database-unavailable.js';

/** Short enough for a test; the same mechanism as DATABASE_TIMEOUTS. */
const timeouts = { connectMs: 500, queryMs: 1_000 };

interface PostgresApp {
  url: string;
  database: Database;
  app: FastifyInstance;
  cookie: string;
  close(): Promise<void>;
}

/** A new PostgreSQL database, opened by `open` from its URL, the app on it, and a person signed in. */
async function startPostgresApp(prefix: string, open: (url: string) => Promise<Database>): Promise<PostgresApp> {
  const created = await createPostgresDatabase(prefix);
  const database = await open(created.url);
  const mailer = new CapturingMailer();
  const app = await buildApp({ config: testConfig(), database, mailer, clock: new TestClock().clock });
  const { cookie } = await signIn({ app, database, mailer } as unknown as TestContext, 'anna@example.ch');
  return {
    url: created.url,
    database,
    app,
    cookie,
    async close() {
      await app.close();
      await database.close();
      await created.drop();
    },
  };
}

/** The same database reached through the proxy's port on loopback. */
function throughProxy(url: string, proxy: SilenceableProxy): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return proxied.toString();
}

// Only PostgreSQL is reached over a network (CI always sets TEST_DATABASE_URL; PGlite runs in the process).
describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL server that goes silent', () => {
  let proxy: SilenceableProxy;
  let running: PostgresApp;

  beforeAll(async () => {
    const server = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startSilenceableProxy({ host: server.hostname, port: Number(server.port || 5432) });
    running = await startPostgresApp('taxli_silent', (url) => openDatabase(throughProxy(url, proxy), 'unused', MIGRATIONS_FOLDER, timeouts));
  });

  afterAll(async () => {
    await running?.close();
    await proxy?.close();
  });

  // Without the limits these requests never settle: the test runs into vitest's time-out.
  it('answers 503 DATABASE_UNAVAILABLE while it is silent, and serves again once it is back', async () => {
    const { app, cookie } = running;
    expect((await get(app, '/api/user', { cookie })).statusCode).toBe(200);

    proxy.silence();
    // More requests than the pool has connections: the first ones wait for an answer, the rest for a connection.
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(app, '/api/user', { cookie })));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('30');
      expect(answer.json()).toEqual({ error: { code: 'DATABASE_UNAVAILABLE', message: 'The database did not answer; try again shortly' } });
    }
    const health = await get(app, '/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ ok: false, database: 'unreachable' });

    proxy.heal();
    const user = await get(app, '/api/user', { cookie });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ email: 'anna@example.ch' });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL connection cut during a transaction (a restart, a failover)', () => {
  let running: PostgresApp;
  let admin: pg.Client;

  beforeAll(async () => {
    running = await startPostgresApp('taxli_cut', (url) => openDatabase(url, 'unused'));
    admin = new pg.Client({ connectionString: running.url });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await running?.close();
  });

  // The pool heard only its idle connections: this one, lent to the transaction, reported its end to
  // no one, and Node ended the process (vitest reports it as an unhandled error).
  it('fails the transaction as the database being unavailable, and the server goes on', async () => {
    const transaction = running.database.db.transaction(async (tx) => {
      const [backend] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      await admin.query('select pg_terminate_backend($1)', [backend!.pid]);
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toSatisfy(isDatabaseUnavailable);
    const user = await get(running.app, '/api/user', { cookie: running.cookie });
    expect(user.statusCode).toBe(200);
  });
});

/** A loopback port nothing listens on: connecting to it is refused at once. */
async function refusingPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// No server needed: the address refuses, as a PostgreSQL that is down or restarting does.
describe('a PostgreSQL server that refuses connections', () => {
  let database: Database;

  beforeAll(async () => {
    database = await connectDatabase(`postgres://taxli@127.0.0.1:${await refusingPort()}/taxli`, 'unused', MIGRATIONS_FOLDER, timeouts);
  });

  afterAll(async () => {
    await database?.close();
  });

  // A transaction opens its connection outside drizzle's query wrapper: its bare ECONNREFUSED read
  // as an error of the code (500) before the pool said it was the database's.
  it('fails a transaction and a plain statement alike as the database being unavailable', async () => {
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toSatisfy(isDatabaseUnavailable);
    await expect(database.db.execute(sql`select 1`)).rejects.toSatisfy(isDatabaseUnavailable);
  });
});

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string) => Object.assign(new Error('driver error'), { code });
  const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

  it.each([
    ['a query whose connection was refused', wrapped(withCode('ECONNREFUSED'))],
    ['a query whose connection was reset', wrapped(withCode('ECONNRESET'))],
    ['a connection the pool could not open', new DatabaseConnectionError(withCode('ECONNREFUSED'))],
    ['a connection exception (SQLSTATE class 08)', withCode('08006')],
    ['a server shutting down', withCode('57P01')],
    ['a statement with no answer in time', wrapped(new Error('Query read timeout'))],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a connection ended by the server', new Error('Connection terminated unexpectedly')],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(withCode('23505'))],
    ['a statement cancelled by its own time-out', withCode('57014')],
    ['an error of the code', new TypeError('x is undefined')],
    ['a client that left mid-request (not a query)', withCode('ECONNRESET')],
    ['another service refusing (not a query)', new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') })],
    ['something not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
