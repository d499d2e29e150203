import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Pixels } from './zxing-module.js';

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
