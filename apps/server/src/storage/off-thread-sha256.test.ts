import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OffThreadSha256 } from './off-thread-sha256.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Hashes `bytes` handed over in pieces of `pieceBytes`, waiting whenever the hash asks to. */
async function hashInPieces(bytes: Buffer, pieceBytes: number, hash = new OffThreadSha256()): Promise<string> {
  for (let at = 0; at < bytes.length; at += pieceBytes) await hash.update(bytes.subarray(at, at + pieceBytes));
  return hash.digest();
}

describe('SHA-256 on the hashing worker', () => {
  it('gives the same digest as node:crypto for any length and any cut into pieces', async () => {
    expect(await new OffThreadSha256().digest()).toBe(sha256(Buffer.alloc(0)));
    for (const size of [1, 255, 256 * 1024, 256 * 1024 + 1, 3 * 1024 * 1024 + 5]) {
      const bytes = randomBytes(size);
      for (const piece of [1000, 65536, 1024 * 1024 + 3, size]) {
        expect(await hashInPieces(bytes, piece)).toBe(sha256(bytes));
      }
    }
  });

  it('hashes many files at once, each on its own, and an abandoned one disturbs none', async () => {
    const files = Array.from({ length: 5 }, (_, i) => randomBytes(2 * 1024 * 1024 + i));
    const abandoned = new OffThreadSha256();
    await abandoned.update(randomBytes(700_000));
    abandoned.close();
    const digests = await Promise.all(files.map((bytes) => hashInPieces(bytes, 65536)));
    expect(digests).toEqual(files.map(sha256));
  });

  it('tells the caller to wait while it is behind, so the bytes it holds stay bounded', async () => {
    const hash = new OffThreadSha256();
    const bytes = randomBytes(8 * 1024 * 1024);
    const behind = hash.update(bytes);
    expect(behind).toBeInstanceOf(Promise);
    await behind;
    expect(await hash.digest()).toBe(sha256(bytes));
  });
});
