import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp, type AppDeps } from '../app.js';
import type { Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import type { BlobStore } from '../storage/blob-store.js';
import { loggerOptions } from '../lib/logger.js';
import { createPostgresDatabase } from './postgres-database.js';
import { temporaryDirectory } from './temporary-directory.js';

export type Driver = 'pglite' | 'pg';

/** Every suite runs on PGlite; with TEST_DATABASE_URL also on PostgreSQL. */
export const drivers: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];

export const TEST_ORIGIN = 'http://localhost:8080';
export const TEST_SECRET = 'test-session-secret-that-is-long-enough-0123456789';
/** 15 March 2026, 10:00 UTC: the tax year in preparation is 2025. */
export const TEST_START = Date.parse('2026-03-15T10:00:00Z');

/** Per test process: documents uploaded by API tests land in TEST_DATA_DIR/blobs. */
export const TEST_DATA_DIR = temporaryDirectory('taxli-test-data');

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    publicOrigin: TEST_ORIGIN,
    dataDir: TEST_DATA_DIR,
    databaseUrl: undefined,
    smtpUrl: undefined,
    mailFrom: 'Taxli <no-reply@taxli.test>',
    sessionSecret: TEST_SECRET,
    adminEmails: [],
    debugTools: false,
    logLevel: 'silent',
    trustProxy: false,
    rateLimitPerMinute: 600,
    bodyIdleTimeoutMs: 30_000,
    masterKey: Buffer.alloc(32, 7),
    s3: undefined,
    // The defaults, except the disk floor: the tests never depend on the free space of the machine
    // that runs them (the floor's test gives the app a free-space reader of its own).
    storageLimits: { quotaBytes: 2048 * 1024 * 1024, minFreeBytes: 0, bytesPerHour: 500 * 1024 * 1024, filesPerHour: 200 },
    nominatimUrl: undefined,
    webDistDir: undefined,
    ...overrides,
  };
}

export class TestClock {
  now = TEST_START;
  readonly clock = (): Date => new Date(this.now);
  advanceMinutes(minutes: number): void {
    this.now += minutes * 60_000;
  }
}

/** Records every mail; `failWith` makes the next sends throw, like an SMTP outage. */
export class CapturingMailer implements Mailer {
  readonly messages: MailMessage[] = [];
  failWith: Error | undefined;
  async send(message: MailMessage): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.messages.push(message);
  }
  lastTo(email: string): MailMessage | undefined {
    return this.messages.filter((m) => m.to === email).at(-1);
  }
  /** The code of the newest mail to `email`, read out of the text like a person would. */
  codeFor(email: string): string {
    const code = this.lastTo(email)?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }
}

export interface TestDatabase {
  database: Database;
  reset(): Promise<void>;
  drop(): Promise<void>;
}

/** PGlite in memory, or a fresh PostgreSQL database that `drop` removes again. */
export async function openTestDatabase(driver: Driver): Promise<TestDatabase> {
  let database: Database;
  let drop = async () => database.close();
  if (driver === 'pglite') {
    database = await openDatabase(undefined, 'memory://');
  } else {
    const created = await createPostgresDatabase('taxli_test');
    database = await openDatabase(created.url, 'unused');
    drop = async () => {
      await database.close();
      await created.drop();
    };
  }
  return {
    database,
    // Every table, so suites of features added later start empty too; ids restart at 1.
    async reset() {
      const result = (await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as {
        rows: { tablename: string }[];
      };
      const names = result.rows.map((t) => `"${t.tablename}"`).join(', ');
      if (names) await database.db.execute(sql.raw(`TRUNCATE ${names} RESTART IDENTITY CASCADE`));
    },
    drop: () => drop(),
  };
}

export interface TestContext {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly mailer: CapturingMailer;
  readonly clock: TestClock;
  /** Log lines written by the app (JSON), for tests about what must never be logged. */
  readonly logs: string[];
  /** Replaces the app with one built from other settings, on the same database and clock. */
  rebuild(overrides?: Partial<Config>, mailer?: Mailer, deps?: Pick<AppDeps, 'freeDiskSpace'>): Promise<FastifyInstance>;
}

/**
 * One database per test file (per driver), emptied before each test, and a fresh app per test
 * with a capturing mailer and a clock the test controls; `blobs` replaces the store the config names.
 */
export function useTestApp(
  driver: Driver,
  overrides: Partial<Config> = {},
  { blobs, extraction }: { blobs?: () => BlobStore; extraction?: AppDeps['extraction'] } = {},
): TestContext {
  let testDb: TestDatabase;
  let app: FastifyInstance | undefined;
  let mailer = new CapturingMailer();
  let clock = new TestClock();
  const logs: string[] = [];

  async function build(config: Partial<Config>, customMailer?: Mailer, deps: Pick<AppDeps, 'freeDiskSpace'> = {}): Promise<FastifyInstance> {
    await app?.close();
    const stream = { write: (line: string) => void logs.push(line) };
    app = await buildApp({
      config: testConfig({ ...overrides, ...config }),
      database: testDb.database,
      mailer: customMailer ?? mailer,
      clock: clock.clock,
      logger: loggerOptions('info', stream),
      blobs: blobs?.(),
      extraction,
      checkResponses: true,
      ...deps,
    });
    return app;
  }

  beforeAll(async () => {
    testDb = await openTestDatabase(driver);
  });
  beforeEach(async () => {
    await testDb.reset();
    mailer = new CapturingMailer();
    clock = new TestClock();
    logs.length = 0;
    await build({});
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  return {
    get app() {
      if (!app) throw new Error('app is built in beforeEach');
      return app;
    },
    get database() {
      return testDb.database;
    },
    get mailer() {
      return mailer;
    },
    get clock() {
      return clock;
    },
    logs,
    rebuild: (config = {}, customMailer, deps) => build(config, customMailer, deps),
  };
}
