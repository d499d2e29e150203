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
 * When anything fails, the blob is not left behind and the error is passed on.
 */
export async function storeEncryptedFile(blobs: BlobStore, masterKey: Buffer, source: Readable): Promise<EncryptedFile> {
  const { dataKey, wrappedKey } = newDataKey(masterKey);
  const key = randomBytes(24).toString('base64url');
  const meter = new FileMeter();
  const body = new PassThrough();
  // Which side failed first tells a cut or malformed body (the client's) from a store failure (ours).
  let firstFailure: 'source' | 'store' | undefined;
  source.once('error', () => (firstFailure ??= 'source'));
  const [piped, put] = await Promise.allSettled([
    pipeline(source, meter, encryptStream(dataKey), body),
    // A store that fails before it reads (no disk space, no connection) must end the body too,
    // or the pipeline above waits for a reader for ever and the request never gets its answer.
    blobs.put(key, body).catch((error: unknown) => {
      // The body's error may be the source's, passed on by the pipeline: then the source is errored already.
      firstFailure ??= source.errored ? 'source' : 'store';
      body.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }),
  ]);
  if (piped.status === 'rejected' || put.status === 'rejected') {
    if (put.status === 'fulfilled') await blobs.delete(key);
    if (firstFailure === 'source') throw new SourceStreamError(piped.status === 'rejected' ? piped.reason : undefined);
    throw put.status === 'rejected' ? put.reason : (piped as PromiseRejectedResult).reason;
  }
  return { key, wrappedKey, sha256: meter.digest(), size: meter.size, contentType: sniffContentType(meter.head), contentKind: contentKind(meter.head) };
}
