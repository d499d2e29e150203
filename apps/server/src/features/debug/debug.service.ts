import type { DebugDbStatusResponse, DebugFixColumnResponse, DebugTaxStatusResponse, MigrationState } from '@taxli/domain';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { Clock } from '../../lib/clock.js';
import type { TaxProfileService } from '../tax-profile/tax-profile.service.js';
import type { TaxStatusService } from '../tax-status/tax-status.service.js';
import type { UserService } from '../users/user.service.js';
import type { DebugRepository } from './debug.repository.js';

export interface DebugDeps {
  debug: DebugRepository;
  /** The committed migrations: what this database has applied, and applying the rest. */
  migrations: { state(): Promise<MigrationState>; apply(): Promise<void> };
  users: Pick<UserService, 'findRecord'>;
  taxStatus: Pick<TaxStatusService, 'getStatus' | 'resolveYear'>;
  taxProfile: Pick<TaxProfileService, 'setCompletedForDebug'>;
  audit: AuditLog;
  clock: Clock;
}

/**
 * The administrator's debug panel (part 1 §2, D4): only registered with DEBUG_TOOLS=1, outside
 * production, and only for admins. Fix Column applies committed migrations, never hand-made SQL.
 */
export function createDebugService({ debug, migrations, users, taxStatus, taxProfile, audit, clock }: DebugDeps) {
  return {
    async taxStatus(userId: number, requestedYear?: number): Promise<DebugTaxStatusResponse> {
      const taxYear = taxStatus.resolveYear(requestedYear);
      const [record, status] = await Promise.all([users.findRecord(userId, taxYear), taxStatus.getStatus(userId, taxYear)]);
      return {
        userId,
        taxYear,
        isTaxProfileComplete: record?.isTaxProfileComplete ?? false,
        taxStatus: status.status,
        current_status_id: status.current_status_id,
      };
    },

    async dbStatus(): Promise<DebugDbStatusResponse> {
      const [counts, newestUser, columns, profileColumns, migrationState] = await Promise.all([
        debug.counts(),
        debug.newestUser(),
        debug.columnsOf('users'),
        debug.columnsOf('tax_profiles'),
        migrations.state(),
      ]);
      const rate = counts.userCount === 0 ? 0 : (counts.taxCompletedCount / counts.userCount) * 100;
      return {
        ...counts,
        completionRate: Math.round(rate * 10) / 10,
        newestUser,
        hasTaxProfileColumn: profileColumns.includes('completed_at'),
        columns,
        migrations: migrationState,
        lastChecked: clock().toISOString(),
      };
    },

    async fixColumn(actorId: number): Promise<DebugFixColumnResponse> {
      const before = await migrations.state();
      if (before.pending.length > 0) await migrations.apply();
      const after = await migrations.state();
      const applied = before.pending.filter((tag) => after.applied.includes(tag));
      await audit.record({ action: 'debug.apply_migrations', outcome: 'success', actorUserId: actorId, details: { applied: applied.join(',') } });
      return { success: true, applied, migrations: after };
    },

    async setTaxProfileComplete(actorId: number, completed: boolean, requestedYear?: number): Promise<DebugTaxStatusResponse> {
      const taxYear = taxStatus.resolveYear(requestedYear);
      await taxProfile.setCompletedForDebug(actorId, taxYear, completed);
      return this.taxStatus(actorId, taxYear);
    },
  };
}

export type DebugService = ReturnType<typeof createDebugService>;
