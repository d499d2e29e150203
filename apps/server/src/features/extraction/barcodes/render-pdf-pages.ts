import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { UnreadableDocument } from '../reader.js';
import type { Pixels } from './zxing-module.js';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
const local = (folder: string): string => `${path.join(pdfjsRoot, folder)}${path.sep}`;

/**
 * Untrusted PDFs: no eval of font programs, no font faces, no system fonts, and every resource
 * (standard fonts, CMaps, image decoders' wasm, ICC profiles) read from node_modules, never fetched.
 */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const task = getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given: it gets a copy.
    data: bytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    standardFontDataUrl: local('standard_fonts'),
    cMapUrl: local('cmaps'),
    cMapPacked: true,
    wasmUrl: local('wasm'),
    iccUrl: local('iccs'),
    enableXfa: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy();
    throw new UnreadableDocument('DAMAGED_FILE', `The PDF could not be opened (${(error as Error).name})`);
  }
}

/** A canvas as pdf.js's own Node canvas factory (@napi-rs/canvas) makes it. */
export interface RenderedPage {
  pixels: Pixels;
  /** The scale used: lower than asked for a page so large it would pass MAX_PAGE_PIXELS. */
  scale: number;
  /** PNG or JPEG bytes of the rendered page (test documents photograph pages this way). */
  encode(type: 'png' | 'jpeg'): Promise<Uint8Array>;
}

interface NodeCanvas {
  width: number;
  height: number;
  encode(type: 'png' | 'jpeg', quality?: number): Promise<Uint8Array>;
}
interface NodeContext {
  getImageData(x: number, y: number, width: number, height: number): Pixels;
}

/** A4 at 300 dpi is 8.7 million pixels; a poster-sized page is rendered no larger than this. */
const MAX_PAGE_PIXELS = 16_000_000;

/** One page (1-based) rendered on white at `scale` (1 = 72 dpi), or smaller for a huge page. */
export async function renderPage(pdf: PDFDocumentProxy, pageNumber: number, requestedScale: number): Promise<RenderedPage> {
  const page = await pdf.getPage(pageNumber);
  try {
    const unscaled = page.getViewport({ scale: 1 });
    const scale = Math.min(requestedScale, Math.sqrt(MAX_PAGE_PIXELS / Math.max(1, unscaled.width * unscaled.height)));
    const viewport = page.getViewport({ scale });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    // pdf.js types its factory as Object; in Node it is its @napi-rs/canvas factory.
    const factory = pdf.canvasFactory as { create(width: number, height: number): { canvas: NodeCanvas; context: NodeContext } };
    const { canvas, context } = factory.create(width, height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport, background: 'white' }).promise;
    const pixels = context.getImageData(0, 0, width, height);
    return { pixels, scale, encode: (type) => canvas.encode(type, 92) };
  } finally {
    page.cleanup();
  }
}
