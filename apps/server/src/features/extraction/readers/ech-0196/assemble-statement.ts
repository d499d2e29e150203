import type { Pdf417Symbol } from '../../barcodes/read-pdf417.js';
import { UnreadableDocument } from '../../reader.js';

/**
 * Joins the Macro PDF417 segments of one e-tax statement into the compressed payload.
 *
 * eCH-0196's barcode guide (BEIL2 2.2) puts the statement's ID (PDFMacroFileName) and a random
 * PDFMacroFileId into each symbol's macro control block, "as separate attributes, so that they are
 * usable even when decompressing the rest fails": the data codewords carry the zlib stream alone,
 * with no header of the standard's own. So the payload is the segments' bytes in segment order.
 *
 * Symbols without macro data, or of another macro file, are not this statement's; a set with a
 * segment missing (a page not scanned, a symbol not decoded) cannot be inflated at all.
 */
export function assembleStatement(symbols: readonly Pdf417Symbol[]): Uint8Array {
  const segments = symbols.flatMap((symbol) => (symbol.macro ? [{ ...symbol.macro, bytes: symbol.bytes }] : []));
  const first = segments[0];
  if (!first) throw new UnreadableDocument('SEGMENTS_INCOMPLETE', 'no Macro PDF417 segments');
  // Symbols of several macro files: the statement is the file with the most segments read; the rest
  // is another document's barcode sheet printed in the same PDF.
  const counts = new Map<string, number>();
  for (const segment of segments) counts.set(segment.fileId, (counts.get(segment.fileId) ?? 0) + 1);
  const fileId = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? first.fileId;

  const byIndex = new Map<number, Uint8Array>();
  let declaredCount: number | undefined;
  for (const segment of segments) {
    if (segment.fileId !== fileId) continue;
    if (segment.segmentCount !== undefined) {
      if (declaredCount !== undefined && declaredCount !== segment.segmentCount) {
        throw new UnreadableDocument('SEGMENTS_INCOMPLETE', 'segments disagree on their count');
      }
      declaredCount = segment.segmentCount;
    }
    // The same symbol read twice (a page rendered again) is one segment.
    byIndex.set(segment.segmentIndex, segment.bytes);
  }

  // ISO/IEC 15438 makes the segment count optional. Without it, the indexes read must still run
  // 0..n without a gap; a missing last segment then shows as a zlib stream that ends too early,
  // which inflating reports as SEGMENTS_INCOMPLETE too.
  const highestIndex = Math.max(...byIndex.keys());
  const total = declaredCount ?? highestIndex + 1;
  if (highestIndex >= total) throw new UnreadableDocument('SEGMENTS_INCOMPLETE', 'a segment number beyond the count');
  const parts: Uint8Array[] = [];
  for (let index = 0; index < total; index += 1) {
    const bytes = byIndex.get(index);
    if (!bytes) throw new UnreadableDocument('SEGMENTS_INCOMPLETE', `segment ${index + 1} of ${total} missing`);
    parts.push(bytes);
  }
  return concatBytes(parts);
}

function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
