/**
 * Pixels made into what OCR reads best and cheapest: one grey byte per pixel, upright, no side
 * longer than `maxSide`, as a binary PGM (a format tesseract's Leptonica reads without a decoder
 * library). Grey instead of colour quarters the memory tesseract needs for a page.
 */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
  /** 3 (RGB) or 4 (RGBA; transparency is laid on white paper) */
  channels: 3 | 4;
}

/** Averages blocks of factor × factor pixels into one grey pixel. */
function shrinkToGray({ data, width, height, channels }: Pixels, factor: number) {
  const outWidth = Math.max(1, Math.floor(width / factor));
  const outHeight = Math.max(1, Math.floor(height / factor));
  const gray = new Uint8Array(outWidth * outHeight);
  for (let y = 0; y < outHeight; y++) {
    for (let x = 0; x < outWidth; x++) {
      let sum = 0;
      let count = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * width;
        for (let dx = 0; dx < factor; dx++) {
          const at = (row + x * factor + dx) * channels;
          // ITU-R BT.601 luma in integers
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

export function grayPgm(pixels: Pixels, maxSide: number, orientation = 1): Buffer {
  const factor = Math.max(1, Math.ceil(Math.max(pixels.width, pixels.height) / maxSide));
  const shrunk = shrinkToGray(pixels, factor);
  const { gray, width, height } = upright(shrunk.gray, shrunk.width, shrunk.height, orientation);
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1'), gray]);
}
