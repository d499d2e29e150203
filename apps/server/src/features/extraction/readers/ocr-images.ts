import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { UnreadableDocument } from '../reader.js';
import sharp from 'sharp';
import { grayPgm, pgm } from './gray-picture.js';
import { readImageSize } from './image-size.js';
import { openPdf } from '../pdf-document.js';

/**
 * The pictures OCR reads, as grey PGM: a photo decoded, turned upright and made smaller, or the
 * first pages of a scanned PDF rendered. Limits keep one document's memory within the OCR worker's
 * budget (500 MB for the process): a photo larger than MAX_SOURCE_PIXELS is refused before
 * anything decodes it, and no picture handed to tesseract is larger than an A4 page at about
 * 250 dpi (MAX_OCR_SIDE, MAX_OCR_PIXELS; measured in scripts/bench/ocr.mjs).
 *
 * Photos are decoded by sharp (libvips: shrinks a JPEG while decoding it, fails cleanly on broken
 * pictures), never by @napi-rs/canvas: a PNG header without its data crashes that library and the
 * whole process with it (segmentation fault, @napi-rs/canvas 0.1.100). The canvas only draws what
 * pdfjs renders, pixels pdfjs decoded itself.
 */
export const MAX_SOURCE_PIXELS = 50_000_000;
export const MAX_OCR_SIDE = 3000;
/** An A4 page at MAX_OCR_SIDE; a square photo is made smaller to this. */
export const MAX_OCR_PIXELS = 6_500_000;
const OCR_LIMITS = { maxSide: MAX_OCR_SIDE, maxPixels: MAX_OCR_PIXELS };
/** Scanned pages are rendered at this resolution, which tesseract reads well. */
const RENDER_DPI = 200;
/** Only the first pages of a scan are read: what a document is shows on them. */
export const OCR_PAGE_LIMIT = 3;

// libvips caches decoded pictures between calls and decodes on several threads: neither helps one
// picture at a time, both cost memory.
sharp.cache(false);
sharp.concurrency(1);

/** A photo (JPEG, PNG or WebP) made ready for OCR. */
export async function photoForOcr(bytes: Uint8Array): Promise<Buffer> {
  const size = readImageSize(bytes);
  if (!size || size.width === 0 || size.height === 0) throw new UnreadableDocument('DAMAGED_FILE', 'The image could not be opened');
  if (size.width * size.height > MAX_SOURCE_PIXELS) throw new UnreadableDocument('MEMORY_LIMIT_EXCEEDED', 'The image is too large to read');
  const shrink = Math.min(1, Math.sqrt(MAX_OCR_PIXELS / (size.width * size.height)));
  const box = Math.min(MAX_OCR_SIDE, Math.round(Math.max(size.width, size.height) * shrink));
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error', sequentialRead: true })
      .rotate() // upright by its EXIF orientation: phones store portraits sideways
      .resize({ width: box, height: box, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' }) // transparency on white paper
      .grayscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return pgm(data, info.width, info.height);
  } catch {
    throw new UnreadableDocument('DAMAGED_FILE', 'The image could not be decoded');
  }
}

/** The scale that fits a width × height page within MAX_OCR_SIDE, never beyond `preferred`. */
function fittingScale(width: number, height: number, preferred: number): number {
  return Math.min(preferred, MAX_OCR_SIDE / Math.max(width, height));
}

type RenderParameters = Parameters<PDFPageProxy['render']>[0];
/** The canvas pdfjs makes in Node (its own @napi-rs/canvas), as far as this file uses it. */
interface PdfCanvas {
  canvas: { width: number; height: number };
  context: NonNullable<RenderParameters['canvasContext']>;
}
interface PdfCanvasFactory {
  create(width: number, height: number): PdfCanvas;
  destroy(canvas: PdfCanvas): void;
}

/** The first pages of a PDF, rendered. */
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
        const { data, width, height } = target.context.getImageData(0, 0, target.canvas.width, target.canvas.height);
        images.push(grayPgm({ data, width, height, channels: 4 }, OCR_LIMITS));
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
