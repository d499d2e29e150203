import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from './blob-store.js';
import { contentKind, sniffContentType, type ContentKind } from './content-type.js';
import { encryptStream, newDataKey } from './envelope.js';
import { FileMeter } from './file-meter.js';

/** The file's bytes stopped coming as they should (a cut or malformed body), while the store was fine. */
export class SourceStreamError extends Error {
  constructor(readonly reason: unknown) {
    super('the upload body ended early or is malformed');
  }
}

/**
 * The blob store could not take the file (a full disk, a read-only or unwritable folder, an S3
 * error), while the body was fine: the server's fault, answered 507 or 503, never the client's.
 */
export class BlobStoreFault extends Error {
  constructor(readonly reason: unknown) {
    super('the blob store could not take the file');
  }

  /** No space or no inode left (or a disk quota reached): the store is up but full. */
  get full(): boolean {
    const code = (this.reason as NodeJS.ErrnoException | undefined)?.code;
    return code === 'ENOSPC' || code === 'EDQUOT';
  }
}

/** The errors a stream gets when another stream of its pipeline failed: consequences, not causes. */
function isTeardown(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ABORT_ERR' || (error as Error | undefined)?.name === 'AbortError';
}

export interface EncryptedFile {
  /** The blob's key in the store. */
  key: string;
  /** The file's own data key, wrapped by the master key (DECISIONS D7). */
  wrappedKey: string;
  sha256: string;
  size: number;
  /** From the first bytes, never from the name. */
  contentType: string;
  contentKind: ContentKind;
}

/**
 * One pass over a file's bytes: measured (SHA-256 on the hashing worker, size, first bytes) and
 * encrypted on the way into the blob store, so the server holds a few frames at a time, not a file.
 * When anything fails, the blob is not left behind and the error is passed on: a SourceStreamError
 * for the body's fault, a BlobStoreFault for the store's.
 */
export async function storeEncryptedFile(blobs: BlobStore, masterKey: Buffer, source: Readable): Promise<EncryptedFile> {
  const { dataKey, wrappedKey } = newDataKey(masterKey);
  const key = randomBytes(24).toString('base64url');
  const meter = new FileMeter();
  const body = new PassThrough();
  // Whose fault a failure is: the source's error, unless it is only the teardown that the
  // store's own failure caused (an abort or premature close handed back up the pipeline).
  let sourceError: unknown;
  source.once('error', (error) => (sourceError ??= error));
  const [piped, put] = await Promise.allSettled([
    pipeline(source, meter, encryptStream(dataKey), body),
    // A store that fails before it reads (no disk space, no connection) must end the body too,
    // or the pipeline above waits for a reader for ever and the request never gets its answer.
    blobs.put(key, body).catch((error: unknown) => {
      // Ended without an error of its own: put's rejection is the one answer. A small file has
      // gone through the pipeline into the body's buffer already, so nothing listens to the body
      // any more, and an 'error' event nobody listens to would end the process. A pipeline still
      // running fails with a premature close instead.
      body.destroy();
      throw error;
    }),
  ]);
  if (piped.status === 'rejected' || put.status === 'rejected') {
    // A blob that cannot be deleted now is one no row names: the blob sweep removes it later.
    if (put.status === 'fulfilled') await blobs.delete(key).catch(() => undefined);
    const storeFailed = put.status === 'rejected' && !isTeardown(put.reason) && (sourceError === undefined || isTeardown(sourceError));
    if (storeFailed) throw new BlobStoreFault(put.reason);
    throw new SourceStreamError(sourceError ?? (piped.status === 'rejected' ? piped.reason : (put as PromiseRejectedResult).reason));
  }
  return { key, wrappedKey, sha256: meter.digest(), size: meter.size, contentType: sniffContentType(meter.head), contentKind: contentKind(meter.head) };
}
