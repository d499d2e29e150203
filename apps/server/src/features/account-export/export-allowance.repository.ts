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
  return {
    /**
     * Records `event` (an `account.export`) when allowed. `limited`: the person's own export counts
     * against their daily few; an administrator's on their behalf is neither limited nor counted.
     */
    async take(event: AuditEvent & { actorUserId: number; subjectUserId: number }, now: Date, limited: boolean): Promise<Allowance> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`account-export:${event.subjectUserId}`}, 0))`);
        if (limited) {
          const since = new Date(now.getTime() - ACCOUNT_EXPORT_WINDOW_MS);
          const counted = await createAuditCounter(tx).recentSuccesses({ ...event, action: EXPORT_ACTION }, since, ACCOUNT_EXPORTS_PER_DAY);
          // Free again when the oldest export counted leaves the 24 hours.
          if (counted.length >= ACCOUNT_EXPORTS_PER_DAY) return { granted: false, retryAt: new Date(counted[0]!.getTime() + ACCOUNT_EXPORT_WINDOW_MS) };
        }
        await auditOn(tx).record(event);
        return { granted: true };
      });
    },
  };
}

export type ExportAllowance = ReturnType<typeof createExportAllowance>;
