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
 * (DECISIONS D7) or an empty one never reaches the blob store. What was read goes back to the front
 * of the source (`unshift`), so a longer file then flows on as the source itself, with no extra
 * stream on the upload's hot path; a file that ended within its head is handed on from memory. A
 * failing source becomes a SourceStreamError, here and later, as in `storeEncryptedFile`.
 */
export async function readHead(source: Readable): Promise<FileHead> {
  const taken: Buffer[] = [];
  let length = 0;
  let ended = true;
  try {
    // Leaving the loop early must not end the source: the rest of the file is still to be read.
    for await (const chunk of source.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      taken.push(chunk);
      length += chunk.length;
      if (length >= SNIFF_BYTES) {
        ended = false;
        break;
      }
    }
  } catch (error) {
    throw new SourceStreamError(error);
  }
  const start = Buffer.concat(taken);
  const head = start.subarray(0, SNIFF_BYTES);
  if (ended) return { head, whole: Readable.from(start.length > 0 ? [start] : []) };
  source.unshift(start);
  return { head, whole: source };
}

/** Reads the rest of a refused file and keeps none of it: the parts after it are still to come. */
export async function drain(whole: Readable): Promise<void> {
  try {
    await finished(whole.resume());
  } catch (error) {
    throw new SourceStreamError(error);
  }
}
