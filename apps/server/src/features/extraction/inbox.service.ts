import { findCategory, inboxQuestions, type ExtractionFailureCode, type HouseholdFacts, type InboxItem } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { resolveTaxYear } from '../../lib/tax-year.js';
import { fieldRefusal } from '../../lib/validation-error.js';
import type { FilesService } from '../files/files.service.js';
import type { ExtractionRepository, StoredExtraction } from './extraction.repository.js';
import { extractionResponseOf, unsealedAhvNumbers } from './extraction-row.js';

export interface InboxDeps {
  extractions: ExtractionRepository;
  files: Pick<FilesService, 'latestVersionsOfYear' | 'ownLatestVersion' | 'move'>;
  /** What the questions compare with: the tax profile, Advanced Tax Information, the person (their owners' services). */
  householdFacts(userId: number, taxYear: number): Promise<HouseholdFacts>;
  masterKey: Buffer;
  clock: Clock;
}

/**
 * Failures of a document recognised as a standard's (its barcodes or attachment found, its data not
 * readable): the person can act (upload the whole statement, ask the bank for a new one). A file no
 * reader could open or finish in time is no question for them; its read says why.
 */
const FAILURES_TO_REVIEW: ReadonlySet<string> = new Set<ExtractionFailureCode>(['SEGMENTS_INCOMPLETE', 'SCHEMA_INVALID', 'NOT_STANDARD_PAYLOAD', 'OUTPUT_TOO_LARGE']);

/**
 * What the person is asked about: a standard document's figures to confirm, a suggested move, or a
 * standard document that could not be read (with its reason). A document read only for its words
 * that sits where it belongs has nothing to review and stays out of the inbox.
 */
function awaitingReview(row: StoredExtraction): boolean {
  if (row.confirmedAt || row.dismissedAt) return false;
  if (row.status === 'failed') return row.failureCode !== null && FAILURES_TO_REVIEW.has(row.failureCode);
  return row.status === 'done' && (row.kind !== 'text' || row.suggestedCategoryId !== null);
}

const notRead = () => new AppError(404, 'EXTRACTION_NOT_FOUND', 'Nothing was read of this file yet');

/** The person's review inbox (issue 29): read files, their figures, a suggested move, questions. */
export function createInboxService(deps: InboxDeps) {
  const { extractions, files, masterKey, clock } = deps;

  /** The caller's own file's latest version and its finished read. */
  async function reviewable(userId: number, fileId: number) {
    const latest = await files.ownLatestVersion(userId, fileId);
    const row = await extractions.find(latest.versionId);
    if (!row || row.status === 'pending') throw notRead();
    return { latest, row };
  }

  return {
    async list(userId: number, requestedYear: number): Promise<{ items: InboxItem[] }> {
      const taxYear = resolveTaxYear(clock(), requestedYear);
      const latest = await files.latestVersionsOfYear(userId, taxYear);
      const rows = new Map((await extractions.findMany(latest.map((v) => v.versionId))).map((row) => [row.versionId, row]));
      const open = latest.filter((version) => {
        const row = rows.get(version.versionId);
        return row !== undefined && awaitingReview(row);
      });
      if (open.length === 0) return { items: [] };
      const facts = await deps.householdFacts(userId, taxYear);
      const items = open.map((version): InboxItem => {
        const row = rows.get(version.versionId)!;
        const questions = row.status === 'done' ? inboxQuestions({ kind: row.kind, fields: row.fields, ahvNumbers: unsealedAhvNumbers(row, masterKey) }, facts) : [];
        return {
          fileId: version.documentId,
          fileName: version.originalName,
          categoryId: version.categoryId,
          taxYear: version.taxYear,
          extraction: extractionResponseOf(row),
          questions,
        };
      });
      // In document order, as the latest versions are read.
      return { items };
    },

    /**
     * Confirms the figures and moves the file to `categoryId` (default: the suggestion) by the files'
     * own move rule: before transmission only, with PATCH /api/files/:id's errors.
     */
    async accept(userId: number, fileId: number, categoryId?: number) {
      const { latest, row } = await reviewable(userId, fileId);
      const target = categoryId ?? row.suggestedCategoryId ?? latest.categoryId;
      if (!findCategory(target)) throw fieldRefusal('categoryId', `there is no document category ${target}`, 'NOT_A_CHOICE');
      if (target !== latest.categoryId) await files.move(userId, fileId, target);
      await extractions.confirm(latest.versionId, target, clock());
      return { fileId, categoryId: target, confirmed: true };
    },

    /** Leaves the file where it is and takes it out of the inbox. */
    async dismiss(userId: number, fileId: number) {
      const { latest } = await reviewable(userId, fileId);
      await extractions.dismiss(latest.versionId, clock());
      return { fileId, categoryId: latest.categoryId, confirmed: false };
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
