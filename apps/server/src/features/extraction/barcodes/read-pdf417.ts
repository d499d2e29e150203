import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ReadResult as ZXingResult } from 'zxing-wasm/reader';
import { type ReadInput, UnreadableDocument } from '../reader.js';
import { openPdf } from '../pdf-document.js';
import { renderPage } from './render-pdf-pages.js';
import { decodePdf417 } from './zxing-module.js';

/** One decoded PDF417 symbol: its bytes (binary, never text) and, for Macro PDF417, its place in the set. */
export interface Pdf417Symbol {
  bytes: Uint8Array;
  /** 1-based page of the PDF; 1 for an image. */
  page: number;
  macro?: { segmentIndex: number; segmentCount?: number; fileId: string };
}

export interface ReadPdf417Options {
  /** eCH-0196 prints its barcodes on the last pages: those are read first (the default). */
  pageOrder?: 'last-first' | 'first-last';
  /** Each page with symbols is read at a second scale too, and the two reads joined (see below). */
  thorough?: boolean;
}

/**
 * 216 dpi first: a 13-column PDF417 (module ≈ 0.25–0.4 mm) gets 2–3 pixels per module. A page
 * scaled by a non-integer factor blurs module edges, and each grid loses a different symbol now
 * and then (two symbols side by side especially); a thorough read therefore reads a page with
 * symbols again at 144 dpi and joins the two reads. A page without any at 216 dpi is not read again.
 */
const FIRST_SCALE = 3;
const SECOND_SCALE = 2;
/**
 * 300 dpi, for small modules (0.18 mm reads only here): tried on the first page read when 216 dpi
 * finds nothing there, and kept for the document's other pages when it finds symbols.
 */
const FINE_SCALE = 300 / 72;
/** No document of ours has more pages of barcodes; past this a PDF is not read further. */
const MAX_PAGES_READ = 30;
/** Barcodes sit on the last pages: this many pages without any, from the start of reading, end it. */
const MAX_PAGES_WITHOUT_SYMBOLS = 3;

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);

/**
 * The symbols of a document, handed to `assemble` (a standard's reader, which knows how many
 * symbols make its payload): read quickly, one scale a page, and only when `assemble` finds a
 * symbol missing (SEGMENTS_INCOMPLETE) read thoroughly and assembled again. Most documents are
 * complete at the first scale; the second costs about as much again.
 */
export async function assembleFromSymbols<T>(
  input: ReadInput,
  options: Omit<ReadPdf417Options, 'thorough'>,
  assemble: (symbols: Pdf417Symbol[]) => T | Promise<T>,
): Promise<T> {
  try {
    return await assemble(await readPdf417Symbols(input, options));
  } catch (error) {
    if (!(error instanceof UnreadableDocument) || error.code !== 'SEGMENTS_INCOMPLETE') throw error;
    return assemble(await readPdf417Symbols(input, { ...options, thorough: true }));
  }
}

/** Shared by the readers that run one after the other on the same bytes: a PDF is rendered once. */
const cache = new WeakMap<Uint8Array, Map<string, Promise<Pdf417Symbol[]>>>();

/**
 * The PDF417 symbols of a PDF or a photo/scan (JPEG, PNG), in reading order (page, then top to
 * bottom, left to right). [] when there are none or the type is not one we render.
 * Throws UnreadableDocument('DAMAGED_FILE') for a PDF or image that cannot be opened.
 */
export async function readPdf417Symbols(input: ReadInput, options: ReadPdf417Options = {}): Promise<Pdf417Symbol[]> {
  const order = options.pageOrder ?? 'last-first';
  const thorough = options.thorough ?? false;
  const key = `${order}|${thorough}|${input.contentType}`;
  let byInput = cache.get(input.bytes);
  if (!byInput) cache.set(input.bytes, (byInput = new Map()));
  let symbols = byInput.get(key);
  if (!symbols) {
    symbols = readUncached(input, order, thorough);
    byInput.set(key, symbols);
  }
  // Each reader gets its own list: one sorting it must not reorder another's.
  return [...(await symbols)];
}

async function readUncached(input: ReadInput, order: 'last-first' | 'first-last', thorough: boolean): Promise<Pdf417Symbol[]> {
  const type = input.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/pdf') return readPdf(input.bytes, order, thorough);
  if (IMAGE_TYPES.has(type)) return readImage(input.bytes);
  return [];
}

async function readImage(bytes: Uint8Array): Promise<Pdf417Symbol[]> {
  if (!looksLikeImage(bytes)) throw new UnreadableDocument('DAMAGED_FILE', 'The image could not be opened');
  return inReadingOrder((await decodePdf417(bytes)).map((result) => placed(result, 1)), 1);
}

/** PNG or JPEG signature: zxing answers "nothing found" for bytes it cannot decode, which would hide a broken file. */
function looksLikeImage(bytes: Uint8Array): boolean {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, i) => bytes[i] === byte)) return true;
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

async function readPdf(bytes: Uint8Array, order: 'last-first' | 'first-last', thorough: boolean): Promise<Pdf417Symbol[]> {
  const pdf = await openPdf(bytes);
  try {
    const pages = Array.from({ length: pdf.numPages }, (_, i) => i + 1);
    if (order === 'last-first') pages.reverse();
    const found: Pdf417Symbol[][] = [];
    let pagesWithout = 0;
    let pagesRendered = 0;
    let [scale, checkScale] = [FIRST_SCALE, SECOND_SCALE];
    for (const [index, pageNumber] of pages.slice(0, MAX_PAGES_READ).entries()) {
      let first = await readPage(pdf, pageNumber, scale);
      if (first !== null && first.length === 0 && index === 0) {
        first = await readPage(pdf, pageNumber, FINE_SCALE);
        if (first !== null && first.length > 0) [scale, checkScale] = [FINE_SCALE, FIRST_SCALE];
      }
      if (first !== null) pagesRendered++;
      const second = thorough && first !== null && first.length > 0 ? ((await readPage(pdf, pageNumber, checkScale)) ?? []) : [];
      const symbols = inReadingOrder([...(first ?? []), ...second], pageNumber);
      if (symbols.length > 0) {
        found.push(symbols);
        continue;
      }
      // The run of pages with barcodes has ended, or none has started within the last few pages.
      if (found.length > 0 || ++pagesWithout >= MAX_PAGES_WITHOUT_SYMBOLS) break;
    }
    // A damaged page among good ones counts as a page without barcodes; only a PDF of which no page renders is damaged.
    if (pagesRendered === 0 && pages.length > 0) throw new UnreadableDocument('DAMAGED_FILE', 'No page of the PDF could be rendered');
    return found.sort((a, b) => (a[0]?.page ?? 0) - (b[0]?.page ?? 0)).flat();
  } finally {
    await pdf.destroy();
  }
}

/** A decoded symbol with its place on the page in points (pixels / scale), whatever the scale read. */
interface Placed {
  result: ZXingResult;
  top: number;
  left: number;
  height: number;
}

function placed(result: ZXingResult, scale: number): Placed {
  const { topLeft, bottomLeft } = result.position;
  return { result, top: topLeft.y / scale, left: topLeft.x / scale, height: Math.abs(bottomLeft.y - topLeft.y) / scale };
}

/** The page's symbols, or null when the page cannot be rendered. */
async function readPage(pdf: PDFDocumentProxy, pageNumber: number, scale: number): Promise<Placed[] | null> {
  const page = await renderPage(pdf, pageNumber, scale).catch(() => null);
  if (!page) return null;
  return (await decodePdf417(page.pixels)).map((result) => placed(result, page.scale));
}

/**
 * Same symbol found twice (two passes, two scales): one entry. Order: rows top to bottom, then
 * left to right. zxing's corners of a PDF417 are rough (the top may be a few rows low), so symbols
 * whose tops lie within the taller one's height count as one row.
 */
function inReadingOrder(found: Placed[], page: number): Pdf417Symbol[] {
  const unique = new Map<string, Placed>();
  for (const symbol of found) {
    const { sequenceId, sequenceIndex, bytes } = symbol.result;
    const key = `${sequenceId}|${sequenceIndex}|${Buffer.from(bytes).toString('base64')}`;
    if (!unique.has(key)) unique.set(key, symbol);
  }
  const sorted = [...unique.values()].sort((a, b) => {
    const dy = a.top - b.top;
    return Math.abs(dy) > Math.max(a.height, b.height) ? dy : a.left - b.left;
  });
  return sorted.map(({ result }) => toSymbol(result, page));
}

function toSymbol(result: ZXingResult, page: number): Pdf417Symbol {
  const symbol: Pdf417Symbol = { bytes: new Uint8Array(result.bytes), page };
  // zxing reports -1 outside a Macro PDF417 set, and a count of 0 when the symbol does not say it.
  if (result.sequenceIndex >= 0) {
    symbol.macro = { segmentIndex: result.sequenceIndex, fileId: result.sequenceId };
    if (result.sequenceSize > 0) symbol.macro.segmentCount = result.sequenceSize;
  }
  return symbol;
}
