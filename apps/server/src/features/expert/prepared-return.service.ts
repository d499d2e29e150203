import type { Multipart, MultipartFile } from '@fastify/multipart';
import { taxStatusName, type PreparedReturnSummary, type TaxStatusId } from '@taxli/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { Clock } from '../../lib/clock.js';
import { fieldRefusal } from '../../lib/validation-error.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { contentKind } from '../../storage/content-type.js';
import { openEncryptedFile } from '../../storage/open-encrypted-file.js';
import { drain, readHead } from '../../storage/read-head.js';
import { BlobStoreFault, SourceStreamError, storeEncryptedFile, type EncryptedFile } from '../../storage/store-encrypted-file.js';
import type { PreparedReturnRepository, StoredPreparedReturn } from './prepared-return.repository.js';
import { requireReturnInQueue, type StatusOf } from './return-in-queue.js';

/** What the upload writes together, in one transaction, with the year's status row locked. */
export interface PreparedReturnWriteScope {
  /** The year's status, its row locked until the transaction ends (the tax-status service's). */
  lockedStatusId(userId: number, taxYear: number): Promise<TaxStatusId>;
  preparedReturns: PreparedReturnRepository;
  audit: AuditLog;
}

export interface PreparedReturnDeps {
  preparedReturns: PreparedReturnRepository;
  blobs: BlobStore;
  masterKey: Buffer;
  clock: Clock;
  audit: AuditLog;
  log: FastifyBaseLogger;
  /** The year's status id (the tax-status service's). */
  statusOf: StatusOf;
  /** The year a person's request names, checked, or the year in preparation (the tax-status service's). */
  resolveYear(requested: number | undefined): number;
  inTransaction<T>(work: (scope: PreparedReturnWriteScope) => Promise<T>): Promise<T>;
}

export interface OpenedPreparedReturn {
  taxYear: number;
  stored: StoredPreparedReturn;
  body: Readable;
}

/** The status in which the expert prepares the return, and the first one in which the person may read it (D18). */
const PROCESSING = 4;
const REVIEW_REQUIRED = 5;
/** The one multipart field the upload reads. */
const FILE_FIELD = 'file';

/** Ends the stream of a file over the limit, so that the upload answers 413 at once. */
class PreparedReturnTooLarge extends Error {}

const tooLarge = () =>
  new AppError(413, 'FILE_TOO_LARGE', 'file: the prepared return is larger than 50 MB', FILE_FIELD, { connection: 'close' });
const notAPdf = (name: string) => new AppError(400, 'NOT_A_PDF', `file: "${name}" is not a PDF; the prepared return must be one PDF file`, FILE_FIELD);
const malformedBody = () =>
  new AppError(400, 'BAD_REQUEST', 'file: the body is not complete multipart/form-data (missing or wrong boundary, or cut off)', FILE_FIELD);
const oneFileOnly = () => new AppError(400, 'BAD_REQUEST', 'file: send one PDF in the field "file" and nothing else', FILE_FIELD);
const noPreparedReturn = (taxYear: number) => new AppError(404, 'NO_PREPARED_RETURN', `There is no prepared return for ${taxYear}`);
const invalidStatus = (status: number) =>
  new AppError(
    409,
    'INVALID_STATUS',
    `The prepared return can be uploaded only while the return is being processed (status 4); this return is at status ${status} (${taxStatusName(status as TaxStatusId)})`,
    'status',
  );
const storageFault = (fault: BlobStoreFault) =>
  fault.full
    ? new AppError(507, 'STORAGE_FULL', 'file: the document storage is full; the file was not stored, try again later', FILE_FIELD)
    : new AppError(503, 'STORAGE_UNAVAILABLE', 'file: the document storage is not available; the file was not stored, try again later', FILE_FIELD);

export function preparedReturnSummary(stored: StoredPreparedReturn): PreparedReturnSummary {
  return { version: stored.version, size: stored.sizeBytes, sha256: stored.sha256, uploadedAt: stored.createdAt.toISOString() };
}

/**
 * The prepared return (issue 27 item 7, D18): the PDF the expert puts up at status 4, encrypted like
 * every document (D7), each upload a new version; the expert reads it back, and the person from
 * status 5 (Reviewed) on. Every upload and every read is an audit event.
 */
export function createPreparedReturnService(deps: PreparedReturnDeps) {
  const { preparedReturns, blobs, masterKey, audit } = deps;

  /** One file part: a PDF by its first bytes (never by its name or type), stored encrypted as it arrives. */
  async function storePdf(part: MultipartFile): Promise<EncryptedFile> {
    let overLimit = false;
    part.file.once('limit', () => {
      overLimit = true;
      part.file.destroy(new PreparedReturnTooLarge());
    });
    try {
      const { head, whole } = await readHead(part.file);
      if (contentKind(head) !== 'pdf') {
        await drain(whole);
        throw notAPdf(part.filename);
      }
      const stored = await storeEncryptedFile(blobs, masterKey, whole);
      // busboy may have cut the file at the limit before anyone listened for the event
      if ((part.file as { truncated?: boolean }).truncated) {
        await blobs.delete(stored.key).catch(() => undefined);
        throw tooLarge();
      }
      return stored;
    } catch (error) {
      if (overLimit) throw tooLarge();
      if (error instanceof AppError) throw error;
      if (error instanceof SourceStreamError) throw malformedBody();
      if (error instanceof BlobStoreFault) {
        deps.log.error({ err: error.reason }, 'prepared return: the blob store could not take the file');
        throw storageFault(error);
      }
      throw error;
    }
  }

  /** The body's one PDF, stored; any other part but plain fields is refused (the stored blob removed again). */
  async function receivePdf(parts: AsyncIterableIterator<Multipart>): Promise<EncryptedFile> {
    let received: EncryptedFile | undefined;
    try {
      for (;;) {
        let next: IteratorResult<Multipart>;
        try {
          next = await parts.next();
        } catch (error) {
          // The parser's limits (a second file, too many fields) or a body that is not multipart.
          throw /_LIMIT$/.test(String((error as { code?: unknown }).code)) ? oneFileOnly() : malformedBody();
        }
        if (next.done) break;
        const part = next.value;
        if (part.type === 'field') continue;
        if (received || part.fieldname !== FILE_FIELD) {
          await drain(part.file).catch(() => undefined);
          throw oneFileOnly();
        }
        received = await storePdf(part);
      }
    } catch (error) {
      if (received) await blobs.delete(received.key).catch(() => undefined);
      throw error;
    }
    if (!received) throw fieldRefusal(FILE_FIELD, 'a PDF file is required', 'REQUIRED');
    return received;
  }

  return {
    /**
     * POST …/prepared-return: only while the year is at status 4 (404 before the queue, 409 naming
     * the status otherwise), checked before the body is read and again, with the status row locked,
     * when the row is written: a status change at the same moment either comes first (and the upload
     * is refused, its blob removed) or waits for it. `parts` starts reading the body.
     */
    async upload(actorUserId: number, userId: number, taxYear: number, parts: () => AsyncIterableIterator<Multipart>): Promise<PreparedReturnSummary> {
      const status = await requireReturnInQueue(deps.statusOf, userId, taxYear);
      if (status !== PROCESSING) throw invalidStatus(status);
      const file = await receivePdf(parts());
      try {
        const stored = await deps.inTransaction(async (scope) => {
          const locked = await scope.lockedStatusId(userId, taxYear);
          if (locked !== PROCESSING) throw invalidStatus(locked);
          const row = await scope.preparedReturns.add({
            userId,
            taxYear,
            sha256: file.sha256,
            sizeBytes: file.size,
            storageKey: file.key,
            wrappedKey: file.wrappedKey,
            uploadedBy: actorUserId,
            now: deps.clock(),
          });
          await scope.audit.record({
            action: 'expert.upload_prepared_return',
            outcome: 'success',
            actorUserId,
            subjectUserId: userId,
            details: { taxYear, version: row.version, size: row.sizeBytes },
          });
          return row;
        });
        return preparedReturnSummary(stored);
      } catch (error) {
        // No row names the blob: removed now, or by the blob sweep when that fails too.
        await blobs.delete(file.key).catch(() => undefined);
        throw error;
      }
    },

    /** GET …/prepared-return (expert): the latest version as uploaded, decrypted (audited). */
    async openForExpert(actorUserId: number, userId: number, taxYear: number): Promise<OpenedPreparedReturn> {
      await requireReturnInQueue(deps.statusOf, userId, taxYear);
      const stored = await preparedReturns.latest(userId, taxYear);
      if (!stored) throw noPreparedReturn(taxYear);
      return open(stored, taxYear, { action: 'expert.download_prepared_return', actorUserId, subjectUserId: userId });
    },

    /**
     * GET /api/tax/prepared-return?taxYear= (the person, their own year; the year in preparation by
     * default): from status 5 on, when the expert has put the return up for review (audited).
     */
    async openForPerson(userId: number, requestedYear: number | undefined): Promise<OpenedPreparedReturn> {
      const taxYear = deps.resolveYear(requestedYear);
      const status = await deps.statusOf(userId, taxYear);
      const stored = status >= REVIEW_REQUIRED ? await preparedReturns.latest(userId, taxYear) : undefined;
      if (!stored) throw noPreparedReturn(taxYear);
      return open(stored, taxYear, { action: 'tax.prepared_return_download', actorUserId: userId, subjectUserId: userId });
    },

    /**
     * The person's data export (issue 30): every version of the prepared returns of the years the
     * person may read them (status 5 on, as `openForPerson`); `decrypted` opens one.
     */
    async versionsForPerson(userId: number): Promise<Array<StoredPreparedReturn & { taxYear: number }>> {
      const rows = await preparedReturns.allOf(userId);
      const years = [...new Set(rows.map((row) => row.taxYear))];
      const statuses = new Map(await Promise.all(years.map(async (taxYear) => [taxYear, await deps.statusOf(userId, taxYear)] as const)));
      return rows.filter((row) => (statuses.get(row.taxYear) ?? 0) >= REVIEW_REQUIRED);
    },
    decrypted: (stored: StoredPreparedReturn) => openEncryptedFile(blobs, masterKey, stored),

    /** Which of these blob keys a prepared return names (the blob sweep keeps those). */
    referencedStorageKeys: (keys: string[]) => preparedReturns.referencedStorageKeys(keys),
  };

  async function open(
    stored: StoredPreparedReturn,
    taxYear: number,
    event: { action: string; actorUserId: number; subjectUserId: number },
  ): Promise<OpenedPreparedReturn> {
    const body = await openEncryptedFile(blobs, masterKey, stored);
    try {
      await audit.record({ ...event, outcome: 'success', details: { taxYear, version: stored.version } });
    } catch (error) {
      body.destroy(); // no read goes unrecorded
      throw error;
    }
    return { taxYear, stored, body };
  }
}

export type PreparedReturnService = ReturnType<typeof createPreparedReturnService>;
