import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, VerbosityLevel, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { UnreadableDocument } from './reader.js';

/**
 * Opens an untrusted PDF with pdfjs-dist for reading words and rendering pages. The document is
 * hostile until proven otherwise: no eval of font programs, no font faces, no system fonts, and
 * every helper file (character maps, standard fonts, image decoders) read from pdfjs-dist's own
 * folder in node_modules, so nothing is ever fetched from the network.
 */
const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** An image larger than this many pixels inside a PDF is skipped rather than decoded (memory). */
const MAX_IMAGE_PIXELS = 40_000_000;

export const PDF_CONTENT_TYPE = 'application/pdf';

export function looksLikePdf(bytes: Uint8Array): boolean {
  // "%PDF-" may follow a little junk; readers accept it within the first kilobyte like pdfjs does.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const task = getDocument({
    // pdfjs takes ownership of (detaches) the buffer it gets: give it a copy.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
    useWorkerFetch: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    cMapUrl: `${PDFJS_DIR}/cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${PDFJS_DIR}/standard_fonts/`,
    wasmUrl: `${PDFJS_DIR}/wasm/`,
    iccUrl: `${PDFJS_DIR}/iccs/`,
    // Warnings may quote the document's content: errors only.
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    // A password-protected PDF is as unreadable for us as a broken one; the reason stays generic.
    throw new UnreadableDocument('DAMAGED_FILE', `The PDF could not be opened (${error instanceof Error ? error.name : 'unknown error'})`);
  }
}
