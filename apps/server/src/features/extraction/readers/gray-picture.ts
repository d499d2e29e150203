/**
 * A rendered page made into what OCR reads best and cheapest: one grey byte per pixel, within
 * size limits, as a binary PGM (a format tesseract's Leptonica reads without a decoder
 * library). Grey instead of colour quarters the memory tesseract needs for a page.
 */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
  /** 3 (RGB) or 4 (RGBA; transparency is laid on white paper) */
  channels: 3 | 4;
}

/** Where each of `outLength` pixels starts in a line of `length` pixels (one more for the end). */
function spans(length: number, outLength: number): Int32Array {
  const starts = new Int32Array(outLength + 1);
  for (let index = 0; index <= outLength; index++) starts[index] = Math.floor((index * length) / outLength);
  return starts;
}

/** Averages the block of source pixels under each grey pixel, to outWidth × outHeight. */
function shrinkToGray({ data, width, height, channels }: Pixels, outWidth: number, outHeight: number) {
  const xs = spans(width, outWidth);
  const ys = spans(height, outHeight);
  const gray = new Uint8Array(outWidth * outHeight);
  for (let y = 0; y < outHeight; y++) {
    for (let x = 0; x < outWidth; x++) {
      let sum = 0;
      let count = 0;
      for (let sy = ys[y]!; sy < Math.max(ys[y + 1]!, ys[y]! + 1); sy++) {
        for (let sx = xs[x]!; sx < Math.max(xs[x + 1]!, xs[x]! + 1); sx++) {
          const at = (sy * width + sx) * channels;
          // ITU-R BT.601 luma
          const luma = (data[at]! * 299 + data[at + 1]! * 587 + data[at + 2]! * 114) / 1000;
          const alpha = channels === 4 ? data[at + 3]! / 255 : 1;
          sum += luma * alpha + 255 * (1 - alpha);
          count++;
        }
      }
      gray[y * outWidth + x] = Math.round(sum / count);
    }
  }
  return { gray, width: outWidth, height: outHeight };
}

/** The largest picture to make: no side longer than maxSide, no more than maxPixels in all. */
export interface PictureLimits {
  maxSide: number;
  maxPixels: number;
}

/** A binary PGM of width × height grey bytes. */
export function pgm(gray: Uint8Array, width: number, height: number): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1'), gray]);
}

export function grayPgm(pixels: Pixels, { maxSide, maxPixels }: PictureLimits): Buffer {
  const scale = Math.min(1, maxSide / Math.max(pixels.width, pixels.height), Math.sqrt(maxPixels / (pixels.width * pixels.height)));
  const { gray, width, height } = shrinkToGray(pixels, Math.max(1, Math.round(pixels.width * scale)), Math.max(1, Math.round(pixels.height * scale)));
  return pgm(gray, width, height);
}
