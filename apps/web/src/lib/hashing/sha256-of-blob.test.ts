import { Blob as NodeBlob } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256OfBlob } from './sha256-of-blob';

// Node's Blob streams as browsers' do (a byte stream), so the worker's code runs here unchanged;
// jsdom's own Blob has no stream() at all.
const fileOf = (bytes: Uint8Array | string) => new NodeBlob([bytes]) as unknown as Blob;
const reference = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * A file whose stream refuses a byte-stream reader and cannot be iterated with for await, as in
 * Safari before 26.4.
 */
function fileWithoutByteStreams(bytes: Uint8Array): Blob {
  return {
    stream() {
      const stream = fileOf(bytes).stream();
      const getReader = stream.getReader.bind(stream);
      return Object.assign(stream, {
        getReader: (options?: { mode?: string }) => {
          if (options?.mode === 'byob') throw new TypeError('byte streams are not supported');
          return getReader();
        },
        [Symbol.asyncIterator]: undefined,
        values: undefined,
      });
    },
  } as unknown as Blob;
}

describe('streamed SHA-256 of a file (the hashing worker)', () => {
  it('matches SHA-256 for empty, small, exactly one buffer and several buffers of bytes', async () => {
    for (const size of [0, 1, 1000, 1024 * 1024, 3 * 1024 * 1024 + 17]) {
      const bytes = randomBytes(size);
      expect(await sha256OfBlob(fileOf(bytes))).toBe(reference(bytes));
    }
  });

  it('gives the known digest of "abc" in lowercase hex', async () => {
    expect(await sha256OfBlob(fileOf('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('gives each of several files hashed at once its own digest (a multiple selection)', async () => {
    const files = [randomBytes(3 * 1024 * 1024 + 1), randomBytes(2 * 1024 * 1024), randomBytes(10)];
    const digests = await Promise.all(files.map((bytes) => sha256OfBlob(fileOf(bytes))));
    expect(digests).toEqual(files.map(reference));
  });

  it('goes on with the next file after one that cannot be read', async () => {
    const unreadable = { stream: () => new ReadableStream({ pull: (c) => c.error(new Error('file gone')) }) } as unknown as Blob;
    const bytes = randomBytes(1000);
    const [failed, next] = await Promise.allSettled([sha256OfBlob(unreadable), sha256OfBlob(fileOf(bytes))]);
    expect(failed).toMatchObject({ status: 'rejected', reason: new Error('file gone') });
    expect(next).toEqual({ status: 'fulfilled', value: reference(bytes) });
  });

  it('reads the stream chunk by chunk where a browser has neither byte-stream reader nor stream iteration', async () => {
    const bytes = randomBytes(2 * 1024 * 1024 + 5);
    expect(await sha256OfBlob(fileWithoutByteStreams(bytes))).toBe(reference(bytes));
  });
});
