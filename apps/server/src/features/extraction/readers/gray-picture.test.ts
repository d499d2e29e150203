import { describe, expect, it } from 'vitest';
import { grayPgm } from './gray-picture.js';

/** The pixels of a PGM, row by row, and its size. */
function readPgm(pgm: Buffer) {
  const header = pgm.toString('latin1', 0, 20).match(/^P5\n(\d+) (\d+)\n255\n/)!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  return { width, height, pixels: [...pgm.subarray(header[0].length)] };
}

const roomy = { maxSide: 100, maxPixels: 10_000 };

/** A row of RGB pixels: black, white, grey. */
const row = { data: new Uint8Array([0, 0, 0, 255, 255, 255, 128, 128, 128]), width: 3, height: 1, channels: 3 as const };

describe('grayPgm', () => {
  it('makes colour grey, transparency white paper', () => {
    expect(readPgm(grayPgm(row, roomy))).toEqual({ width: 3, height: 1, pixels: [0, 255, 128] });
    const transparent = { data: new Uint8Array([0, 0, 0, 0, 0, 0, 0, 255]), width: 2, height: 1, channels: 4 as const };
    expect(readPgm(grayPgm(transparent, roomy)).pixels).toEqual([255, 0]);
  });

  it('shrinks a picture to fit the longest side, averaging the pixels', () => {
    const square = { data: new Uint8Array(4 * 4 * 3).fill(200), width: 4, height: 4, channels: 3 as const };
    square.data.fill(0, 0, 3); // one black pixel in the top-left block
    const small = readPgm(grayPgm(square, { maxSide: 2, maxPixels: 100 }));
    expect(small).toMatchObject({ width: 2, height: 2 });
    expect(small.pixels).toEqual([150, 200, 200, 200]);
  });

  it('shrinks by any ratio, not only by whole factors', () => {
    const wide = { data: new Uint8Array(3001 * 2 * 3).fill(90), width: 3001, height: 2, channels: 3 as const };
    const small = readPgm(grayPgm(wide, { maxSide: 3000, maxPixels: 10_000 }));
    expect(small).toMatchObject({ width: 3000, height: 2 });
    expect(new Set(small.pixels)).toEqual(new Set([90]));
  });

  it('keeps a square picture within the pixel limit', () => {
    const square = { data: new Uint8Array(100 * 100 * 3), width: 100, height: 100, channels: 3 as const };
    expect(readPgm(grayPgm(square, { maxSide: 100, maxPixels: 2500 }))).toMatchObject({ width: 50, height: 50 });
  });
});
