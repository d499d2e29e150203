import { Transform, type TransformCallback } from 'node:stream';
import { SNIFF_BYTES } from './content-type.js';
import { OffThreadSha256 } from './off-thread-sha256.js';

/**
 * Passes the upload through unchanged while taking its size, its first bytes and its SHA-256. The
 * hash is taken on the hashing worker, beside the parse and the encryption on this thread.
 */
export class FileMeter extends Transform {
  readonly #hash = new OffThreadSha256();
  #sha256: string | undefined;
  #head: Buffer = Buffer.alloc(0);
  size = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.#head.length < SNIFF_BYTES) this.#head = Buffer.concat([this.#head, chunk.subarray(0, SNIFF_BYTES)]);
    this.push(chunk);
    let behind;
    try {
      behind = this.#hash.update(chunk);
    } catch (error) {
      return done(error as Error);
    }
    if (behind) behind.then(() => done(), done);
    else done();
  }

  override _flush(done: TransformCallback): void {
    this.#hash.digest().then((sha256) => {
      this.#sha256 = sha256;
      done();
    }, done);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    if (this.#sha256 === undefined) this.#hash.close();
    done(error);
  }

  get head(): Buffer {
    return this.#head.subarray(0, SNIFF_BYTES);
  }

  /** Lowercase hex, once the stream has ended. */
  digest(): string {
    if (this.#sha256 === undefined) throw new Error('the upload has not ended');
    return this.#sha256;
  }
}
