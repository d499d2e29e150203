import { inflateRawSync, inflateSync } from 'node:zlib';
import { UnreadableDocument } from '../../reader.js';

/** Real statements inflate to well under 1 MB; a few MB leaves room and stops a zip bomb early. */
export const MAX_STATEMENT_XML_BYTES = 8 * 1024 * 1024;

/** RFC 1950: a zlib stream starts with CMF (deflate, window ≤ 32K) and FLG, CMF·256+FLG ≡ 0 mod 31. */
function hasZlibHeader(bytes: Uint8Array): boolean {
  const [cmf, flg] = bytes;
  if (cmf === undefined || flg === undefined) return false;
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && (cmf * 256 + flg) % 31 === 0;
}

function zlibCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/**
 * The barcode payload back to the statement's XML bytes. BEIL2 prescribes ZLIB compression
 * (java.util.zip.Deflater, best compression): a zlib stream with its two header bytes. Some
 * producers write the bare deflate stream instead, so that is tried when the zlib header is absent.
 * Output beyond `maxOutputLength` stops inflating at once ('OUTPUT_TOO_LARGE'), never after.
 */
export function inflatePayload(payload: Uint8Array, maxOutputLength = MAX_STATEMENT_XML_BYTES): Uint8Array {
  const inflate = hasZlibHeader(payload) ? inflateSync : inflateRawSync;
  try {
    return inflate(payload, { maxOutputLength });
  } catch (error) {
    const code = zlibCode(error);
    if (code === 'ERR_BUFFER_TOO_LARGE') {
      throw new UnreadableDocument('OUTPUT_TOO_LARGE', `the payload inflates beyond ${maxOutputLength} bytes`);
    }
    // Z_BUF_ERROR: the stream ended before its end marker, a segment's bytes are missing.
    if (code === 'Z_BUF_ERROR') throw new UnreadableDocument('SEGMENTS_INCOMPLETE', 'the compressed payload ends too early');
    throw new UnreadableDocument('NOT_STANDARD_PAYLOAD', 'the barcodes hold no compressed data');
  }
}
