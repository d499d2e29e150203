import {
  taxYearInPreparation,
  type AdminTaxStatusResponse,
  type AdminUserSummary,
  type AdminUsersResponse,
  type AuditFilter,
  type AuditResponse,
  AUDIT_CSV_MAX_ROWS,
  type ResetProfileResponse,
  type Role,
  type SubscriptionPlan,
  type SystemInfoResponse,
} from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import type { AuditLog, AuditReader } from '../../lib/audit.repository.js';
import { toCsv } from '../../lib/csv.js';
import type { Clock } from '../../lib/clock.js';
import type { TaxStatusService } from '../tax-status/tax-status.service.js';
import type { UserService } from '../users/user.service.js';

/**
 * What a change of the admin panel writes, each change in one transaction with its audit event (a
 * user is never half reset, and no change is without its record).
 */
export interface AdminScope {
  /** Years with status 4 or later: the experts' work stays as it is. */
  transmittedYears(userId: number): Promise<number[]>;
  markProfileIncomplete(userId: number, now: Date): Promise<void>;
  reopenCompletedTaxProfiles(userId: number, exceptYears: number[], now: Date): Promise<number[]>;
  resetYearsInPreparation(userId: number, now: Date): Promise<number[]>;
  /** Locks the administrators' rows while it checks that one remains. */
  changeRoleKeepingAnAdmin(userId: number, role: Role): Promise<{ outcome: 'changed' | 'unchanged' | 'last_admin' | 'not_found'; from?: Role }>;
  /** Locks the account's row while it reads the plan it replaces; undefined when there is no such account. */
  changePlan(userId: number, plan: SubscriptionPlan, now: Date): Promise<{ from: SubscriptionPlan | null } | undefined>;
  audit: AuditLog;
}

export interface AdminDeps {
  users: Pick<UserService, 'exists' | 'listAccounts' | 'findAccount'>;
  taxStatus: Pick<TaxStatusService, 'getStatus' | 'resolveYear'>;
  clock: Clock;
  /** Reads of other people's data (DECISIONS D12); changes write theirs in their transaction. */
  audit: AuditLog;
  /** The trail read back (GET /api/admin/audit). */
  auditReader: AuditReader;
  systemInfo(): SystemInfoResponse;
  inTransaction<T>(work: (scope: AdminScope) => Promise<T>): Promise<T>;
}

/** The filters of a read of the trail that were used: a read of everything says so by naming none. */
function usedFilters(filter: Omit<AuditFilter, 'cursor'>): Record<string, string | number> {
  const used = { actorId: filter.actorId, action: filter.action, from: filter.from, to: filter.to };
  return Object.fromEntries(Object.entries(used).filter((entry): entry is [string, string | number] => entry[1] !== undefined));
}

const noSuchUser = () => new AppError(404, 'NOT_FOUND', 'No user with this id', 'userId');

/**
 * The administrator's tools (part 2 §2, DECISIONS D4). The routes are admin-only; every change
 * here, and every read of someone else's data, is an audit event naming who acted and on whom.
 */
export function createAdminService({ users, taxStatus, clock, audit, auditReader, systemInfo, inTransaction }: AdminDeps) {
  return {
    systemInfo,

    /**
     * A page of the audit trail. Reading it is itself a read of other people's data (D12): audited
     * with the filters used (ids and the action, never more) and how many events were shown.
     */
    /** The trail with the same filters as CSV (at most AUDIT_CSV_MAX_ROWS events, newest first), audited as an export. */
    async exportAudit(actorId: number, filter: Omit<AuditFilter, 'cursor'>): Promise<string> {
      const events = await auditReader.all(filter, AUDIT_CSV_MAX_ROWS);
      await audit.record({
        action: 'admin.audit_export',
        outcome: 'success',
        actorUserId: actorId,
        subjectUserId: filter.userId ?? null,
        details: { ...usedFilters(filter), exported: events.length },
      });
      const header = ['id', 'at', 'action', 'outcome', 'actorUserId', 'subjectUserId', 'details'];
      return toCsv(
        header,
        events.map((e) => [e.id, e.at, e.action, e.outcome, e.actorUserId, e.subjectUserId, e.details === null ? null : JSON.stringify(e.details)]),
      );
    },

    async readAudit(actorId: number, filter: AuditFilter): Promise<AuditResponse> {
      const page = await auditReader.page(filter);
      await audit.record({
        action: 'admin.audit_read',
        outcome: 'success',
        actorUserId: actorId,
        subjectUserId: filter.userId ?? null,
        // Only the filters used: a read of everything says so by naming none.
        details: { ...usedFilters(filter), shown: page.events.length },
      });
      return page;
    },

    /**
     * The account list, or a search by e-mail fragment or id. Audited with whose rows were shown;
     * the search text only as a keyed hash (like an address), so an auditor who knows an address
     * can check whether it was searched, but the trail itself names no one.
     */
    async listUsers(actorId: number, query: { q?: string; limit: number }): Promise<AdminUsersResponse> {
      const found = await users.listAccounts(query);
      await audit.record({
        action: 'admin.users_read',
        outcome: 'success',
        actorUserId: actorId,
        email: query.q?.toLowerCase() ?? null,
        details: { searched: query.q !== undefined, shown: found.users.length, userIds: found.users.map((u) => u.id).join(',') },
      });
      return found;
    },

    /** Grants or removes the admin role; the last administrator keeps it (409 LAST_ADMIN). */
    async setRole(actorId: number, userId: number, role: Role): Promise<AdminUserSummary> {
      const result = await inTransaction(async (scope) => {
        const change = await scope.changeRoleKeepingAnAdmin(userId, role);
        const event = { action: 'user.role_change', actorUserId: actorId, subjectUserId: userId } as const;
        if (change.outcome === 'last_admin') {
          await scope.audit.record({ ...event, outcome: 'failure', details: { from: 'admin', to: role, reason: 'last_admin' } });
        }
        if (change.outcome === 'changed') await scope.audit.record({ ...event, outcome: 'success', details: { from: change.from ?? null, to: role } });
        return change;
      });
      if (result.outcome === 'not_found') throw noSuchUser();
      if (result.outcome === 'last_admin') {
        throw new AppError(409, 'LAST_ADMIN', 'This is the last administrator: make another account an administrator first', 'role');
      }
      const summary = await users.findAccount(userId);
      if (!summary) throw noSuchUser();
      return summary;
    },

    /**
     * Sets an account's subscription plan (D14: only administrators change plans). Audited with
     * from and to; setting the plan it already has changes and records nothing.
     */
    async setPlan(actorId: number, userId: number, plan: SubscriptionPlan): Promise<AdminUserSummary> {
      const now = clock();
      const changed = await inTransaction(async (scope) => {
        const change = await scope.changePlan(userId, plan, now);
        if (change && change.from !== plan) {
          await scope.audit.record({
            action: 'user.plan_change',
            outcome: 'success',
            actorUserId: actorId,
            subjectUserId: userId,
            details: { from: change.from, to: plan },
          });
        }
        return change;
      });
      if (!changed) throw noSuchUser();
      const summary = await users.findAccount(userId);
      if (!summary) throw noSuchUser();
      return summary;
    },

    /** Whose status the panel drives: any account, any year the status API accepts; someone else's is audited. */
    async taxStatusOf(actorId: number, userId: number, requestedYear: number | undefined): Promise<AdminTaxStatusResponse> {
      const taxYear = taxStatus.resolveYear(requestedYear);
      if (!(await users.exists(userId))) throw noSuchUser();
      const status = await taxStatus.getStatus(userId, taxYear);
      if (userId !== actorId) {
        await audit.record({ action: 'tax_status.admin_read', outcome: 'success', actorUserId: actorId, subjectUserId: userId, details: { taxYear } });
      }
      return { userId, ...status };
    },

    /**
     * Back to first-time sign-in (part 2 §5): the profile must be completed again, and every year
     * still in preparation returns to status 1 with its tax profile reopened (the answers stay as a
     * draft). Documents, transmitted years and the audit trail are kept.
     */
    async resetProfile(actorId: number, userId: number): Promise<ResetProfileResponse> {
      if (!(await users.exists(userId))) throw noSuchUser();
      const now = clock();
      const taxYears = await inTransaction(async (scope) => {
        const transmitted = await scope.transmittedYears(userId);
        await scope.markProfileIncomplete(userId, now);
        const reopened = await scope.reopenCompletedTaxProfiles(userId, transmitted, now);
        const reset = await scope.resetYearsInPreparation(userId, now);
        const inPreparation = taxYearInPreparation(now);
        const years = [...new Set([...reopened, ...reset, ...(transmitted.includes(inPreparation) ? [] : [inPreparation])])].sort((a, b) => b - a);
        await scope.audit.record({
          action: 'user.profile_reset',
          outcome: 'success',
          actorUserId: actorId,
          subjectUserId: userId,
          details: { taxYears: years.join(',') },
        });
        return years;
      });
      return {
        success: true,
        userId,
        taxYears,
        message: `User ${userId} profile has been reset to first-time login status.`,
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
