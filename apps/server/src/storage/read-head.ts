import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { SNIFF_BYTES } from './content-type.js';
import { SourceStreamError } from './store-encrypted-file.js';

export interface FileHead {
  /** The first SNIFF_BYTES bytes, or the whole file when it is shorter (none: the file is empty). */
  head: Buffer;
  /** Every byte of the file, the head included, to store or to drain. */
  whole: Readable;
}

/**
 * Reads a file's first bytes before anything of it is stored, so that a file refused by its content
 * (DECISIONS D7) or an empty one never reaches the blob store. A failing source becomes a
 * SourceStreamError, here and later in `whole`, as in `storeEncryptedFile`.
 */
export async function readHead(source: Readable): Promise<FileHead> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const taken: Buffer[] = [];
  let length = 0;
  try {
    while (length < SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) break;
      taken.push(next.value);
      length += next.value.length;
    }
  } catch (error) {
    throw new SourceStreamError(error);
  }
  const start = Buffer.concat(taken);
  async function* all(): AsyncGenerator<Buffer> {
    if (start.length > 0) yield start;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  return { head: start.subarray(0, SNIFF_BYTES), whole: Readable.from(all(), { objectMode: false }) };
}

/** Reads the rest of a refused file and keeps none of it: the parts after it are still to come. */
export async function drain(whole: Readable): Promise<void> {
  try {
    await finished(whole.resume());
  } catch (error) {
    throw new SourceStreamError(error);
  }
}
