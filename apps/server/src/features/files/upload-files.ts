import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  fileNameProblem,
  maskAhvNumbersIn,
  uploadFields,
  versionContentUrl,
  type UploadFields,
  type UploadRejectCode,
  type UploadResponse,
  type UploadResult,
} from '@taxli/domain';
import type { FastifyBaseLogger } from 'fastify';
import { finished } from 'node:stream/promises';
import { AppError } from '../../lib/app-error.js';
import { fieldRefusal, validationError } from '../../lib/validation-error.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { Clock } from '../../lib/clock.js';
import { resolveTaxYear } from '../../lib/tax-year.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { contentKind } from '../../storage/content-type.js';
import { drain, readHead } from '../../storage/read-head.js';
import { BlobStoreFault, SourceStreamError, storeEncryptedFile, type EncryptedFile } from '../../storage/store-encrypted-file.js';
import type { FilesRepository } from './files.repository.js';
import type { UploadAllowance } from './upload-quota.js';
import { DASHBOARD_POLICY, type UploadPolicy } from './upload-policy.js';

export interface UploadDeps {
  files: FilesRepository;
  blobs: BlobStore;
  masterKey: Buffer;
  clock: Clock;
  audit: AuditLog;
  log: FastifyBaseLogger;
  /** The status rule of DECISIONS D1 that an upload may complete (the tax-status service's). */
  advanceWhenDocumentsComplete(userId: number, taxYear: number): Promise<boolean>;
  /** A new file was stored in a category of the year at `at`: the experts' open requests for it are fulfilled (issue 27). */
  documentsArrived(userId: number, taxYear: number, categoryId: number, at: Date): Promise<void>;
  /** A new version was stored: its read is queued (issue 29). Quick: the read itself runs as a job. */
  versionStored(version: { versionId: number; userId: number }): Promise<void>;
}

/** A `hashes` field is one hash, or (POST /api/upload, part 2 §7) a JSON array of them. */
function hashValues(value: string): string[] {
  const trimmed = value.trim();
  if (!trimmed.startsWith('[')) return [trimmed];
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (Array.isArray(parsed) && parsed.every((hash) => typeof hash === 'string')) return parsed.map((hash) => hash.trim());
  } catch {
    // not JSON: checked as one hash, which names the problem
  }
  return [trimmed];
}

const malformedBody = () =>
  new AppError(400, 'BAD_REQUEST', 'files: the body is not complete multipart/form-data (missing or wrong boundary, or cut off)', 'files');

/**
 * The store could not take a file: the server's fault, answered so the client may try again later
 * (507 when the store is full, 503 for any other fault), never a crash or a 500.
 */
const storageFault = (fault: BlobStoreFault) => {
  const retryAfter = { 'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS) };
  return fault.full
    ? new AppError(507, 'STORAGE_FULL', 'files: the document storage is full; the file was not stored, try again later', 'files', retryAfter)
    : new AppError(503, 'STORAGE_UNAVAILABLE', 'files: the document storage is not available; the file was not stored, try again later', 'files', retryAfter);
};

/** How long a client waits before it sends a file again after a storage fault: an operator's minute. */
export const STORAGE_RETRY_AFTER_SECONDS = 60;

/** The form fields as received, before they are checked. */
interface RawFields {
  categoryId?: string;
  taxYear?: string;
  hashes: string[];
}

type Received = ({ kind: 'stored'; name: string; ahvNumberMasked: boolean } & EncryptedFile) | { kind: 'rejected'; name: string; code: UploadRejectCode; reason: string };

const REASONS: Record<UploadRejectCode, string> = {
  HASH_MISMATCH: 'Upload verification failed',
  FILE_TOO_LARGE: 'The file is larger than 50 MB',
  EMPTY_FILE: 'The file is empty',
  INVALID_FILE_NAME: 'The file name is not allowed',
  UNSUPPORTED_FILE_TYPE: 'This file type is not accepted here',
};

const rejected = (name: string, code: UploadRejectCode, reason = REASONS[code]): Received => ({ kind: 'rejected', name, code, reason });

/** Ends the stream of a lone oversized file so the request can be answered 413 at once. */
class FirstFileTooLarge extends Error {}

/**
 * POST /api/files/upload (DECISIONS D7), streamed end to end, in four steps: read the parts (each
 * file stored encrypted as it arrives), check the fields, compare each file with its hash, record
 * the versions. The parts may come in any order (the spec lists the files first); fields that come
 * before the files, as the web app sends them, are checked before a byte of a file is stored. A bad
 * file is rejected on its own; the others of the batch are kept.
 */
export function createUploadHandler(deps: UploadDeps) {
  const { files, blobs, clock } = deps;

  /** The fields by the domain's schema, and the year by the server's clock. */
  function checkFields(raw: RawFields): UploadFields {
    const parsed = uploadFields.safeParse(raw);
    if (!parsed.success) throw validationError(parsed.error, { depth: 1, input: raw });
    resolveTaxYear(clock(), parsed.data.taxYear);
    return parsed.data;
  }

  async function discard(part: MultipartFile): Promise<void> {
    part.file.resume();
    await finished(part.file);
  }

  /**
   * Step 1, per file: stored encrypted, or rejected on its own (bad name, too large, empty, refused
   * type). Emptiness and the type are decided by the first bytes, before anything is stored.
   */
  async function receiveFile(part: MultipartFile, index: number, policy: UploadPolicy, allowance: UploadAllowance): Promise<Received> {
    // An AHV number typed into a name would be stored, listed and sent back in clear: masked at once (D12).
    const name = maskAhvNumbersIn(part.filename);
    if (fileNameProblem(name)) {
      await discard(part);
      return rejected(name, 'INVALID_FILE_NAME');
    }
    let tooLarge = false;
    part.file.once('limit', () => {
      tooLarge = true;
      // A lone file over the limit ends the request at once (413) instead of being read to the end.
      if (index === 0) part.file.destroy(new FirstFileTooLarge());
    });
    // busboy stops a file at the limit and marks it truncated (the event may come before we listen).
    const cutAtLimit = () => tooLarge || Boolean((part.file as { truncated?: boolean }).truncated);
    try {
      const { head, whole } = await readHead(part.file);
      const refusal: UploadRejectCode | undefined =
        head.length === 0 ? 'EMPTY_FILE' : !policy.accepts(name, contentKind(head)) ? 'UNSUPPORTED_FILE_TYPE' : undefined;
      if (refusal) {
        await drain(whole);
        if (cutAtLimit()) return rejected(name, 'FILE_TOO_LARGE');
        return refusal === 'UNSUPPORTED_FILE_TYPE' ? rejected(name, refusal, policy.refusal) : rejected(name, refusal);
      }
      // The account's quota, its hourly rate and the disk floor count the bytes as they are stored.
      allowance.beginFile();
      const stored = await storeEncryptedFile(blobs, deps.masterKey, allowance.count(whole));
      if (cutAtLimit()) {
        await blobs.delete(stored.key);
        return rejected(name, 'FILE_TOO_LARGE');
      }
      return { kind: 'stored', name, ahvNumberMasked: name !== part.filename, ...stored };
    } catch (error) {
      if (allowance.refused) throw allowance.refused;
      if (tooLarge && index === 0) {
        throw new AppError(413, 'FILE_TOO_LARGE', 'The file is larger than 50 MB', 'files', { connection: 'close' });
      }
      if (error instanceof SourceStreamError) throw malformedBody();
      if (error instanceof BlobStoreFault) {
        deps.log.error({ err: error.reason }, 'upload: the blob store could not take a file');
        throw storageFault(error);
      }
      throw error;
    }
  }

  /** Step 1: every part in order; the fields are checked as soon as they are all in. */
  async function readParts(
    parts: AsyncIterableIterator<Multipart>,
    received: Received[],
    policy: UploadPolicy,
    allowance: UploadAllowance,
  ): Promise<RawFields> {
    const raw: RawFields = { hashes: [] };
    let checkedEarly = false;
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch {
        throw malformedBody(); // no boundary, a cut body, garbage: the client's, not the server's
      }
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        const value = String(part.value);
        if (part.fieldname === 'categoryId') raw.categoryId = value;
        else if (part.fieldname === 'taxYear') raw.taxYear = value;
        else if (part.fieldname === 'hashes[]' || part.fieldname === 'hashes') raw.hashes.push(...hashValues(value));
        continue;
      }
      if (!checkedEarly && raw.categoryId !== undefined && raw.taxYear !== undefined && raw.hashes.length > 0) {
        checkFields(raw); // a bad category or year ends the request before a byte is stored
        checkedEarly = true;
      }
      received.push(await receiveFile(part, received.length, policy, allowance));
    }
    return raw;
  }

  /** Step 3: each file against the hash of its position; a mismatch is rejected on its own. */
  async function verifyHashes(received: Received[], hashes: string[]): Promise<void> {
    if (received.length === 0) throw fieldRefusal('files', 'at least one file is required', 'REQUIRED');
    if (hashes.length > received.length) {
      throw fieldRefusal('hashes', `${hashes.length} hashes were sent for ${received.length} files`, 'TOO_MANY', { max: received.length });
    }
    for (const [index, file] of received.entries()) {
      if (file.kind === 'stored' && file.sha256 !== hashes[index]) {
        await blobs.delete(file.key);
        received[index] = rejected(file.name, 'HASH_MISMATCH');
      }
    }
  }

  /** The request's blobs, when it fails; one that cannot be deleted now is left to the blob sweep (no row names it). */
  async function removeBlobs(received: Received[]): Promise<void> {
    await Promise.allSettled(received.map((r) => (r.kind === 'stored' ? blobs.delete(r.key) : undefined)));
  }

  /** The version is stored whatever happens to its read: a failure to queue it is logged, not answered. */
  async function queueRead(versionId: number, userId: number): Promise<void> {
    try {
      await deps.versionStored({ versionId, userId });
    } catch (error) {
      deps.log.error({ err: error }, 'queueing the read of a stored version failed');
    }
  }

  /** Step 4: a version per stored file (none for the same bytes again); no row without its blob. */
  async function recordVersions(userId: number, fields: UploadFields, received: Received[]): Promise<UploadResult[]> {
    const results: UploadResult[] = [];
    for (const [index, file] of received.entries()) {
      if (file.kind === 'rejected') {
        results.push({ status: 'rejected', reason: file.reason, code: file.code, originalFileName: file.name });
        continue;
      }
      let recorded;
      try {
        recorded = await files.recordVersion({
          userId,
          taxYear: fields.taxYear,
          categoryId: fields.categoryId,
          originalName: file.name,
          sha256: file.sha256,
          sizeBytes: file.size,
          contentType: file.contentType,
          storageKey: file.key,
          wrappedKey: file.wrappedKey,
          now: clock(),
        });
      } catch (error) {
        await removeBlobs(received.slice(index));
        throw error;
      }
      if (!recorded.isNew) await blobs.delete(file.key);
      else await queueRead(recorded.versionId, userId);
      results.push({
        status: 'fulfilled',
        value: {
          originalFileName: file.name,
          hash: file.sha256,
          blobUrl: versionContentUrl(recorded.documentId, recorded.version),
          fileId: recorded.documentId,
          version: recorded.version,
          isNewVersion: recorded.isNew,
          ahvNumberMasked: file.ahvNumberMasked,
        },
      });
    }
    return results;
  }

  return async function uploadFiles(
    userId: number,
    parts: AsyncIterableIterator<Multipart>,
    /** What the account's storage limits let this upload add (upload-quota.ts). */
    allowance: UploadAllowance,
    policy: UploadPolicy = DASHBOARD_POLICY,
    { maxFiles = Infinity }: { maxFiles?: number } = {},
  ): Promise<UploadResponse> {
    const received: Received[] = [];
    let fields: UploadFields;
    try {
      const raw = await readParts(parts, received, policy, allowance);
      if (received.length > maxFiles) {
        throw fieldRefusal('files', `send at most ${maxFiles} file${maxFiles === 1 ? '' : 's'} at a time`, 'TOO_MANY', { max: maxFiles });
      }
      fields = checkFields(raw);
      await verifyHashes(received, fields.hashes);
    } catch (error) {
      await removeBlobs(received);
      throw error;
    }
    const results = await recordVersions(userId, fields, received);
    const added = results.filter((r) => r.status === 'fulfilled' && r.value.isNewVersion).length;
    const failedCount = results.filter((r) => r.status === 'rejected').length;
    await deps.audit.record({
      action: 'documents.upload',
      outcome: failedCount === results.length ? 'failure' : 'success',
      actorUserId: userId,
      subjectUserId: userId,
      details: { taxYear: fields.taxYear, categoryId: fields.categoryId, added, failed: failedCount },
    });
    if (added > 0) {
      try {
        await deps.advanceWhenDocumentsComplete(userId, fields.taxYear);
      } catch (error) {
        // The documents are stored; the next upload, or the client's update-numeric call, moves it.
        deps.log.error({ err: error }, 'auto-advance after upload failed');
      }
      try {
        await deps.documentsArrived(userId, fields.taxYear, fields.categoryId, deps.clock());
      } catch (error) {
        // The documents are stored; the expert sees the new file in the client file all the same.
        deps.log.error({ err: error }, 'fulfilling document requests after upload failed');
      }
    }
    return { files: results, failedCount };
  };
}
