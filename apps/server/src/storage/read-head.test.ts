import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES } from './content-type.js';
import { drain, readHead } from './read-head.js';
import { SourceStreamError } from './store-encrypted-file.js';

/** `data` as a stream of pieces of `piece` bytes, as a multipart parser hands a file over. */
const streamOf = (data: Buffer, piece: number) =>
  Readable.from((function* () {
    for (let at = 0; at < data.length; at += piece) yield data.subarray(at, at + piece);
  })(), { objectMode: false });

describe('reading the head of an upload before storing it', () => {
  it.each([
    [0, 7],
    [1, 7],
    [SNIFF_BYTES - 1, 100],
    [SNIFF_BYTES, SNIFF_BYTES],
    [SNIFF_BYTES + 1, 1],
    [300_000, 65_536],
  ])('gives the first bytes of a %i-byte file (pieces of %i) and every byte after them, in order', async (size, piece) => {
    const data = randomBytes(size);
    const { head, whole } = await readHead(streamOf(data, piece));
    expect(head.equals(data.subarray(0, SNIFF_BYTES))).toBe(true);
    expect((await buffer(whole)).equals(data)).toBe(true);
  });

  it('names a source that fails, before or after the head, as the source', async () => {
    const failing = (after: Buffer) =>
      new Readable({
        read() {
          this.push(after);
          this.destroy(new Error('connection reset'));
        },
      });
    await expect(readHead(failing(Buffer.alloc(10)))).rejects.toBeInstanceOf(SourceStreamError);
    const { whole } = await readHead(failing(Buffer.alloc(SNIFF_BYTES * 2)));
    await expect(drain(whole)).rejects.toBeInstanceOf(SourceStreamError);
  });
});
