import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from './blob-store.js';
import { decryptStream, unwrapDataKey } from './envelope.js';

/** Where an encrypted file lives and the key that opens it, as its row stores them. */
export interface EncryptedFileRef {
  storageKey: string;
  /** The file's data key, wrapped by the master key (DECISIONS D7). */
  wrappedKey: string;
}

/**
 * The plaintext of a file `storeEncryptedFile` wrote, each frame authenticated before a byte of it
 * is released; BlobNotFoundError when the blob is gone. pipeline, not pipe: a reader that goes away
 * (destroying the answer) or a frame that fails its check closes the stored blob's file or
 * connection too, instead of leaving it open for good.
 */
export async function openEncryptedFile(blobs: BlobStore, masterKey: Buffer, file: EncryptedFileRef): Promise<Readable> {
  const body = decryptStream(unwrapDataKey(masterKey, file.wrappedKey));
  pipeline(await blobs.get(file.storageKey), body).catch(() => undefined);
  return body;
}
