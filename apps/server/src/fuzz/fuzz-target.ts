import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { join } from 'node:path';
import type { RegisteredRoute } from '../app.js';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { loggerOptions } from '../lib/logger.js';
import { CapturingMailer, TEST_ORIGIN, openTestDatabase, testConfig, type Driver, type TestContext, type TestDatabase } from '../test/build-test-app.js';
import { SESSION_COOKIE, setCookie, signIn } from '../test/auth-helpers.js';
import { startFakeNominatim, type FakeNominatim } from '../test/fake-nominatim.js';
import { temporaryDirectory } from '../test/temporary-directory.js';
import type { BodyCase } from './junk.js';

/** The server the fuzzer works on: debug tools on (their routes too), no flood limit, a fake map service. */
function fuzzConfig(dataDir: string, nominatimUrl: string): Config {
  return testConfig({ dataDir, debugTools: true, rateLimitPerMinute: 1_000_000_000, nominatimUrl });
}

/** The app's routes, read from the app as built (so a new endpoint is fuzzed without editing the fuzzer). */
export async function registeredRoutes(): Promise<RegisteredRoute[]> {
  const database = await openDatabase(undefined, 'memory://');
  const app = await buildApp({ config: fuzzConfig(temporaryDirectory('taxli-fuzz-routes'), 'http://127.0.0.1:9'), database, mailer: new CapturingMailer() });
  const routes = app.registeredRoutes;
  await app.close();
  await database.close();
  return routes;
}

export interface Sent {
  method: string;
  url: string;
  body?: BodyCase;
  /** Who sends it: the signed-in user, the administrator, or nobody. */
  as: 'user' | 'admin' | 'nobody';
  /** A route for signed-in callers: a 401 there means the session is gone (a fuzzed logout). */
  signedInRoute: boolean;
}

export interface FuzzTarget {
  readonly app: FastifyInstance;
  /** The server's log lines since it started (JSON). */
  readonly logs: string[];
  readonly dataDir: string;
  readonly userId: number;
  readonly adminId: number;
  /** An account of its own for the routes that erase one (issue 30), so the signed-in person survives them. */
  readonly spareUserId: number;
  send(request: Sent): Promise<LightMyRequestResponse>;
  /** Closes the server and its database, so that everything it wrote is on disk. */
  close(): Promise<void>;
}

/**
 * A server with its own DATA_DIR (PGlite's files there too, or a fresh PostgreSQL database), a
 * signed-in user and a signed-in administrator (the first account). A request a session did not
 * survive (a fuzzed logout) signs in again through the debug tools' login-as and is sent once more.
 */
export function useFuzzTarget(driver: Driver): FuzzTarget {
  const logs: string[] = [];
  const dataDir = temporaryDirectory('taxli-fuzz-data');
  const cookies = { user: '', admin: '', nobody: '' };
  const ids = { user: 0, admin: 0, spare: 0 };
  let app: FastifyInstance | undefined;
  let testDb: TestDatabase | undefined;
  let closeDatabase: () => Promise<void> = async () => {};
  let nominatim: FakeNominatim | undefined;

  async function loginAs(who: 'user' | 'admin'): Promise<void> {
    const response = await app!.inject({ method: 'GET', url: `/api/debug/login-as/${ids[who]}` });
    const token = setCookie(response, SESSION_COOKIE)?.value;
    if (response.statusCode !== 200 || !token) throw new Error(`login-as ${who}: ${response.statusCode}`);
    cookies[who] = `${SESSION_COOKIE}=${token}`;
  }

  function inject({ method, url, body, as }: Sent) {
    const headers: Record<string, string> = { origin: TEST_ORIGIN };
    if (cookies[as]) headers.cookie = cookies[as];
    if (body?.contentType) headers['content-type'] = body.contentType;
    return app!.inject({ method: method as 'GET', url, headers, ...(body?.payload === undefined ? {} : { payload: body.payload }) });
  }

  beforeAll(async () => {
    nominatim = await startFakeNominatim();
    let database;
    if (driver === 'pglite') {
      database = await openDatabase(undefined, join(dataDir, 'pg'));
      closeDatabase = () => database!.close();
    } else {
      testDb = await openTestDatabase('pg');
      database = testDb.database;
      closeDatabase = () => testDb!.drop();
    }
    const mailer = new CapturingMailer();
    app = await buildApp({
      config: fuzzConfig(dataDir, nominatim.url),
      database,
      mailer,
      logger: loggerOptions('debug', { write: (line: string) => void logs.push(line) }),
    });
    const ctx = { app, mailer, database } as unknown as TestContext;
    const admin = await signIn(ctx, 'fuzz.admin@example.ch');
    const user = await signIn(ctx, 'fuzz.person@example.ch');
    const spare = await signIn(ctx, 'fuzz.spare@example.ch');
    Object.assign(ids, { admin: admin.user.id, user: user.user.id, spare: spare.user.id });
    Object.assign(cookies, { admin: admin.cookie, user: user.cookie });
  }, 120_000);

  async function close(): Promise<void> {
    await app?.close();
    app = undefined;
    await closeDatabase();
    closeDatabase = async () => {};
    await nominatim?.close();
    nominatim = undefined;
  }
  afterAll(close);

  return {
    get app() {
      return app!;
    },
    logs,
    dataDir,
    get userId() {
      return ids.user;
    },
    get adminId() {
      return ids.admin;
    },
    get spareUserId() {
      return ids.spare;
    },
    async send(request) {
      const response = await inject(request);
      if (response.statusCode !== 401 || request.as === 'nobody' || !request.signedInRoute) return response;
      await loginAs(request.as);
      return inject(request);
    },
    close,
  };
}
