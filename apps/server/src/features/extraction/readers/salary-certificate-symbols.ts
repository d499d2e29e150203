import type { Pdf417Symbol } from '../barcodes/read-pdf417.js';
import { UnreadableDocument } from '../reader.js';

/**
 * The swissdec salary certificate barcode (Lohnausweis, Form 11; swissdec guidelines annex 5):
 * plain PDF417 symbols, each a 14-byte control header followed by a slice of one ZIP file.
 *   bytes 0-3   identification, the same in every symbol of one file
 *   byte  4     compression: 'z' (Info-ZIP, the only one defined)
 *   bytes 5-7   size of this symbol's data, big-endian (header included)
 *   byte  8     1 in the first symbol, 2 in the following ones
 *   byte  9     control-character version (3 since release 20200220)
 *   bytes 10-11 symbol number, tens and units as values 0-9 (1-based)
 *   bytes 12-13 number of symbols, tens and units as values 0-9
 * The layout is the one public generators and a real certificate's barcode show; the reading is
 * tolerant where the guidelines leave room: the size field is not trusted (the symbol's length is),
 * and other versions than 3 are read the same way.
 */
export const HEADER_LENGTH = 14;
const ZIP_COMPRESSION = 0x7a;

export interface SalarySymbolHeader {
  id: string;
  number: number;
  count: number;
  payload: Uint8Array;
}

/** The header when the symbol carries one, else null (another kind of PDF417). */
export function parseSalarySymbol(symbol: Pdf417Symbol): SalarySymbolHeader | null {
  const bytes = symbol.bytes;
  if (symbol.macro || bytes.length <= HEADER_LENGTH) return null;
  const [compression, first, version, tens, units, countTens, countUnits] = [4, 8, 9, 10, 11, 12, 13].map((i) => bytes[i] ?? -1);
  const digits = [tens, units, countTens, countUnits].every((digit) => digit !== undefined && digit >= 0 && digit <= 9);
  if (compression !== ZIP_COMPRESSION || !digits || (first !== 1 && first !== 2) || version === undefined || version < 1 || version > 9) return null;
  const number = (tens ?? 0) * 10 + (units ?? 0);
  const count = (countTens ?? 0) * 10 + (countUnits ?? 0);
  if (number < 1 || count < 1 || number > count) return null;
  return { id: Buffer.from(bytes.subarray(0, 4)).toString('hex'), number, count, payload: bytes.subarray(HEADER_LENGTH) };
}

/**
 * The ZIP of the first certificate in the document: its symbols' slices in symbol-number order.
 * null when no symbol carries the header; SEGMENTS_INCOMPLETE when one of its symbols was not read.
 */
export function assembleSalaryZip(symbols: Pdf417Symbol[]): Uint8Array | null {
  const headers = symbols.map(parseSalarySymbol).filter((header) => header !== null);
  const first = headers[0];
  if (!first) return null;
  // Several certificates in one PDF: the first one read is the document's (one result per file).
  const own = headers.filter((header) => header.id === first.id);
  const count = Math.max(...own.map((header) => header.count));
  const slices: Uint8Array[] = [];
  for (let number = 1; number <= count; number++) {
    const slice = own.find((header) => header.number === number);
    if (!slice) throw new UnreadableDocument('SEGMENTS_INCOMPLETE', `Symbol ${number} of ${count} was not read`);
    slices.push(slice.payload);
  }
  return Buffer.concat(slices);
}
