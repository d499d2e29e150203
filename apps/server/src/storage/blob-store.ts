import type { Readable } from 'node:stream';

/**
 * Where encrypted document bytes live (DECISIONS D7). Keys are random; nothing about a person or a
 * file name is in them. `put` resolves only once the blob is durable and visible under its key, and
 * a failed `put` leaves nothing visible, so a database row is written only for a blob that exists.
 * A failed `put` need not end `body`: the caller does, for every store (upload-files.ts).
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Readable): Promise<void>;
  /** The stored bytes; BlobNotFoundError when there is no such blob. */
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
}

export class BlobNotFoundError extends Error {}
