import type { FastifyBaseLogger } from 'fastify';
import { safeError } from './safe-error.js';

/**
 * Upkeep run at start and then every `intervalMs` (the blob sweep, the retention sweep): one run at
 * a time (a call while one runs gets that run's result), on a timer that never keeps the process
 * alive; a failed run is logged and the next one tries again.
 */
export function createPeriodicTask<A extends unknown[], T>(
  name: string,
  intervalMs: number,
  work: (...args: A) => Promise<T>,
  log: FastifyBaseLogger,
  logged: (result: T) => object,
) {
  let running: Promise<T> | undefined;
  let timer: NodeJS.Timeout | undefined;

  function run(...args: A): Promise<T> {
    running ??= work(...args).finally(() => (running = undefined));
    return running;
  }

  function runAndLog(...args: A): void {
    run(...args).then(
      (result) => log.info(logged(result), `${name} done`),
      (error: unknown) => log.warn({ error: safeError(error) }, `${name} failed; the next one tries again`),
    );
  }

  return {
    run,
    /** Runs now and then every interval. */
    start(...args: A): void {
      if (timer) return;
      runAndLog(...args);
      timer = setInterval(() => runAndLog(...args), intervalMs).unref();
    },
    /** Stops the timer and waits for a run under way (before the database closes). */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
