import type { Readable } from 'node:stream';

/** A complete blob as the store lists it. */
export interface StoredBlob {
  key: string;
  /** When its last byte was written (a file's mtime, an object's LastModified). */
  modifiedAt: Date;
}

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
  /** Every complete blob, one at a time (never the temporary data of a write still running). */
  list(): AsyncIterable<StoredBlob>;
  /**
   * Removes what writes that never finished left behind, last written before `before`, and answers
   * how many. Local: the `.partial` files of a crash. S3: none is visible (an unfinished multipart
   * upload is no object); the bucket's lifecycle rule aborts those (docs/architecture.md).
   */
  removeIncompleteWrites(before: Date): Promise<number>;
  /**
   * Resolves when the store can take blobs now, by writing and removing a small probe; rejects when
   * it cannot (the health check).
   */
  check(): Promise<void>;
  /** What is left to write in (the health check); undefined when the store has no such limit to tell (S3). */
  freeSpace(): Promise<FreeSpace | undefined>;
}

export interface FreeSpace {
  /** Bytes this process may still write. */
  bytes: number;
  /** Files that may still be created; undefined when the file system sets no number. */
  inodes: number | undefined;
}

export class BlobNotFoundError extends Error {}
