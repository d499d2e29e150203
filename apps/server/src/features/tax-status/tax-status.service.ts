import {
  dashboardTaxYears,
  openChecklistItems,
  taxStatusId,
  taxYearInPreparation,
  taxStatusName,
  type AdminSetTaxStatusResponse,
  type TaxProfileAnswers,
  type TaxStatusId,
  type TaxStatusResponse,
  type TransmitResponse,
} from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { Clock } from '../../lib/clock.js';
import { resolveTaxYear } from '../../lib/tax-year.js';
import type { ChecklistRepository } from './checklist.repository.js';
import type { TaxStatusRepository } from './tax-status.repository.js';
import type { TransmissionRepository } from './transmission.repository.js';

/** The statuses as a column of the user record's one statement: other features' door to them. */
export { taxYearStatusesColumn } from './tax-status.repository.js';

export interface Actor {
  userId: number;
  isAdmin: boolean;
}

/** What the status rules read of the documents (the files service's). */
export interface DocumentReads {
  categoriesWithDocuments(userId: number, taxYear: number): Promise<number[]>;
  latestVersionIds(userId: number, taxYear: number): Promise<number[]>;
}

/** What the transmit reads of the Advanced Tax Information section (its service's). */
export interface SectionReads {
  completedAt(userId: number, taxYear: number): Promise<Date | null>;
}

/** What the checklist reads of the tax profile (its service's): the completed year's answers, else null. */
export interface ProfileReads {
  completedAnswers(userId: number, taxYear: number): Promise<TaxProfileAnswers | null>;
}

/**
 * What a status change reads and writes, together in one transaction: its own repositories, the
 * other features' reads built on the same transaction, and the audit log.
 */
export interface StatusWriteScope {
  statuses: TaxStatusRepository;
  transmissions: TransmissionRepository;
  documents: DocumentReads;
  sections: SectionReads;
  /** The checklist's "not applicable" marks (D19). */
  checklist: Pick<ChecklistRepository, 'marks'>;
  profiles: ProfileReads;
  audit: AuditLog;
}

export interface TaxStatusDeps {
  statuses: TaxStatusRepository;
  transmissions: TransmissionRepository;
  sections: SectionReads;
  audit: AuditLog;
  clock: Clock;
  /** Whether an account exists (the users service's). */
  userExists(userId: number): Promise<boolean>;
  /** Runs `work` in one transaction (a savepoint when this service is built on one). */
  inTransaction<T>(work: (scope: StatusWriteScope) => Promise<T>): Promise<T>;
}

/** A move of the expert's work (see moveIfAt), and the audit action it is recorded as. */
export interface StatusMove {
  userId: number;
  taxYear: number;
  from: TaxStatusId;
  to: TaxStatusId;
  actorUserId: number;
  action: 'tax_status.expert_move' | 'tax_status.approve' | 'tax_status.request_changes';
}

/**
 * Whether the year's checklist (D19) has no open item: each has a document or is marked not
 * applicable. Read on the status change's transaction, so a mark or a file of that transaction counts.
 */
async function checklistComplete(scope: StatusWriteScope, userId: number, taxYear: number): Promise<boolean> {
  const answers = await scope.profiles.completedAnswers(userId, taxYear);
  const categoryIdsWithFiles = await scope.documents.categoriesWithDocuments(userId, taxYear);
  const notApplicableCategoryIds = (await scope.checklist.marks(userId, taxYear)).map((mark) => mark.categoryId);
  return openChecklistItems({ answers, categoryIdsWithFiles, notApplicableCategoryIds }).length === 0;
}

/**
 * The status rules of DECISIONS D1: who may move which status, and transmit. An automatic move
 * locks the year's status row, reads what its rule needs (through the documents' and the
 * section's services, on the same transaction) and then writes conditionally on the status it
 * leaves: concurrent calls advance once, a status already further along never moves, and a
 * document change of the year (which locks the same row) waits or is seen. Reading never writes.
 */
export function createTaxStatusService({ statuses, transmissions: transmissionStore, sections, audit, clock, userExists, inTransaction }: TaxStatusDeps) {
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

  /**
   * documents_pending (2) → documents_submitted (3) once the year's checklist has no open item. The
   * one path of this move: after an upload, a move of a document, and a "not applicable" mark.
   */
  async function advanceWhenDocumentsComplete(userId: number, taxYear: number, actorUserId: number | null = null): Promise<boolean> {
    const moved = await inTransaction(async (scope) => {
      if ((await scope.statuses.lockStatus(userId, taxYear)) !== 'documents_pending') return false;
      if (!(await checklistComplete(scope, userId, taxYear))) return false;
      return scope.statuses.move(userId, taxYear, 'documents_pending', 'documents_submitted', clock());
    });
    if (moved) await recordAdvance(actorUserId, userId, taxYear, 2, 3);
    return moved;
  }

  /** documents_submitted (3) → documents_pending (2) when deleting or moving a document, or undoing a mark, left a checklist item open. */
  async function revertWhenDocumentsMissing(userId: number, taxYear: number, actorUserId: number): Promise<boolean> {
    // The same rule as the 2 → 3 move, so the two never disagree.
    const moved = await inTransaction(async (scope) => {
      if ((await scope.statuses.lockStatus(userId, taxYear)) !== 'documents_submitted') return false;
      if (await checklistComplete(scope, userId, taxYear)) return false;
      return scope.statuses.move(userId, taxYear, 'documents_submitted', 'documents_pending', clock());
    });
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
      sections.completedAt(userId, taxYear),
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

  /**
   * The expert's work and the person's answer to it (D18: 4 → 5, 5 → 4, 5 → 6): `from` → `to` only
   * while the year is still at `from`, in one conditional UPDATE, with its audit event in the same
   * transaction. Two such calls at once move the year once: the second waits for the first's row
   * lock, then finds the status changed. Which moves are allowed, and who may make them, is the
   * caller's rule; this answers the status the year was at when it did not move.
   */
  async function moveIfAt(move: StatusMove): Promise<{ moved: true } | { moved: false; current: TaxStatusId }> {
    const { userId, taxYear, from, to, actorUserId, action } = move;
    return inTransaction(async (scope) => {
      if (!(await scope.statuses.move(userId, taxYear, taxStatusName(from), taxStatusName(to), clock()))) {
        return { moved: false as const, current: taxStatusId(await scope.statuses.findStatus(userId, taxYear)) };
      }
      await scope.audit.record({ action, outcome: 'success', actorUserId, subjectUserId: userId, details: { taxYear, from, to } });
      return { moved: true as const };
    });
  }

  return {
    resolveYear: (requested: number | undefined) => resolveTaxYear(clock(), requested),
    getStatus,
    /** The year's status id (a missing or unknown stored status reads as 1). */
    currentStatusId: currentId,
    moveIfAt,
    advanceWhenDocumentsComplete,
    advanceAfterTaxProfileSaved,
    revertWhenDocumentsMissing,
    lockedStatusId,
    /** Years with status 4 or later: the experts' work, which the admin panel's reset leaves alone. */
    transmittedYears: statuses.transmittedYears,
    /** Every year still in preparation (2 or 3) back to 1, for the admin panel's reset (which records it); answers the years moved. */
    resetYearsInPreparation: statuses.resetYearsInPreparation,
    /** The year's latest transmission: when, and which document versions it froze (the experts' client file). */
    latestTransmission: transmissionStore.latest,
    /** Every transmission of the person with the versions each sent (the data export). */
    transmissionsOf: transmissionStore.allOfPerson,
    /** Those of the document versions a transmission sent: frozen (D7), the files feature refuses to change them. */
    transmittedVersionIds: transmissionStore.transmittedVersionIds,

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
      const outcome = await transmitInTransaction(userId, taxYear, clock());
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

  /**
   * One transaction: the year's row locked, the rule checked (status 3, section complete), the
   * status moved, the transmission row and one row per latest version of each of the year's
   * documents. A second transmit of the year waits for the lock and then finds status 4; when the
   * rule does not hold, nothing is written.
   */
  async function transmitInTransaction(userId: number, taxYear: number, now: Date) {
    return inTransaction(async (scope) => {
      if ((await scope.statuses.lockStatus(userId, taxYear)) !== 'documents_submitted') return { transmitted: false as const };
      if ((await scope.sections.completedAt(userId, taxYear)) === null) return { transmitted: false as const };
      if (!(await scope.statuses.move(userId, taxYear, 'documents_submitted', 'processing', now))) return { transmitted: false as const };
      const versionIds = await scope.documents.latestVersionIds(userId, taxYear);
      const transmission = await scope.transmissions.record(userId, taxYear, now, versionIds);
      return { transmitted: true as const, transmissionId: transmission.id, transmittedAt: transmission.transmittedAt, fileCount: versionIds.length };
    });
  }

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
