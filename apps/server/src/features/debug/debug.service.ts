import type { DebugDbStatusResponse, DebugFixColumnResponse, DebugTaxStatusResponse, MigrationState, SchemaCheck } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
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
  /** The live tables and columns against the code's schema. */
  checkSchema(): Promise<SchemaCheck>;
  users: Pick<UserService, 'findRecord' | 'countAccounts' | 'newestAccount'>;
  taxStatus: Pick<TaxStatusService, 'getStatus' | 'resolveYear'>;
  taxProfile: Pick<TaxProfileService, 'setCompletedForDebug' | 'countAccountsWithACompleteYear'>;
  audit: AuditLog;
  clock: Clock;
}

/**
 * The administrator's debug panel (part 1 §2, D4): only registered with DEBUG_TOOLS=1, outside
 * production, and only for admins. Fix Column applies committed migrations, never hand-made SQL.
 */
/** The differences in a few words, for messages and logs ('missing users.phone; extra table x'). */
function describeDifferences(check: SchemaCheck): string {
  return [
    ...check.missingTables.map((name) => `missing table ${name}`),
    ...check.missingColumns.map((name) => `missing ${name}`),
    ...check.extraTables.map((name) => `extra table ${name}`),
    ...check.extraColumns.map((name) => `extra ${name}`),
  ].join('; ');
}

export function createDebugService({ debug, migrations, checkSchema, users, taxStatus, taxProfile, audit, clock }: DebugDeps) {
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

    /** Counts and schema, and the newest account's address: someone else's is a read to audit (D12). */
    async dbStatus(actorId: number): Promise<DebugDbStatusResponse> {
      const [userCount, taxCompletedCount, newest, columns, profileColumns, migrationState, schema] = await Promise.all([
        users.countAccounts(),
        taxProfile.countAccountsWithACompleteYear(),
        users.newestAccount(),
        debug.columnsOf('users'),
        debug.columnsOf('tax_profiles'),
        migrations.state(),
        checkSchema(),
      ]);
      const counts = { userCount, taxCompletedCount };
      const newestUser = newest ? { id: newest.id, email: newest.email, created: newest.createdAt.toISOString() } : null;
      if (newestUser && newestUser.id !== actorId) {
        await audit.record({ action: 'debug.db_status_read', outcome: 'success', actorUserId: actorId, subjectUserId: newestUser.id, details: { shown: 'newest_user' } });
      }
      const rate = counts.userCount === 0 ? 0 : (counts.taxCompletedCount / counts.userCount) * 100;
      return {
        ...counts,
        completionRate: Math.round(rate * 10) / 10,
        newestUser,
        hasTaxProfileColumn: profileColumns.includes('completed_at'),
        columns,
        migrations: migrationState,
        schema,
        lastChecked: clock().toISOString(),
      };
    },

    /**
     * Applies the pending committed migrations, and nothing else. When none is pending and the
     * database still differs from the code, only a new migration can say how to change it: 409,
     * and the database stays as it is.
     */
    async fixColumn(actorId: number): Promise<DebugFixColumnResponse> {
      const before = await migrations.state();
      if (before.pending.length === 0) {
        const schema = await checkSchema();
        if (!schema.matches) {
          await audit.record({ action: 'debug.apply_migrations', outcome: 'failure', actorUserId: actorId, details: { reason: 'schema_differs_without_migration' } });
          throw new AppError(
            409,
            'SCHEMA_DIFFERS',
            `The database differs from the code (${describeDifferences(schema)}) and no migration is pending, so nothing was changed. A new migration has to describe the change.`,
          );
        }
      } else {
        await migrations.apply();
      }
      const [after, schema] = await Promise.all([migrations.state(), checkSchema()]);
      const applied = before.pending.filter((tag) => after.applied.includes(tag));
      await audit.record({ action: 'debug.apply_migrations', outcome: 'success', actorUserId: actorId, details: { applied: applied.join(',') } });
      return { success: true, applied, migrations: after, schema };
    },

    async setTaxProfileComplete(actorId: number, completed: boolean, requestedYear?: number): Promise<DebugTaxStatusResponse> {
      const taxYear = taxStatus.resolveYear(requestedYear);
      await taxProfile.setCompletedForDebug(actorId, taxYear, completed);
      return this.taxStatus(actorId, taxYear);
    },
  };
}

export type DebugService = ReturnType<typeof createDebugService>;
