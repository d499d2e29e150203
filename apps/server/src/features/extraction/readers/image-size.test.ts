import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { readImageSize } from './image-size.js';

const picture = (format: 'image/png' | 'image/jpeg' | 'image/webp') => {
  const canvas = createCanvas(321, 123);
  canvas.getContext('2d').fillRect(0, 0, 10, 10);
  return format === 'image/png' ? canvas.toBuffer(format) : canvas.toBuffer(format, 80);
};

describe('readImageSize', () => {
  it('reads the size of PNG, JPEG and WebP pictures from their headers', () => {
    expect(readImageSize(picture('image/png'))).toEqual({ format: 'png', width: 321, height: 123 });
    expect(readImageSize(picture('image/jpeg'))).toEqual({ format: 'jpeg', width: 321, height: 123 });
    expect(readImageSize(picture('image/webp'))).toEqual({ format: 'webp', width: 321, height: 123 });
  });

  it('answers null, never throws, for junk and for every cut-off header', () => {
    expect(readImageSize(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    for (const format of ['image/png', 'image/jpeg', 'image/webp'] as const) {
      const bytes = picture(format);
      for (let length = 0; length < Math.min(bytes.length, 400); length++) {
        const size = readImageSize(bytes.subarray(0, length));
        if (size) expect(size).toMatchObject({ width: 321, height: 123 });
      }
    }
  });
});
