import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { SNIFF_BYTES } from './content-type.js';

/**
 * Passes the upload through unchanged while taking its SHA-256, its size and its first bytes, so
 * hashing runs beside the parse and the encryption instead of after them.
 */
export class FileMeter extends Transform {
  readonly #hash = createHash('sha256');
  #head: Buffer = Buffer.alloc(0);
  size = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#hash.update(chunk);
    this.size += chunk.length;
    if (this.#head.length < SNIFF_BYTES) this.#head = Buffer.concat([this.#head, chunk.subarray(0, SNIFF_BYTES)]);
    done(null, chunk);
  }

  get head(): Buffer {
    return this.#head.subarray(0, SNIFF_BYTES);
  }

  /** Lowercase hex, once the stream has ended. */
  digest(): string {
    return this.#hash.digest('hex');
  }
}
