import { inflateRawSync } from 'node:zlib';
import { UnreadableDocument } from './reader.js';

/**
 * One entry of an untrusted ZIP, inflated with an output limit: a few hundred bytes of deflate can
 * claim gigabytes (a zip bomb), and the sizes a ZIP declares are the sender's word, so the limit is
 * counted on what inflating actually produces. Only stored (0) and deflate (8) entries are read.
 */
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const STORED = 0;
const DEFLATE = 8;

const notAZip = (detail: string) => new UnreadableDocument('NOT_STANDARD_PAYLOAD', `Not a readable ZIP: ${detail}`);

interface Entry {
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
}

/** The entry's bytes, or null when the ZIP has no entry of that name. */
export function readZipEntry(zip: Uint8Array, name: string, maxBytes: number): Uint8Array | null {
  const entry = findEntry(zip, name);
  if (!entry) return null;
  if (entry.flags & 1) throw notAZip('encrypted entry');
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  if (entry.localOffset + 30 > zip.length || view.getUint32(entry.localOffset, true) !== LOCAL_ENTRY) throw notAZip('bad local header');
  const start = entry.localOffset + 30 + view.getUint16(entry.localOffset + 26, true) + view.getUint16(entry.localOffset + 28, true);
  const end = start + entry.compressedSize;
  if (end > zip.length) throw notAZip('entry runs past the end');
  const data = zip.subarray(start, end);
  if (entry.method === STORED) {
    if (data.length > maxBytes) throw new UnreadableDocument('OUTPUT_TOO_LARGE', 'The ZIP entry is larger than allowed');
    return data.slice();
  }
  if (entry.method === DEFLATE) return inflateWithLimit(data, maxBytes);
  throw notAZip(`compression method ${entry.method}`);
}

/**
 * Raw deflate data inflated with node's zlib, which stops as soon as the output passes `maxBytes`
 * (as the e-tax statement's payload is inflated, readers/ech-0196/inflate-payload.ts).
 */
function inflateWithLimit(data: Uint8Array, maxBytes: number): Uint8Array {
  try {
    return inflateRawSync(data, { maxOutputLength: maxBytes });
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    if (code === 'ERR_BUFFER_TOO_LARGE') throw new UnreadableDocument('OUTPUT_TOO_LARGE', 'Inflating would pass the output limit');
    throw notAZip(code === 'Z_BUF_ERROR' ? 'deflate data ends early' : 'corrupt deflate data');
  }
}

function findEntry(zip: Uint8Array, name: string): Entry | null {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notAZip('no central directory');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const wanted = new TextEncoder().encode(name);
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || view.getUint32(at, true) !== CENTRAL_ENTRY) throw notAZip('bad central directory');
    const nameLength = view.getUint16(at + 28, true);
    const entryName = zip.subarray(at + 46, at + 46 + nameLength);
    if (entryName.length === wanted.length && entryName.every((byte, j) => byte === wanted[j])) {
      return {
        flags: view.getUint16(at + 8, true),
        method: view.getUint16(at + 10, true),
        compressedSize: view.getUint32(at + 20, true),
        localOffset: view.getUint32(at + 42, true),
      };
    }
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return null;
}
