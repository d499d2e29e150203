import { findCategory, versionContentUrl, type FileRecord, type FileVersionEntry } from '@taxli/domain';
import type { Multipart } from '@fastify/multipart';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { Clock } from '../../lib/clock.js';
import { resolveTaxYear } from '../../lib/tax-year.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { openEncryptedFile, type EncryptedFileRef } from '../../storage/open-encrypted-file.js';
import type { FilesRepository, StoredVersion, YearVersion } from './files.repository.js';

/** A version with its document's year and category, as other features read it. */
export type { YearVersion };
import { createManageHandlers, type ManageDeps } from './manage-files.js';
import { createUploadHandler, type UploadDeps } from './upload-files.js';
import type { UploadPolicy } from './upload-policy.js';
import { createUploadSlots } from './upload-slots.js';
import type { UploadQuota } from './upload-quota.js';

/** Who asks: documents are served to their owner, and to administrators (audited, DECISIONS D7, D12). */
export interface Reader {
  userId: number;
  isAdmin: boolean;
}

export interface FilesDeps extends UploadDeps, ManageDeps {
  files: FilesRepository;
  blobs: BlobStore;
  masterKey: Buffer;
  clock: Clock;
  audit: AuditLog;
  /** The account's storage quota, hourly upload rate and the disk floor (upload-quota.ts). */
  uploadQuota: UploadQuota;
}

const notFound = () => new AppError(404, 'FILE_NOT_FOUND', 'This file does not exist or is not yours');

/**
 * What other features read of the documents (the tax status's rules: which required categories
 * have one, what a transmission sends), built by services.ts on their transaction when they read
 * it inside one; part of this service too.
 */
export function createDocumentReads(files: Pick<FilesRepository, 'countByCategory' | 'latestVersionIds'>) {
  return {
    /** The year's documents per category id (the Advanced Tax Information cards count them). */
    countByCategory: (userId: number, taxYear: number): Promise<Record<string, number>> => files.countByCategory(userId, taxYear),
    /** The categories of the year that have at least one document. */
    categoriesWithDocuments: async (userId: number, taxYear: number): Promise<number[]> =>
      Object.keys(await files.countByCategory(userId, taxYear)).map(Number),
    /** The id of each of the year's documents' latest version: what a transmission sends (D7). */
    latestVersionIds: (userId: number, taxYear: number): Promise<number[]> => files.latestVersionIds(userId, taxYear),
  };
}

/** Documents: upload, the year's list, a document's versions, the bytes of one version, delete and move. */
export function createFilesService(deps: FilesDeps) {
  const { files, blobs, masterKey, clock, audit } = deps;

  /** The version if the reader may see it; someone else's reads as missing. */
  async function readable(reader: Reader, stored: StoredVersion | undefined): Promise<StoredVersion> {
    if (!stored) throw notFound();
    if (stored.ownerId === reader.userId) return stored;
    if (!reader.isAdmin) throw notFound();
    await audit.record({
      action: 'documents.admin_read',
      outcome: 'success',
      actorUserId: reader.userId,
      subjectUserId: stored.ownerId,
      details: { documentId: stored.documentId, version: stored.version },
    });
    return stored;
  }

  /** A stored version's plaintext, each frame authenticated before it is released. */
  const decrypted = (stored: EncryptedFileRef): Promise<Readable> => openEncryptedFile(blobs, masterKey, stored);

  const uploadFiles = createUploadHandler(deps);
  const slots = createUploadSlots();

  return {
    /**
     * An upload in one of the account's slots (DECISIONS D7's pipeline; 429 when the account has too
     * many running), within its storage limits (507 when its quota or the disk is full, 429 when it
     * uploaded too much this hour). `parts` starts reading the body: it is called only once the slot
     * is taken and the limits leave room, so a refused upload's body is never parsed, and its
     * connection ends after the answer (plugins/request-timeouts.ts).
     */
    upload: (
      userId: number,
      parts: () => AsyncIterableIterator<Multipart>,
      policy?: UploadPolicy,
      options?: { maxFiles?: number; /** the request's Content-Length */ declaredBytes?: number },
    ) =>
      slots.run(userId, async () => {
        const allowance = await deps.uploadQuota.open(userId, options?.declaredBytes);
        let kept = false;
        try {
          const answer = await uploadFiles(userId, parts(), allowance, policy, { maxFiles: options?.maxFiles });
          kept = true;
          return answer;
        } finally {
          allowance.close(kept);
        }
      }),
    /** GET /api/files/usage: what the account's documents take, and its quota. */
    usage: (userId: number) => deps.uploadQuota.usage(userId),
    /** How many uploads the account has running now. */
    uploadsRunning: slots.runningFor,
    ...createManageHandlers(deps),

    async list(userId: number, requestedYear: number): Promise<FileRecord[]> {
      const taxYear = resolveTaxYear(clock(), requestedYear);
      const rows = await files.listLatest(userId, taxYear);
      return rows.map((row) => ({
        id: row.id,
        filename: row.originalName,
        originalFileName: row.originalName,
        fileName: row.originalName,
        name: row.originalName,
        categoryId: row.categoryId,
        categoryName: findCategory(row.categoryId)?.name ?? '',
        taxYear: row.taxYear,
        uploadedAt: row.uploadedAt.toISOString(),
        createdAt: new Date(row.firstAt ?? row.uploadedAt).toISOString(),
        blobUrl: versionContentUrl(row.id, row.version),
        size: row.sizeBytes,
        version: row.version,
        versionCount: Number(row.versionCount),
        sha256: row.sha256,
      }));
    },

    ...createDocumentReads(files),

    async history(reader: Reader, documentId: number): Promise<FileVersionEntry[]> {
      const versions = await files.versions(documentId);
      await readable(reader, versions[0]);
      return versions.map((v) => ({
        version: v.version,
        createdAt: v.createdAt.toISOString(),
        blobUrl: versionContentUrl(v.documentId, v.version),
        filename: v.originalName,
        size: v.sizeBytes,
        sha256: v.sha256,
      }));
    },

    /** The version's facts and its decrypted bytes, each frame authenticated before it is released. */
    async openVersion(reader: Reader, documentId: number, version: number): Promise<{ stored: StoredVersion; body: Readable }> {
      const stored = await readable(reader, await files.findVersion(documentId, version));
      return { stored, body: await decrypted(stored) };
    },

    /**
     * For the experts' downloads (issue 27), whose service checks who may read which year and audits
     * it: every version of a person's year, one version by its id, and a version's plaintext.
     */
    versionsOfYear: (userId: number, taxYear: number): Promise<YearVersion[]> => files.versionsOfYear(userId, taxYear),
    /** Every version of the person's documents, all years (the data export). */
    versionsOfPerson: (userId: number): Promise<YearVersion[]> => files.versionsOfPerson(userId),
    findVersionById: (versionId: number): Promise<YearVersion | undefined> => files.findVersionById(versionId),
    /** The latest version of each of the year's documents (what was read of them, issue 29). */
    latestVersionsOfYear: (userId: number, taxYear: number): Promise<YearVersion[]> => files.latestVersionsOfYear(userId, taxYear),
    /** The latest version of the caller's own document (what was read of it, issue 29); another's is 404. */
    async ownLatestVersion(userId: number, documentId: number): Promise<YearVersion> {
      const latest = await files.latestVersion(documentId);
      if (!latest || latest.ownerId !== userId) throw notFound();
      return latest;
    },
    decrypted,
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
