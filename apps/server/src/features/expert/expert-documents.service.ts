import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import { archivedVersions, documentsZip, type DocumentVersion } from './documents-zip.js';
import type { TaxStatusService } from '../tax-status/tax-status.service.js';
import { requireReturnInQueue, type StatusOf } from './return-in-queue.js';
import { safeName } from '../../lib/zip-names.js';

/** Who acts: an expert or an admin (the route table's guard let only those through). */
export interface ExpertActor {
  userId: number;
}

export interface ExpertDocumentsDeps {
  /** The person's documents: the files service's reads for the experts. */
  documents: {
    versionsOfYear(userId: number, taxYear: number): Promise<DocumentVersion[]>;
    findVersionById(versionId: number): Promise<DocumentVersion | undefined>;
    decrypted(version: DocumentVersion): Promise<Readable>;
  };
  /** The tax-status service's reads: the year's status, and what its latest transmission froze. */
  statusOf: StatusOf;
  taxStatus: Pick<TaxStatusService, 'latestTransmission'>;
  audit: AuditLog;
  log: FastifyBaseLogger;
}

export interface OpenedDocument {
  version: DocumentVersion;
  /** The name made safe for the expert's disk. */
  fileName: string;
  body: Readable;
}

export interface OpenedArchive {
  fileName: string;
  /** The archive's exact length: every size is known before a byte goes out (stored, no compression). */
  length: number;
  stream: Readable;
  fileCount: number;
}

const versionNotFound = () => new AppError(404, 'FILE_NOT_FOUND', 'This document version is not part of this return', 'versionId');

/**
 * The experts' downloads of a person's documents (issue 27 item 4): one version, or the whole year
 * as one ZIP, both decrypted as they are sent, only for a year in the experts' queue, and each an
 * audit event (D12, D18).
 */
export function createExpertDocumentsService(deps: ExpertDocumentsDeps) {
  const { documents, audit, log } = deps;

  return {
    /** GET …/documents/:versionId: one version of that person's year (404 for any other). */
    async openDocument(actor: ExpertActor, userId: number, taxYear: number, versionId: number): Promise<OpenedDocument> {
      await requireReturnInQueue(deps.statusOf, userId, taxYear);
      const version = await documents.findVersionById(versionId);
      if (!version || version.ownerId !== userId || version.taxYear !== taxYear) throw versionNotFound();
      const body = await documents.decrypted(version);
      try {
        await audit.record({
          action: 'expert.download_document',
          outcome: 'success',
          actorUserId: actor.userId,
          subjectUserId: userId,
          details: { versionId, taxYear },
        });
      } catch (error) {
        body.destroy(); // no read goes unrecorded
        throw error;
      }
      return { version, fileName: safeName(version.originalName, `document-${version.documentId}`), body };
    },

    /**
     * GET …/documents.zip: the year's archive (documents-zip.ts says what it holds), streamed. The
     * audit event is written before the first byte; a version that cannot be read cuts the archive
     * and is logged with its ids (never its name). `bodyless` (a HEAD request, as download managers
     * send before a large file) answers the same length and name, and neither opens a document nor
     * records a read.
     */
    async openArchive(actor: ExpertActor, userId: number, taxYear: number, { bodyless = false } = {}): Promise<OpenedArchive> {
      await requireReturnInQueue(deps.statusOf, userId, taxYear);
      const [versions, frozen] = await Promise.all([documents.versionsOfYear(userId, taxYear), deps.taxStatus.latestTransmission(userId, taxYear).then((latest) => latest?.versionIds ?? [])]);
      const archived = archivedVersions(versions, new Set(frozen));
      if (!bodyless) {
        await audit.record({
          action: 'expert.download_zip',
          outcome: 'success',
          actorUserId: actor.userId,
          subjectUserId: userId,
          details: { taxYear, fileCount: archived.length },
        });
      }
      const onSourceFailure = (error: unknown, version: DocumentVersion) =>
        log.error({ err: error, userId, taxYear, versionId: version.versionId }, 'expert ZIP: a document could not be read; the download was cut there');
      // Each document is opened only when the archive is read: nothing is opened for a HEAD.
      const { stream, length } = documentsZip(archived, documents.decrypted, onSourceFailure);
      return { fileName: `taxli-${taxYear}-${userId}.zip`, length, stream, fileCount: archived.length };
    },
  };
}

export type ExpertDocumentsService = ReturnType<typeof createExpertDocumentsService>;
