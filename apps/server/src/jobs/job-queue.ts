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
 * its own worker at once, so the poll need not be quick: every poll is a query, and on the embedded
 * database it waits in line with the requests.
 */
const POLL_MS = 5_000;
/** Closing waits this long for a job in progress (the app ends its reads first), then leaves it. */
const STOP_WAIT_MS = 30_000;

/**
 * One worker: fetch a job, run it, write its outcome, again. Written here rather than taken from
 * pg-boss's `work`, because that one writes a job's outcome without waiting for it: a write that
 * fails (the database closing, a lost connection) became an unhandled rejection, which ends a Node
 * process. Here every write is awaited, a fault is logged, and stopping waits for the job in hand.
 */
function startWorker<T>(boss: PgBoss, kind: JobKind, handler: JobHandler<T>, log: FastifyBaseLogger) {
  let stopping = false;
  let wake: (() => void) | null = null;
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, POLL_MS);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (wake = null));

  async function runOne(): Promise<boolean> {
    const [job] = await boss.fetch<T>(kind.name, { batchSize: 1 });
    if (!job) return false;
    try {
      await handler(job.data);
    } catch (error) {
      // Failed: pg-boss retries it (retryLimit), after retryDelay.
      const message = error instanceof Error ? error.message : String(error);
      await boss.fail(kind.name, job.id, { message });
      return true;
    }
    await boss.complete(kind.name, job.id);
    return true;
  }

  const loop = (async () => {
    while (!stopping) {
      let worked = false;
      try {
        worked = await runOne();
      } catch (error) {
        // The queue's own fault (the database away): logged, and the loop waits a poll before trying again.
        if (!stopping) log.error({ err: error, queue: kind.name }, 'job queue fault');
      }
      if (!worked && !stopping) await idle();
    }
  })();

  return {
    notify: () => wake?.(),
    async stop(): Promise<void> {
      stopping = true;
      wake?.();
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)));
      await Promise.race([loop, waited]);
      clearTimeout(timer);
    },
  };
}

export function createJobQueue(database: Database, log: FastifyBaseLogger): JobQueue {
  const boss = new PgBoss({ db: jobDatabase(database), schedule: false, supervise: true, migrate: true });
  // pg-boss reports its own faults (a lost connection during upkeep) here; they must not end the process.
  boss.on('error', (error) => log.error({ err: error }, 'job queue fault'));
  const created = new Set<string>();
  /** This instance's worker of each kind, woken when this instance sends it a job. */
  const workers = new Map<string, ReturnType<typeof startWorker>>();
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
      const stopping = [...workers.values()];
      workers.clear();
      created.clear();
      // Not graceful: a job in hand is left active, and runs again after its expiry or at the next start.
      await Promise.all(stopping.map((worker) => (graceful ? worker.stop() : void worker.stop())));
      await boss.stop({ graceful, wait: true, close: false, timeout: graceful ? STOP_WAIT_MS : 1 });
    },
    async send(kind, data) {
      await ensureQueue(kind);
      await boss.send(kind.name, data);
      workers.get(kind.name)?.notify();
    },
    async work(kind, handler) {
      await ensureQueue(kind);
      if (!workers.has(kind.name)) workers.set(kind.name, startWorker(boss, kind, handler as JobHandler<unknown>, log));
    },
  };
}
