/**
 * The EXIF orientation of a JPEG (1 = upright; 3 = upside down; 6 and 8 = turned a quarter): a
 * phone stores a portrait photo sideways and says so here, and OCR reads only upright text.
 * Reads the APP1 segment's first directory only; anything unexpected counts as upright.
 */
export function jpegOrientation(b: Buffer): number {
  let offset = 2;
  while (offset + 4 <= b.length && b[offset] === 0xff) {
    const marker = b[offset + 1]!;
    const length = b.readUInt16BE(offset + 2);
    if (marker === 0xda) return 1; // start of scan: no EXIF before the picture
    if (marker === 0xe1 && b.toString('latin1', offset + 4, offset + 10) === 'Exif\0\0') return orientationInTiff(b.subarray(offset + 10, offset + 2 + length));
    offset += 2 + length;
  }
  return 1;
}

function orientationInTiff(tiff: Buffer): number {
  if (tiff.length < 8) return 1;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const directory = u32(4);
  if (directory + 2 > tiff.length) return 1;
  const entries = u16(directory);
  for (let index = 0; index < entries; index++) {
    const entry = directory + 2 + index * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) === 0x0112) {
      const orientation = u16(entry + 8);
      return orientation >= 1 && orientation <= 8 ? orientation : 1;
    }
  }
  return 1;
}
