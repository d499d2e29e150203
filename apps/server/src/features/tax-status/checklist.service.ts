import {
  areDocumentsFrozen,
  checklistFor,
  checklistPercent,
  openChecklistItems,
  ruledOutCategoryIds,
  type ChecklistItem,
  type ChecklistResponse,
  type TaxStatusId,
} from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { Clock } from '../../lib/clock.js';
import type { ChecklistRepository, NotApplicableMark } from './checklist.repository.js';
import type { DocumentReads, ProfileReads, TaxStatusService } from './tax-status.service.js';

/** What marking an item writes, in one transaction: the mark, its audit event and the status move. */
export interface ChecklistWriteScope {
  checklist: ChecklistRepository;
  profiles: ProfileReads;
  taxStatus: Pick<TaxStatusService, 'lockedStatusId' | 'advanceWhenDocumentsComplete' | 'revertWhenDocumentsMissing'>;
  audit: AuditLog;
}

export interface ChecklistDeps {
  checklist: ChecklistRepository;
  profiles: ProfileReads;
  documents: Pick<DocumentReads, 'categoriesWithDocuments'>;
  statusOf(userId: number, taxYear: number): Promise<TaxStatusId>;
  clock: Clock;
  inTransaction<T>(work: (scope: ChecklistWriteScope) => Promise<T>): Promise<T>;
}

/** The refusal after transmission: the documents, and with them the checklist, are frozen (D7). */
const transmitted = (taxYear: number) =>
  new AppError(409, 'DOCUMENTS_TRANSMITTED', `The documents for ${taxYear} have been transmitted to the experts; the checklist can no longer be changed.`);

const notOnChecklist = (taxYear: number) => new AppError(404, 'NOT_FOUND', `This category is not on your checklist for ${taxYear}`, 'categoryId');

/**
 * The person's document checklist (DECISIONS D19): the items the year's tax profile calls for
 * (checklist.ts in the domain), their files, and the "not applicable" marks the person set. A mark
 * counts like a file: the last open item marked moves the year 2 → 3 by the same rule an upload
 * uses (advanceWhenDocumentsComplete), and undoing one moves it back like a deletion.
 */
export function createChecklistService({ checklist, profiles, documents, statusOf, clock, inTransaction }: ChecklistDeps) {
  function answer(
    taxYear: number,
    answers: Awaited<ReturnType<ProfileReads['completedAnswers']>>,
    categoryIdsWithFiles: number[],
    marks: NotApplicableMark[],
    statusId: TaxStatusId,
  ): ChecklistResponse {
    const withFiles = new Set(categoryIdsWithFiles);
    const markOf = new Map(marks.map((mark) => [mark.categoryId, mark]));
    const notApplicableCategoryIds = [...markOf.keys()];
    return {
      taxYear,
      personalised: answers !== null,
      percent: checklistPercent({ answers, categoryIdsWithFiles, notApplicableCategoryIds }),
      items: checklistFor(answers).map((item) => {
        const mark = markOf.get(item.categoryId);
        return {
          categoryId: item.categoryId,
          reason: item.reason,
          hasFile: withFiles.has(item.categoryId),
          notApplicable: mark ? { reason: mark.reason, at: mark.markedAt.toISOString() } : null,
        };
      }),
      ruledOutCategoryIds: ruledOutCategoryIds(answers),
      current_status_id: statusId,
    };
  }

  async function get(userId: number, taxYear: number): Promise<ChecklistResponse> {
    const [answers, categoryIdsWithFiles, marks, statusId] = await Promise.all([
      profiles.completedAnswers(userId, taxYear),
      documents.categoriesWithDocuments(userId, taxYear),
      checklist.marks(userId, taxYear),
      statusOf(userId, taxYear),
    ]);
    return answer(taxYear, answers, categoryIdsWithFiles, marks, statusId);
  }

  /** The year's status row locked, refusing after transmission; answers whether the category is on the person's checklist. */
  async function changeable(scope: ChecklistWriteScope, userId: number, taxYear: number, categoryId: number): Promise<boolean> {
    if (areDocumentsFrozen(await scope.taxStatus.lockedStatusId(userId, taxYear))) throw transmitted(taxYear);
    const answers = await scope.profiles.completedAnswers(userId, taxYear);
    return checklistFor(answers).some((item) => item.categoryId === categoryId);
  }

  return {
    /** GET /api/checklist */
    get,

    /**
     * The items still open for this person and year: no file and not marked not applicable. The
     * transmit review lists them as what blocks (issue 28 item 3).
     */
    async openItems(userId: number, taxYear: number): Promise<ChecklistItem[]> {
      const [answers, categoryIdsWithFiles, marks] = await Promise.all([
        profiles.completedAnswers(userId, taxYear),
        documents.categoriesWithDocuments(userId, taxYear),
        checklist.marks(userId, taxYear),
      ]);
      return openChecklistItems({ answers, categoryIdsWithFiles, notApplicableCategoryIds: marks.map((mark) => mark.categoryId) });
    },

    /** PUT …/not-applicable: only an item of the person's checklist, before transmission. */
    async markNotApplicable(userId: number, taxYear: number, categoryId: number, reason: string): Promise<ChecklistResponse> {
      await inTransaction(async (scope) => {
        if (!(await changeable(scope, userId, taxYear, categoryId))) throw notOnChecklist(taxYear);
        await scope.checklist.mark(userId, taxYear, categoryId, reason, clock());
        // The reason is the person's own words: the audit keeps ids only.
        await scope.audit.record({ action: 'checklist.not_applicable', outcome: 'success', actorUserId: userId, subjectUserId: userId, details: { taxYear, categoryId } });
        await scope.taxStatus.advanceWhenDocumentsComplete(userId, taxYear, userId);
      });
      return get(userId, taxYear);
    },

    /** DELETE …/not-applicable: also of an item the answers no longer call for; nothing to undo is no error. */
    async unmarkNotApplicable(userId: number, taxYear: number, categoryId: number): Promise<ChecklistResponse> {
      await inTransaction(async (scope) => {
        const onChecklist = await changeable(scope, userId, taxYear, categoryId);
        const removed = await scope.checklist.unmark(userId, taxYear, categoryId);
        if (!removed && !onChecklist) throw notOnChecklist(taxYear);
        if (!removed) return;
        await scope.audit.record({ action: 'checklist.not_applicable_undone', outcome: 'success', actorUserId: userId, subjectUserId: userId, details: { taxYear, categoryId } });
        await scope.taxStatus.revertWhenDocumentsMissing(userId, taxYear, userId);
      });
      return get(userId, taxYear);
    },
  };
}

export type ChecklistService = ReturnType<typeof createChecklistService>;
