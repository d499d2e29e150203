import {
  dashboardTaxYears,
  taxStatusId,
  taxYearInPreparation,
  taxStatusName,
  type AdminSetTaxStatusResponse,
  type TaxStatusId,
  type TaxStatusResponse,
  type TransmitResponse,
} from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { Clock } from '../../lib/clock.js';
import { resolveTaxYear } from '../../lib/tax-year.js';
import type { TaxStatusRepository } from './tax-status.repository.js';
import type { TransmissionRepository } from './transmission.repository.js';

export interface Actor {
  userId: number;
  isAdmin: boolean;
}

/** What an administrator's status change writes, together in one transaction. */
export interface StatusWriteScope {
  statuses: TaxStatusRepository;
  audit: AuditLog;
}

export interface TaxStatusDeps {
  statuses: TaxStatusRepository;
  transmissions: TransmissionRepository;
  audit: AuditLog;
  clock: Clock;
  /** Whether an account exists (the users service's). */
  userExists(userId: number): Promise<boolean>;
  /** Runs `work` in one transaction (a savepoint when this service is built on one). */
  inTransaction<T>(work: (scope: StatusWriteScope) => Promise<T>): Promise<T>;
}

/**
 * The status rules of DECISIONS D1: who may move which status, and transmit. The automatic moves
 * are single conditional writes, so concurrent calls advance once, and a status that is already
 * further along never moves. Reading a status never writes.
 */
export function createTaxStatusService({ statuses, transmissions: transmissionStore, audit, clock, userExists, inTransaction }: TaxStatusDeps) {
  /** The one place the automatic moves are recorded; `actorUserId` is null when the server moved on its own. */
  async function recordAdvance(
    actorUserId: number | null,
    userId: number,
    taxYear: number,
    from: TaxStatusId,
    to: TaxStatusId,
    action: 'tax_status.auto_advance' | 'tax_status.auto_revert' = 'tax_status.auto_advance',
  ) {
    await audit.record({
      action,
      outcome: 'success',
      actorUserId,
      subjectUserId: userId,
      details: { taxYear, from, to },
    });
  }

  /** documents_pending (2) → documents_submitted (3) once all six required categories of that year have a document. */
  async function advanceWhenDocumentsComplete(userId: number, taxYear: number, actorUserId: number | null = null): Promise<boolean> {
    const moved = await statuses.advanceToDocumentsSubmitted(userId, taxYear, clock());
    if (moved) await recordAdvance(actorUserId, userId, taxYear, 2, 3);
    return moved;
  }

  /** documents_submitted (3) → documents_pending (2) when deleting or moving a document left a required category of that year empty. */
  async function revertWhenDocumentsMissing(userId: number, taxYear: number, actorUserId: number): Promise<boolean> {
    const moved = await statuses.revertToDocumentsPending(userId, taxYear, clock());
    if (moved) await recordAdvance(actorUserId, userId, taxYear, 3, 2, 'tax_status.auto_revert');
    return moved;
  }

  /** The year's status, locked for the rest of the transaction (call it inside one). */
  async function lockedStatusId(userId: number, taxYear: number): Promise<TaxStatusId> {
    return taxStatusId(await statuses.lockStatus(userId, taxYear));
  }

  /** profile_incomplete (1, or no row) → documents_pending (2), after the year's tax profile is complete. */
  async function advanceAfterTaxProfileSaved(userId: number, taxYear: number): Promise<boolean> {
    const moved = await statuses.advanceToDocumentsPending(userId, taxYear, clock());
    if (moved) await recordAdvance(userId, userId, taxYear, 1, 2);
    return moved;
  }

  /** Stored values are checked on the way out: anything unknown reads as status 1. */
  async function currentId(userId: number, taxYear: number): Promise<TaxStatusId> {
    return taxStatusId(await statuses.findStatus(userId, taxYear));
  }

  async function getStatus(userId: number, taxYear: number): Promise<TaxStatusResponse> {
    const id = await currentId(userId, taxYear);
    const [completedAt, transmittedAt] = await Promise.all([
      statuses.findAdvancedInfoCompletedAt(userId, taxYear),
      statuses.findLatestTransmittedAt(userId, taxYear),
    ]);
    return {
      taxYear,
      status: taxStatusName(id),
      current_status_id: id,
      advancedInfoCompleted: completedAt !== null,
      transmittedAt: transmittedAt?.toISOString() ?? null,
    };
  }

  /**
   * An administrator sets `to` for one year or every year of the account ('all': the dashboard's
   * years and every year with a stored status). One transaction: each year's row is locked before
   * its old status is read, so an automatic move at the same moment waits and the audit's "from" is
   * the status actually replaced. Years are locked in ascending order, so two such calls never
   * deadlock. Answers the years set.
   */
  async function adminSet(actorId: number, userId: number, years: number | 'all', to: TaxStatusId): Promise<number[]> {
    const now = clock();
    return inTransaction(async (scope) => {
      const chosen = years === 'all' ? [...dashboardTaxYears(now), ...(await scope.statuses.yearsWithStatus(userId))] : [years];
      const taxYears = [...new Set(chosen)].sort((a, b) => a - b);
      for (const taxYear of taxYears) {
        const from = taxStatusId(await scope.statuses.lockStatusRow(userId, taxYear, now));
        await scope.statuses.setStatus(userId, taxYear, taxStatusName(to), now);
        await scope.audit.record({
          action: 'tax_status.admin_set',
          outcome: 'success',
          actorUserId: actorId,
          subjectUserId: userId,
          details: { taxYear, from, to },
        });
      }
      return taxYears;
    });
  }

  return {
    resolveYear: (requested: number | undefined) => resolveTaxYear(clock(), requested),
    getStatus,
    advanceWhenDocumentsComplete,
    advanceAfterTaxProfileSaved,
    revertWhenDocumentsMissing,
    lockedStatusId,
    /** Years with status 4 or later: the experts' work, which the admin panel's reset leaves alone. */
    transmittedYears: statuses.transmittedYears,
    /** Every year still in preparation (2 or 3) back to 1, for the admin panel's reset (which records it); answers the years moved. */
    resetYearsInPreparation: statuses.resetYearsInPreparation,

    /**
     * Admins set any status. Anyone else may only name what the server would do anyway: the
     * current status again, or 2 → 3 once all required documents are there.
     */
    async updateNumeric(actor: Actor, taxYear: number, to: TaxStatusId): Promise<TaxStatusResponse> {
      if (actor.isAdmin) {
        await adminSet(actor.userId, actor.userId, taxYear, to);
        return getStatus(actor.userId, taxYear);
      }
      const from = await currentId(actor.userId, taxYear);
      if (from === 2 && to === 3) await advanceWhenDocumentsComplete(actor.userId, taxYear, actor.userId);
      // Read again: an upload finishing at the same moment may have made the same move.
      if ((await currentId(actor.userId, taxYear)) !== to) {
        const message =
          from === 2 && to === 3
            ? 'The status becomes Documents only once all required documents are uploaded.'
            : 'This status change is not allowed. Only our experts can set this status.';
        throw new AppError(403, 'STATUS_CHANGE_FORBIDDEN', message, 'status');
      }
      return getStatus(actor.userId, taxYear);
    },

    /**
     * PATCH /api/user/tax-status: an admin sets a user's status (their own by default) for one year,
     * or for every year ('all'; the answer then shows the year in preparation).
     */
    async adminSetStatus(actorId: number, userId: number, years: number | 'all', to: TaxStatusId): Promise<AdminSetTaxStatusResponse> {
      if (!(await userExists(userId))) throw new AppError(404, 'NOT_FOUND', 'No user with this id', 'userId');
      const taxYears = await adminSet(actorId, userId, years, to);
      const shown = years === 'all' ? taxYearInPreparation(clock()) : years;
      return { userId, ...(await getStatus(userId, shown)), taxYears };
    },

    /** 3 → 4, only with the Advanced Tax Information section complete; freezes the versions sent. */
    async transmit(userId: number, taxYear: number): Promise<TransmitResponse> {
      const outcome = await transmissionStore.transmit(userId, taxYear, clock());
      if (!outcome.transmitted) throw await transmitRefusal(userId, taxYear);
      await audit.record({
        action: 'tax_status.transmit',
        outcome: 'success',
        actorUserId: userId,
        subjectUserId: userId,
        details: { taxYear, transmissionId: outcome.transmissionId, fileCount: outcome.fileCount },
      });
      return {
        success: true,
        taxYear,
        status: 'processing',
        current_status_id: 4,
        transmittedAt: outcome.transmittedAt.toISOString(),
        fileCount: outcome.fileCount,
      };
    },
  };

  /** Why the conditional write did not apply, in words the user can act on. */
  async function transmitRefusal(userId: number, taxYear: number): Promise<AppError> {
    const id = await currentId(userId, taxYear);
    if (id < 3) {
      return new AppError(409, 'INVALID_STATUS', 'Documents can be transmitted only once all required documents are uploaded (status Documents).');
    }
    if (id > 3) return new AppError(409, 'INVALID_STATUS', `The documents for ${taxYear} have already been transmitted.`);
    return new AppError(409, 'ADVANCED_INFO_INCOMPLETE', 'Complete the Advanced Tax Information section before transmitting.');
  }
}

export type TaxStatusService = ReturnType<typeof createTaxStatusService>;
