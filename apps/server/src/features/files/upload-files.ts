import type { MultipartFile, Multipart } from '@fastify/multipart';
import {
  fileNameProblem,
  findCategory,
  SHA256_HEX,
  versionContentUrl,
  type UploadRejectCode,
  type UploadResponse,
  type UploadResult,
} from '@taxli/domain';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { AppError } from '../../lib/app-error.js';
import { resolveTaxYear } from '../../lib/tax-year.js';
import { encryptStream, newDataKey } from '../../storage/envelope.js';
import { advanceWhenDocumentsComplete } from '../tax-status/auto-advance.js';
import { sniffContentType } from './content-type.js';
import { FileMeter } from './file-meter.js';
import { startHashWorker } from './off-thread-sha256.js';
import { createFilesRepository } from './files.repository.js';

/** The form fields as received, before they are checked. */
interface RawFields {
  categoryId?: string;
  taxYear?: string;
  hashes: string[];
}

interface UploadFields {
  categoryId: number;
  taxYear: number;
  hashes: string[];
}

type Received =
  | { kind: 'stored'; name: string; key: string; wrappedKey: string; sha256: string; size: number; contentType: string }
  | { kind: 'rejected'; name: string; code: UploadRejectCode; reason: string };

const REASONS: Record<UploadRejectCode, string> = {
  HASH_MISMATCH: 'Upload verification failed',
  FILE_TOO_LARGE: 'The file is larger than 50 MB',
  EMPTY_FILE: 'The file is empty',
  INVALID_FILE_NAME: 'The file name is not allowed',
};

const rejected = (name: string, code: UploadRejectCode): Received => ({ kind: 'rejected', name, code, reason: REASONS[code] });

const invalid = (field: string, message: string) => new AppError(400, 'VALIDATION_ERROR', `${field}: ${message}`, field);

/** Why a fully received file is refused before its hash is compared; undefined when it is kept. */
function rejection(tooLarge: boolean, meter: FileMeter): UploadRejectCode | undefined {
  if (tooLarge) return 'FILE_TOO_LARGE';
  if (meter.size === 0) return 'EMPTY_FILE';
  return undefined;
}

/** Ends the stream of a lone oversized file so the request can be answered 413 at once. */
class FirstFileTooLarge extends Error {}

/**
 * POST /api/files/upload (DECISIONS D7), streamed end to end: each file is hashed, measured and
 * encrypted in one pass on its way to the blob store, so the server holds a few frames at a time,
 * not a file. The hashing runs on a worker thread, beside the parse. The parts may come in any
 * order (the spec lists the files first); fields that come before the files, as the web app sends
 * them, are checked before a byte of a file is stored. Each file is compared with its hash once all
 * parts are in. A bad file is rejected on its own; the others of the batch are kept.
 */
export function createUploadHandler(app: FastifyInstance) {
  const { database, clock, config, blobs } = app.deps;
  const files = createFilesRepository(database.db);
  startHashWorker();

  function checkFields(raw: RawFields): UploadFields {
    if (!raw.categoryId?.trim()) throw invalid('categoryId', 'a document category is required');
    const categoryId = Number(raw.categoryId);
    if (!Number.isInteger(categoryId)) throw invalid('categoryId', 'must be a number');
    if (!findCategory(categoryId)) throw invalid('categoryId', `there is no document category ${categoryId}`);
    if (!raw.taxYear?.trim()) throw invalid('taxYear', 'a tax year is required');
    const taxYear = Number(raw.taxYear);
    if (!Number.isInteger(taxYear)) throw invalid('taxYear', 'must be a whole year');
    resolveTaxYear(clock(), taxYear);
    if (raw.hashes.length === 0) throw invalid('hashes', 'a SHA-256 hash is required for every file');
    if (!raw.hashes.every((hash) => SHA256_HEX.test(hash))) {
      throw invalid('hashes', 'every hash must be 64 lowercase hexadecimal digits (SHA-256)');
    }
    return { categoryId, taxYear, hashes: raw.hashes };
  }

  async function discard(part: MultipartFile): Promise<void> {
    part.file.resume();
    await finished(part.file);
  }

  async function receive(part: MultipartFile, index: number): Promise<Received> {
    const name = part.filename;
    if (fileNameProblem(name)) {
      await discard(part);
      return rejected(name, 'INVALID_FILE_NAME');
    }
    const { dataKey, wrappedKey } = newDataKey(config.masterKey);
    const key = randomBytes(24).toString('base64url');
    const meter = new FileMeter();
    let tooLarge = false;
    part.file.once('limit', () => {
      tooLarge = true;
      // A lone file over the limit ends the request at once (413) instead of being read to the end.
      if (index === 0) part.file.destroy(new FirstFileTooLarge());
    });
    try {
      const body = new PassThrough();
      const [piped, put] = await Promise.allSettled([
        pipeline(part.file, meter, encryptStream(dataKey), body),
        // A store that fails before it reads (no disk space, no connection) must end the body too,
        // or the pipeline above waits for a reader for ever and the request never gets its answer.
        blobs.put(key, body).catch((error: unknown) => {
          body.destroy(error instanceof Error ? error : new Error(String(error)));
          throw error;
        }),
      ]);
      if (piped.status === 'rejected' || put.status === 'rejected') {
        if (put.status === 'fulfilled') await blobs.delete(key);
        throw piped.status === 'rejected' ? piped.reason : (put as PromiseRejectedResult).reason;
      }
    } catch (error) {
      if (tooLarge && index === 0) {
        throw new AppError(413, 'FILE_TOO_LARGE', 'The file is larger than 50 MB', 'files', { connection: 'close' });
      }
      throw error;
    }
    // busboy stops a file at the limit and marks it truncated (the event may come before we listen).
    tooLarge ||= Boolean((part.file as { truncated?: boolean }).truncated);
    const outcome = rejection(tooLarge, meter);
    if (outcome) {
      await blobs.delete(key);
      return rejected(name, outcome);
    }
    return {
      kind: 'stored',
      name,
      key,
      wrappedKey,
      sha256: meter.digest(),
      size: meter.size,
      contentType: sniffContentType(meter.head),
    };
  }

  /** Every part of the request, in order; blobs already stored are removed if the request fails. */
  async function receiveAll(parts: AsyncIterableIterator<Multipart>) {
    const raw: RawFields = { hashes: [] };
    let checkedEarly = false;
    const received: Received[] = [];
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          const value = String(part.value);
          if (part.fieldname === 'categoryId') raw.categoryId = value;
          else if (part.fieldname === 'taxYear') raw.taxYear = value;
          else if (part.fieldname === 'hashes[]' || part.fieldname === 'hashes') raw.hashes.push(value.trim());
          continue;
        }
        if (!checkedEarly && raw.categoryId !== undefined && raw.taxYear !== undefined && raw.hashes.length > 0) {
          checkFields(raw); // a bad category or year ends the request before a byte is stored
          checkedEarly = true;
        }
        received.push(await receive(part, received.length));
      }
      const fields = checkFields(raw);
      if (received.length === 0) throw invalid('files', 'at least one file is required');
      if (fields.hashes.length > received.length) {
        throw invalid('hashes', `${fields.hashes.length} hashes were sent for ${received.length} files`);
      }
      // Each file against the hash of its position; a file without one is rejected on its own.
      for (const [index, file] of received.entries()) {
        if (file.kind === 'stored' && file.sha256 !== fields.hashes[index]) {
          await blobs.delete(file.key);
          received[index] = rejected(file.name, 'HASH_MISMATCH');
        }
      }
      return { fields, received };
    } catch (error) {
      await removeBlobs(received);
      throw error;
    }
  }

  async function removeBlobs(received: Received[]): Promise<void> {
    await Promise.all(received.map((r) => (r.kind === 'stored' ? blobs.delete(r.key) : undefined)));
  }

  return async function uploadFiles(userId: number, parts: AsyncIterableIterator<Multipart>): Promise<UploadResponse> {
    const { fields, received } = await receiveAll(parts);
    const results: UploadResult[] = [];
    let added = 0;
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
        // No row without its blob, and no blob left behind without a row.
        await removeBlobs(received.slice(index));
        throw error;
      }
      if (!recorded.isNew) await blobs.delete(file.key);
      else added += 1;
      results.push({
        status: 'fulfilled',
        value: {
          originalFileName: file.name,
          hash: file.sha256,
          blobUrl: versionContentUrl(recorded.documentId, recorded.version),
          fileId: recorded.documentId,
          version: recorded.version,
          isNewVersion: recorded.isNew,
        },
      });
    }
    const failedCount = results.filter((r) => r.status === 'rejected').length;
    await app.audit.record({
      action: 'documents.upload',
      outcome: failedCount === results.length ? 'failure' : 'success',
      actorUserId: userId,
      subjectUserId: userId,
      details: { taxYear: fields.taxYear, categoryId: fields.categoryId, added, failed: failedCount },
    });
    if (added > 0) {
      try {
        await advanceWhenDocumentsComplete(app, userId, fields.taxYear);
      } catch (error) {
        // The documents are stored; the status catches up when it is next read (tax-status.service).
        app.log.error({ err: error instanceof Error ? error.message : 'unknown' }, 'auto-advance after upload failed');
      }
    }
    return { files: results, failedCount };
  };
}
