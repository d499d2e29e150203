import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { UnreadableDocument } from '../reader.js';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { grayPgm, type Pixels } from './gray-picture.js';
import { readImageSize } from './image-size.js';
import { jpegOrientation } from './jpeg-orientation.js';
import { openPdf } from './pdf-document.js';

/**
 * The pictures OCR reads, as grey PGM (gray-picture.ts): a photo decoded, turned upright and made
 * smaller, or the first pages of a scanned PDF rendered. Limits keep one document's memory within
 * the OCR worker's budget (500 MB for the process): a photo larger than MAX_SOURCE_PIXELS is
 * refused before anything decodes it, and no picture handed to tesseract is larger than an A4 page
 * at about 250 dpi (MAX_OCR_SIDE, MAX_OCR_PIXELS; measured in scripts/bench/ocr.mjs).
 *
 * Photos are decoded by pure-JavaScript decoders (jpeg-js, pngjs), never by @napi-rs/canvas: a PNG
 * header without its data crashes that native library and the whole process with it (segmentation
 * fault, @napi-rs/canvas 0.1.100). WebP has no such decoder here: tesseract decodes it inside its
 * WebAssembly, where a broken picture ends in an error, so only small WebP photos are read.
 */
export const MAX_SOURCE_PIXELS = 25_000_000;
export const MAX_OCR_SIDE = 3000;
/** An A4 page at MAX_OCR_SIDE; a square photo is made smaller to this. */
export const MAX_OCR_PIXELS = 6_500_000;
const OCR_LIMITS = { maxSide: MAX_OCR_SIDE, maxPixels: MAX_OCR_PIXELS };
/** Scanned pages are rendered at this resolution, which tesseract reads well. */
const RENDER_DPI = 200;
/** Only the first pages of a scan are read: what a document is shows on them. */
export const OCR_PAGE_LIMIT = 3;

function decodePhoto(bytes: Buffer, format: 'png' | 'jpeg'): Pixels {
  try {
    if (format === 'png') {
      const png = PNG.sync.read(bytes);
      return { data: png.data, width: png.width, height: png.height, channels: 4 };
    }
    const limits = { maxResolutionInMP: MAX_SOURCE_PIXELS / 1e6, maxMemoryUsageInMB: 256 };
    const picture = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: false, ...limits });
    return { data: picture.data, width: picture.width, height: picture.height, channels: 3 };
  } catch {
    throw new UnreadableDocument('DAMAGED_FILE', 'The image could not be decoded');
  }
}

/** A photo (JPEG, PNG or WebP) made ready for OCR. */
export function photoForOcr(bytes: Uint8Array): Buffer {
  const size = readImageSize(bytes);
  if (!size || size.width === 0 || size.height === 0) throw new UnreadableDocument('DAMAGED_FILE', 'The image could not be opened');
  if (size.width * size.height > MAX_SOURCE_PIXELS) throw new UnreadableDocument('MEMORY_LIMIT_EXCEEDED', 'The image is too large to read');
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (size.format === 'webp') {
    if (Math.max(size.width, size.height) > MAX_OCR_SIDE || size.width * size.height > MAX_OCR_PIXELS) throw new UnreadableDocument('MEMORY_LIMIT_EXCEEDED', 'The WebP image is too large to read');
    return Buffer.from(buffer);
  }
  const orientation = size.format === 'jpeg' ? jpegOrientation(buffer) : 1;
  return grayPgm(decodePhoto(buffer, size.format), OCR_LIMITS, orientation);
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
