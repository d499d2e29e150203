import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicTask } from '../../lib/periodic-task.js';

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
  const task = createPeriodicTask('retention sweep', RETENTION_SWEEP_INTERVAL_MS, eraseDue, log, (erased) => ({ erased }));
  return { sweep: task.run, start: () => task.start(), stop: task.stop };
}

export type RetentionSweep = ReturnType<typeof createRetentionSweep>;
