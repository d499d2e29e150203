import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { createPostgresDatabase, type PostgresDatabase } from '../test/postgres-database.js';
import { createJobQueue, type JobKind, type JobQueue } from './job-queue.js';

const KIND: JobKind = { name: 'test-job', expireInSeconds: 60, retryLimit: 2 };

/** A promise with its resolve at hand: the handler waits on it, the test releases it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function until(check: () => boolean): Promise<void> {
  for (let look = 0; look < 600 && !check(); look++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(check()).toBe(true);
}

const drivers = process.env.TEST_DATABASE_URL ? (['pglite', 'pg'] as const) : (['pglite'] as const);

describe.each(drivers)('the job queue on %s', (driver) => {
  let database: Database;
  let postgres: PostgresDatabase | undefined;
  let queue: JobQueue;
  const logged: string[] = [];
  const log = pino({ level: 'error' }, { write: (line: string) => void logged.push(line) });

  async function open(): Promise<void> {
    logged.length = 0;
    postgres = driver === 'pg' ? await createPostgresDatabase('jobs') : undefined;
    database = await openDatabase(postgres?.url, 'memory://');
    queue = createJobQueue(database, log);
    await queue.start();
  }

  afterEach(async () => {
    await queue.stop();
    await database.close().catch(() => {});
    await postgres?.drop();
  });

  it('runs a job sent by this instance at once, and a failed one again', async () => {
    await open();
    const seen: number[] = [];
    await queue.work<{ n: number }>(KIND, async ({ n }) => {
      seen.push(n);
      if (seen.length === 1) throw new Error('first try fails');
    });
    await queue.send(KIND, { n: 7 });
    await until(() => seen.length === 2);
    expect(seen).toEqual([7, 7]);
  });

  it('waits for the job in hand when it stops, and writes its outcome before the database closes', async () => {
    await open();
    const hold = gate();
    let started = false;
    let finished = false;
    await queue.work(KIND, async () => {
      started = true;
      await hold.opened;
      finished = true;
    });
    await queue.send(KIND, { n: 1 });
    await until(() => started);
    const stopped = queue.stop();
    setTimeout(hold.open, 200);
    await stopped;
    expect(finished).toBe(true);
    // Closing now leaves nothing behind that writes later: an unhandled rejection would fail this file.
    await database.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
  });

  it('survives the database closing under a running job: the fault is logged, the process goes on', async () => {
    await open();
    const hold = gate();
    let started = false;
    await queue.work(KIND, async () => {
      started = true;
      await hold.opened;
    });
    await queue.send(KIND, { n: 1 });
    await until(() => started);
    await database.close();
    hold.open();
    await until(() => logged.some((line) => line.includes('job queue fault')));
  });
});
