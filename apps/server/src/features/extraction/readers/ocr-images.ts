import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { UnreadableDocument } from '../reader.js';
import { readImageSize } from './image-size.js';
import { openPdf } from './pdf-document.js';

/**
 * The pictures OCR reads, as PNG bytes: a photo scaled to a size tesseract reads well, or the
 * first pages of a scanned PDF rendered. Limits keep one document's memory bounded: a picture
 * larger than MAX_SOURCE_PIXELS is refused before decoding, and no picture handed to OCR has a side
 * longer than MAX_OCR_SIDE (an A4 page at about 300 dpi).
 */
export const MAX_SOURCE_PIXELS = 50_000_000;
export const MAX_OCR_SIDE = 3500;
/** Scanned pages are rendered at this resolution, which tesseract reads well. */
const RENDER_DPI = 200;
/** Only the first pages of a scan are read: what a document is shows on them. */
export const OCR_PAGE_LIMIT = 3;

/** The scale that fits a width × height picture within MAX_OCR_SIDE, never enlarging beyond `preferred`. */
function fittingScale(width: number, height: number, preferred: number): number {
  return Math.min(preferred, MAX_OCR_SIDE / Math.max(width, height));
}

/** A photo (JPEG, PNG or WebP) as PNG bytes within the size limits, on white (transparency reads as black). */
export async function photoForOcr(bytes: Uint8Array): Promise<Buffer> {
  const size = readImageSize(bytes);
  if (!size || size.width === 0 || size.height === 0) throw new UnreadableDocument('DAMAGED_FILE', 'The image could not be opened');
  if (size.width * size.height > MAX_SOURCE_PIXELS) throw new UnreadableDocument('MEMORY_LIMIT_EXCEEDED', 'The image is too large to read');
  const image = await loadImage(Buffer.from(bytes)).catch(() => {
    throw new UnreadableDocument('DAMAGED_FILE', 'The image could not be decoded');
  });
  const scale = fittingScale(image.width, image.height, 1);
  const canvas = createCanvas(Math.max(1, Math.round(image.width * scale)), Math.max(1, Math.round(image.height * scale)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.encode('png');
}

type RenderParameters = Parameters<PDFPageProxy['render']>[0];
/** The canvas pdfjs makes in Node (its own @napi-rs/canvas), as far as this file uses it. */
interface PdfCanvas {
  canvas: { width: number; height: number; encode(format: 'png'): Promise<Buffer> };
  context: NonNullable<RenderParameters['canvasContext']>;
}
interface PdfCanvasFactory {
  create(width: number, height: number): PdfCanvas;
  destroy(canvas: PdfCanvas): void;
}

/** The first pages of a PDF rendered as PNG bytes. */
export async function pdfPagesForOcr(bytes: Uint8Array, pageLimit = OCR_PAGE_LIMIT): Promise<Buffer[]> {
  const pdf = await openPdf(bytes);
  const factory = pdf.canvasFactory as PdfCanvasFactory;
  try {
    const images: Buffer[] = [];
    for (let number = 1; number <= Math.min(pdf.numPages, pageLimit); number++) {
      const page = await pdf.getPage(number);
      const unscaled = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: fittingScale(unscaled.width, unscaled.height, RENDER_DPI / 72) });
      const target = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      try {
        const canvas = target.canvas as unknown as RenderParameters['canvas'];
        await page.render({ canvasContext: target.context, canvas, viewport, background: '#ffffff' }).promise;
        images.push(await target.canvas.encode('png'));
      } catch {
        throw new UnreadableDocument('DAMAGED_FILE', `Page ${number} of the PDF could not be rendered`);
      } finally {
        factory.destroy(target);
        page.cleanup();
      }
    }
    return images;
  } finally {
    await pdf.destroy();
  }
}
