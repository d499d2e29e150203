/**
 * Pixels made into what OCR reads best and cheapest: one grey byte per pixel, upright, within
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

/** Turns the picture upright for an EXIF orientation (1, 3, 6, 8; mirrored ones are rare in photos and kept as they are). */
function upright(gray: Uint8Array, width: number, height: number, orientation: number) {
  if (orientation !== 3 && orientation !== 6 && orientation !== 8) return { gray, width, height };
  const quarter = orientation !== 3;
  const outWidth = quarter ? height : width;
  const outHeight = quarter ? width : height;
  const out = new Uint8Array(gray.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = gray[y * width + x]!;
      if (orientation === 3) out[(height - 1 - y) * width + (width - 1 - x)] = value;
      else if (orientation === 6) out[x * outWidth + (height - 1 - y)] = value; // turned clockwise
      else out[(width - 1 - x) * outWidth + y] = value; // 8: turned anticlockwise
    }
  }
  return { gray: out, width: outWidth, height: outHeight };
}

/** The largest picture to make: no side longer than maxSide, no more than maxPixels in all. */
export interface PictureLimits {
  maxSide: number;
  maxPixels: number;
}

export function grayPgm(pixels: Pixels, { maxSide, maxPixels }: PictureLimits, orientation = 1): Buffer {
  const scale = Math.min(1, maxSide / Math.max(pixels.width, pixels.height), Math.sqrt(maxPixels / (pixels.width * pixels.height)));
  const shrunk = shrinkToGray(pixels, Math.max(1, Math.round(pixels.width * scale)), Math.max(1, Math.round(pixels.height * scale)));
  const { gray, width, height } = upright(shrunk.gray, shrunk.width, shrunk.height, orientation);
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1'), gray]);
}
