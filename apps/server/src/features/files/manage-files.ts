import { areDocumentsFrozen, type DeleteFileResponse, type MoveFileResponse, type TaxStatusId } from '@taxli/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { Clock } from '../../lib/clock.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { TaxStatusService } from '../tax-status/tax-status.service.js';
import type { DocumentChangesRepository, LockedDocument, RemovableVersion } from './document-changes.repository.js';

/** What a change of documents writes, all in one transaction: the rows, the status and the audit events. */
export interface DocumentChangeScope {
  changes: DocumentChangesRepository;
  taxStatus: Pick<TaxStatusService, 'lockedStatusId' | 'revertWhenDocumentsMissing' | 'advanceWhenDocumentsComplete' | 'transmittedVersionIds'>;
  audit: AuditLog;
}

export interface ManageDeps {
  blobs: BlobStore;
  clock: Clock;
  log: FastifyBaseLogger;
  inDocumentTransaction<T>(work: (scope: DocumentChangeScope) => Promise<T>): Promise<T>;
}

const notFound = (field?: string) => new AppError(404, 'FILE_NOT_FOUND', 'This file does not exist or is not yours', field);
const frozen = (taxYear: number) =>
  new AppError(
    409,
    'DOCUMENTS_TRANSMITTED',
    `The documents for ${taxYear} have been transmitted to the experts; transmitted files can no longer be deleted or moved.`,
  );

/**
 * The owner's document, locked, and the year's status, locked, refusing when the year (or one of
 * `versions`) has been transmitted (D7). Administrators get no exception: only the owner changes documents.
 */
async function changeableDocument(scope: DocumentChangeScope, userId: number, documentId: number) {
  const document = await scope.changes.lockOwned(documentId, userId);
  if (!document) throw notFound();
  const statusId = await scope.taxStatus.lockedStatusId(userId, document.taxYear);
  if (areDocumentsFrozen(statusId)) throw frozen(document.taxYear);
  return { document, statusId };
}

/** Whether a transmission sent one of the versions: it is frozen (D7; the tax status keeps the transmissions). */
async function anyTransmitted(scope: DocumentChangeScope, versions: RemovableVersion[]): Promise<boolean> {
  return (await scope.taxStatus.transmittedVersionIds(versions.map((v) => v.id))).size > 0;
}

/** After a change: 3 → 2 if a required category was emptied, 2 → 3 if a move completed them. */
async function followStatus(scope: DocumentChangeScope, document: LockedDocument, statusId: TaxStatusId): Promise<TaxStatusId> {
  if (await scope.taxStatus.revertWhenDocumentsMissing(document.userId, document.taxYear, document.userId)) return 2;
  if (await scope.taxStatus.advanceWhenDocumentsComplete(document.userId, document.taxYear, document.userId)) return 3;
  return statusId;
}

/** Deleting a document or one version, and moving a document to another category (DECISIONS D7). */
export function createManageHandlers({ blobs, clock, log, inDocumentTransaction }: ManageDeps) {
  /** The blobs go after the commit: until then the transaction may still roll back and need them. */
  async function removeBlobs(removed: RemovableVersion[]): Promise<void> {
    for (const version of removed) {
      // Its data key is gone already, so a blob left behind is unreadable; it only takes space.
      await blobs.delete(version.storageKey).catch((error: unknown) => log.warn({ err: error }, 'a deleted version’s blob could not be removed'));
    }
  }

  async function remove(userId: number, documentId: number, version?: number): Promise<DeleteFileResponse> {
    const outcome = await inDocumentTransaction(async (scope) => {
      const { document, statusId } = await changeableDocument(scope, userId, documentId);
      const removed = await scope.changes.versions(document.id, version);
      if (removed.length === 0) throw notFound('version');
      if (await anyTransmitted(scope, removed)) throw frozen(document.taxYear);
      const fileDeleted = await scope.changes.removeVersions(
        document.id,
        removed.map((v) => v.id),
      );
      await scope.audit.record({
        action: version === undefined ? 'documents.delete_file' : 'documents.delete_version',
        outcome: 'success',
        actorUserId: userId,
        subjectUserId: userId,
        details: { documentId: document.id, taxYear: document.taxYear, categoryId: document.categoryId, versions: removed.length, version: version ?? null, fileDeleted },
      });
      const current = fileDeleted ? await followStatus(scope, document, statusId) : statusId;
      return { document, removed, fileDeleted, current };
    });
    await removeBlobs(outcome.removed);
    return {
      fileId: documentId,
      taxYear: outcome.document.taxYear,
      deletedVersions: outcome.removed.map((v) => v.version),
      fileDeleted: outcome.fileDeleted,
      current_status_id: outcome.current,
    };
  }

  return {
    /** DELETE /api/files/{id}: every version, its data key and blob; then the document. */
    deleteFile: (userId: number, documentId: number) => remove(userId, documentId),

    /** DELETE /api/files/{id}/versions/{version}: one version; the others stay as they are. */
    deleteVersion: (userId: number, documentId: number, version: number) => remove(userId, documentId, version),

    /** PATCH /api/files/{id}: the document (all its versions) to another category of the same year. */
    async move(userId: number, documentId: number, categoryId: number): Promise<MoveFileResponse> {
      return inDocumentTransaction(async (scope) => {
        const { document, statusId } = await changeableDocument(scope, userId, documentId);
        const answer = { fileId: document.id, taxYear: document.taxYear, categoryId, current_status_id: statusId };
        if (document.categoryId === categoryId) return answer;
        if (await anyTransmitted(scope, await scope.changes.versions(document.id))) throw frozen(document.taxYear);
        if (await scope.changes.nameTaken(document, categoryId)) {
          throw new AppError(409, 'FILE_NAME_TAKEN', 'That category already has a file with this name', 'categoryId');
        }
        await scope.changes.setCategory(document.id, categoryId, clock());
        await scope.audit.record({
          action: 'documents.move',
          outcome: 'success',
          actorUserId: userId,
          subjectUserId: userId,
          details: { documentId: document.id, taxYear: document.taxYear, from: document.categoryId, to: categoryId },
        });
        return { ...answer, current_status_id: await followStatus(scope, document, statusId) };
      });
    },
  };
}
