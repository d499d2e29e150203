import type { FastifyBaseLogger } from 'fastify';
import { safeError } from '../../lib/safe-error.js';

/** Retention periods end on 1 January (domain erasure.ts); a daily look is close enough, and cheap. */
export const RETENTION_SWEEP_INTERVAL_MS = 24 * 60 * 60_000;

/**
 * Erases the accounts whose retained tax years reached the end of their retention period (ADR 0020).
 * It runs at every start and then daily: the due date lives in the `erasures` ledger, so nothing
 * is lost across restarts (a server down on the day erases at its next start), and a sweep is
 * idempotent (a due account is erased in full and then no longer due), so several instances may
 * run it at once: the account's row lock lets one of them do it.
 */
export function createRetentionSweep(eraseDue: () => Promise<number>, log: FastifyBaseLogger) {
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;

  function sweep(): Promise<number> {
    running ??= eraseDue().finally(() => (running = undefined));
    return running;
  }

  function sweepAndLog(): void {
    sweep().then(
      (erased) => log.info({ erased }, 'retention sweep done'),
      (error: unknown) => log.warn({ error: safeError(error) }, 'retention sweep failed; the next one tries again'),
    );
  }

  return {
    sweep,
    start(): void {
      if (timer) return;
      sweepAndLog();
      timer = setInterval(sweepAndLog, RETENTION_SWEEP_INTERVAL_MS).unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}

export type RetentionSweep = ReturnType<typeof createRetentionSweep>;
