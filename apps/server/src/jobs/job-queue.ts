import type { FastifyBaseLogger } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { pgliteJobDatabase } from './pglite-job-database.js';

/** One kind of job: its name, and how long a run may take before another worker takes it over. */
export interface JobKind {
  name: string;
  /** A run not finished after this long (its process died, say) is retried: the visibility timeout. */
  expireInSeconds: number;
  retryLimit: number;
}

export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * The app's job queue (docs/decisions/0019-job-queue.md): pg-boss in the app's own database, on
 * PostgreSQL as on PGlite, so that several instances share the jobs and a job whose process died
 * runs again. Handlers must therefore be idempotent.
 */
export interface JobQueue {
  /** Installs (or migrates) pg-boss's schema and starts its upkeep; workers start with `work`. */
  start(): Promise<void>;
  /**
   * Stops fetching. `graceful`: waits for the running jobs first; otherwise they are left as they
   * are (active), and run again after their visibility timeout or when the app re-enqueues them.
   */
  stop(options?: { graceful?: boolean }): Promise<void>;
  send<T extends object>(kind: JobKind, data: T): Promise<void>;
  work<T extends object>(kind: JobKind, handler: JobHandler<T>): Promise<void>;
}

function jobDatabase(database: Database): PgBoss.Db {
  if (database.driver === 'pglite') return pgliteJobDatabase(database.client as PGlite);
  // The app's pool: pg-boss's queries take a connection like any request.
  const pool = database.client as pg.Pool;
  return { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) };
}

/**
 * How often an idle worker looks for jobs another instance sent. A job sent by this instance wakes
 * its own worker at once (`notifyWorker`), so the poll need not be quick: every poll is a query, and
 * on the embedded database it waits in line with the requests.
 */
const POLL_SECONDS = 5;

export function createJobQueue(database: Database, log: FastifyBaseLogger): JobQueue {
  const boss = new PgBoss({ db: jobDatabase(database), schedule: false, supervise: true, migrate: true });
  // pg-boss reports its own faults (a lost connection during upkeep) here; they must not end the process.
  boss.on('error', (error) => log.error({ err: error }, 'job queue fault'));
  const created = new Set<string>();
  /** This instance's worker of each kind, woken when this instance sends it a job. */
  const workers = new Map<string, string>();
  let started = false;

  async function ensureQueue(kind: JobKind): Promise<void> {
    if (created.has(kind.name)) return;
    // Idempotent in pg-boss: a queue that exists keeps its settings.
    await boss.createQueue(kind.name, { name: kind.name, retryLimit: kind.retryLimit, retryDelay: 1, expireInSeconds: kind.expireInSeconds });
    created.add(kind.name);
  }

  return {
    async start() {
      if (started) return;
      await boss.start();
      started = true;
    },
    async stop({ graceful = true } = {}) {
      if (!started) return;
      started = false;
      created.clear();
      workers.clear();
      await boss.stop({ graceful, wait: true, close: false, timeout: graceful ? 30_000 : 1 });
    },
    async send(kind, data) {
      await ensureQueue(kind);
      await boss.send(kind.name, data);
      const worker = workers.get(kind.name);
      if (worker) boss.notifyWorker(worker);
    },
    async work(kind, handler) {
      await ensureQueue(kind);
      const worker = await boss.work(kind.name, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
      workers.set(kind.name, worker);
    },
  };
}
