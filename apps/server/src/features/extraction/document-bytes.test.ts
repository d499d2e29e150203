import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@taxli/domain';
import { gatherBytes, piecesOf, TooLargeToRead } from './document-bytes.js';

async function* frames(...parts: number[][]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield Uint8Array.from(part);
}

async function piecesFrom(body: AsyncIterable<Uint8Array>, pieceBytes: number): Promise<number[][]> {
  const pieces: number[][] = [];
  for await (const piece of piecesOf(body, pieceBytes)) pieces.push([...piece]);
  return pieces;
}

function gathered(recordedBytes: number, ...pieces: number[][]): Uint8Array {
  const bytes = gatherBytes(recordedBytes);
  for (const piece of pieces) bytes.add(Uint8Array.from(piece));
  return bytes.bytes();
}

describe('a document’s bytes cut into the channel’s pieces', () => {
  it('joins storage’s frames in order into pieces of at least the piece size, the last one the rest', async () => {
    expect(await piecesFrom(frames([1, 2], [3], [4, 5, 6], [7]), 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(await piecesFrom(frames(), 3)).toEqual([]);
  });

  it('refuses more than an upload may hold', async () => {
    async function* tooLarge(): AsyncGenerator<Uint8Array> {
      yield Uint8Array.from([1]);
      // Only its length is read before the refusal: no 50 MB buffer for the test.
      yield { length: MAX_UPLOAD_BYTES } as Uint8Array;
    }
    await expect(piecesFrom(tooLarge(), 3)).rejects.toThrow(TooLargeToRead);
  });
});

describe('a document’s bytes gathered as its pieces arrive', () => {
  it('fills one buffer of the recorded size, in order, with nothing beside it', () => {
    const bytes = gathered(6, [1, 2, 3], [4, 5], [6]);
    expect([...bytes]).toEqual([1, 2, 3, 4, 5, 6]);
    // The answer is the buffer itself, not a view of a larger one.
    expect(bytes.buffer.byteLength).toBe(6);
  });

  it('keeps every byte when the recorded size falls short of them', () => {
    expect([...gathered(2, [1, 2, 3], [4, 5, 6, 7], [8, 9])]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('answers only the bytes that came when the recorded size is larger', () => {
    expect([...gathered(5, [7, 8])]).toEqual([7, 8]);
    expect([...gathered(0)]).toEqual([]);
  });

  it('refuses more than an upload may hold', () => {
    const bytes = gatherBytes(1);
    bytes.add(Uint8Array.from([1]));
    expect(() => bytes.add({ length: MAX_UPLOAD_BYTES } as Uint8Array)).toThrow(TooLargeToRead);
  });
});
