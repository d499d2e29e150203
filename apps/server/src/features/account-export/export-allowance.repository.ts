import { sql } from 'drizzle-orm';
import { ACCOUNT_EXPORTS_PER_DAY, ACCOUNT_EXPORT_WINDOW_MS } from '@taxli/domain';
import type { Db } from '../../db/client.js';
import { createAuditCounter, type AuditEvent, type AuditLog } from '../../lib/audit.repository.js';

export const EXPORT_ACTION = 'account.export';

export type Allowance = { granted: true } | { granted: false; retryAt: Date };

/**
 * The exports a person made of their own data, counted on the audit trail itself (the event every
 * export writes), so the limit holds across instances with no table of its own. An advisory lock
 * per person makes count-and-record one step: parallel requests cannot slip past the limit.
 */
export function createExportAllowance(db: Db, auditOn: (on: Db) => AuditLog) {
  /** The person's own exports counted at `now`, oldest first. */
  const countedAt = (on: Db, personId: number, now: Date) =>
    createAuditCounter(on).recentSuccesses(
      { action: EXPORT_ACTION, actorUserId: personId, subjectUserId: personId },
      new Date(now.getTime() - ACCOUNT_EXPORT_WINDOW_MS),
      ACCOUNT_EXPORTS_PER_DAY,
    );
  const freeing = (at: Date | undefined) => (at ? new Date(at.getTime() + ACCOUNT_EXPORT_WINDOW_MS) : null);

  return {
    /** What is left of the person's exports at `now`, and when the oldest counted one frees (the profile shows it). */
    async left(personId: number, now: Date): Promise<{ left: number; freesAt: Date | null }> {
      const counted = await countedAt(db, personId, now);
      return { left: Math.max(0, ACCOUNT_EXPORTS_PER_DAY - counted.length), freesAt: freeing(counted[0]) };
    },

    /**
     * Records `event` (an `account.export`) when allowed. `limited`: the person's own export counts
     * against their daily few; an administrator's on their behalf is neither limited nor counted.
     */
    async take(event: AuditEvent & { actorUserId: number; subjectUserId: number }, now: Date, limited: boolean): Promise<Allowance> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`account-export:${event.subjectUserId}`}, 0))`);
        if (limited) {
          const counted = await countedAt(tx, event.subjectUserId, now);
          // Free again when the oldest export counted leaves the 24 hours.
          if (counted.length >= ACCOUNT_EXPORTS_PER_DAY) return { granted: false, retryAt: freeing(counted[0])! };
        }
        await auditOn(tx).record(event);
        return { granted: true };
      });
    },
  };
}

export type ExportAllowance = ReturnType<typeof createExportAllowance>;
