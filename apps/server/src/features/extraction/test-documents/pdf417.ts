import bwipjs from 'bwip-js/node';

/**
 * Test documents: PDF417 symbols as PNG (bwip-js), plain or Macro PDF417. bwip-js knows no Macro
 * PDF417, so the codewords are written here (ISO/IEC 15438 byte compaction and control block) and
 * handed over raw; the symbol is sized here too, because the pad codewords must stand before the
 * control block and bwip-js would append them after it.
 */
export interface MacroPdf417 {
  /** 0-based position of the symbol in its set. */
  segmentIndex: number;
  /** Digits, three per codeword (each group below 900): what zxing reports back as the file id. */
  fileId: string;
  /** Written as optional field 001 when given. */
  segmentCount?: number;
  /** The last symbol of the set carries the terminator 922. */
  last?: boolean;
}

export interface Pdf417PngOptions {
  columns?: number;
  /** Pixels per module. */
  scale?: number;
  macro?: MacroPdf417;
}

const BYTE_MODE_MULTIPLE_OF_6 = 924;
const BYTE_MODE = 901;
const MACRO_BLOCK = 928;
const MACRO_OPTIONAL_FIELD = 923;
const MACRO_SEGMENT_COUNT = 1;
const MACRO_TERMINATOR = 922;
const PAD = 900;
const MAX_ROWS = 90;

function base900(value: bigint, width = 1): number[] {
  const digits: number[] = [];
  let rest = value;
  do {
    digits.unshift(Number(rest % 900n));
    rest /= 900n;
  } while (rest > 0n);
  while (digits.length < width) digits.unshift(0);
  return digits;
}

/** Byte compaction: six bytes as five base-900 codewords, the rest one codeword per byte. */
function byteCompaction(bytes: Uint8Array): number[] {
  const codewords = [bytes.length % 6 === 0 ? BYTE_MODE_MULTIPLE_OF_6 : BYTE_MODE];
  let at = 0;
  for (; at + 6 <= bytes.length; at += 6) {
    let group = 0n;
    for (const byte of bytes.subarray(at, at + 6)) group = group * 256n + BigInt(byte);
    codewords.push(...base900(group, 5));
  }
  for (; at < bytes.length; at++) codewords.push(bytes[at] ?? 0);
  return codewords;
}

/** Numeric compaction of a number as the macro fields want it: a leading 1, then the digits. */
const numeric = (digits: string, width = 1): number[] => base900(BigInt(`1${digits}`), width);

function macroControlBlock(macro: MacroPdf417): number[] {
  const fileId = /^(\d{3})+$/.test(macro.fileId) ? (macro.fileId.match(/\d{3}/g) ?? []).map(Number) : [];
  if (fileId.length === 0 || fileId.some((codeword) => codeword >= 900)) throw new Error('fileId: digits in groups of three, each below 900');
  const block = [MACRO_BLOCK, ...numeric(String(macro.segmentIndex).padStart(5, '0'), 2), ...fileId];
  if (macro.segmentCount !== undefined) block.push(MACRO_OPTIONAL_FIELD, MACRO_SEGMENT_COUNT, ...numeric(String(macro.segmentCount)));
  if (macro.last) block.push(MACRO_TERMINATOR);
  return block;
}

/** The error correction level ISO/IEC 15438 recommends for this many data codewords. */
function recommendedEcLevel(dataCodewords: number): number {
  if (dataCodewords <= 40) return 2;
  if (dataCodewords <= 160) return 3;
  if (dataCodewords <= 320) return 4;
  return 5;
}

/** The codewords of a full symbol (without length descriptor and error correction) and its level. */
export function pdf417Codewords(bytes: Uint8Array, columns: number, macro?: MacroPdf417): { codewords: number[]; ecLevel: number } {
  const data = byteCompaction(bytes);
  const control = macro ? macroControlBlock(macro) : [];
  const used = data.length + control.length;
  const ecLevel = recommendedEcLevel(used);
  const errorCodewords = 2 ** (ecLevel + 1);
  const rows = Math.max(3, Math.ceil((used + 1 + errorCodewords) / columns));
  if (rows > MAX_ROWS) throw new Error(`${bytes.length} bytes do not fit ${columns} columns`);
  const padding = rows * columns - errorCodewords - 1 - used;
  return { codewords: [...data, ...new Array<number>(padding).fill(PAD), ...control], ecLevel };
}

/** bwip-js's options for the symbol: the codewords raw, the size and level computed above. */
function bwipOptions(bytes: Uint8Array, options: Pdf417PngOptions) {
  const columns = options.columns ?? 13;
  const { codewords, ecLevel } = pdf417Codewords(bytes, columns, options.macro);
  return {
    bcid: 'pdf417',
    text: codewords.map((codeword) => `^${String(codeword).padStart(3, '0')}`).join(''),
    raw: true,
    columns,
    eclevel: ecLevel,
  } as Parameters<typeof bwipjs.toBuffer>[0];
}

/** A PDF417 symbol holding `bytes`, as a PNG on white with a quiet zone. */
export async function pdf417Png(bytes: Uint8Array, options: Pdf417PngOptions = {}): Promise<Uint8Array> {
  const png = await bwipjs.toBuffer({ ...bwipOptions(bytes, options), scale: options.scale ?? 2, padding: 4, backgroundcolor: 'FFFFFF' });
  return new Uint8Array(png);
}

/**
 * The same symbol as vector paths (SVG path data in module units, y downwards) and its size:
 * statement generators draw barcodes as paths rather than images.
 */
export interface Pdf417Path {
  path: string;
  width: number;
  height: number;
  /** Path units per module: a row of a symbol is 17 modules per column and 69 more wide. */
  moduleWidth: number;
}

export function pdf417Path(bytes: Uint8Array, options: Pdf417PngOptions = {}): Pdf417Path {
  const svg = bwipjs.toSVG({ ...bwipOptions(bytes, options), scale: 1 });
  const [, width = '0', height = '0'] = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg) ?? [];
  const path = [...svg.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1]).join(' ');
  const modules = 17 * (options.columns ?? 13) + 69;
  return { path, width: Number(width), height: Number(height), moduleWidth: Number(width) / modules };
}
