import { PDFDocument, rgb } from 'pdf-lib';
import type { Pdf417Path } from './pdf417.js';

/** A4 landscape, in points. */
const PAGE_WIDTH = 842;
const PAGE_HEIGHT = 595;
const MARGIN = 24;
const COLUMNS = 2;
const ROWS = 3;
export const MAX_IMAGES_PER_PAGE = COLUMNS * ROWS;

/**
 * A PDF whose pages carry PNG images (barcode symbols), as eCH-0196 and salary certificates print
 * them: landscape pages, up to six per page in two columns, left to right then down, each image
 * as large as its cell allows without distortion.
 */
export async function pdfWithImages(pages: Uint8Array[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const cellWidth = (PAGE_WIDTH - MARGIN * (COLUMNS + 1)) / COLUMNS;
  const cellHeight = (PAGE_HEIGHT - MARGIN * (ROWS + 1)) / ROWS;
  for (const images of pages) {
    if (images.length > MAX_IMAGES_PER_PAGE) throw new Error(`At most ${MAX_IMAGES_PER_PAGE} images per page`);
    const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    for (const [i, png] of images.entries()) {
      const image = await pdf.embedPng(png);
      const fit = Math.min(cellWidth / image.width, cellHeight / image.height);
      const column = i % COLUMNS;
      const row = Math.floor(i / COLUMNS);
      const x = MARGIN + column * (cellWidth + MARGIN);
      const top = PAGE_HEIGHT - MARGIN - row * (cellHeight + MARGIN);
      page.drawImage(image, { x, y: top - image.height * fit, width: image.width * fit, height: image.height * fit });
    }
  }
  return pdf.save();
}

/** Symbols split over pages of six at most, in order. */
export function pdfWithImagesInOrder(images: Uint8Array[]): Promise<Uint8Array> {
  const pages: Uint8Array[][] = [];
  for (let at = 0; at < images.length; at += MAX_IMAGES_PER_PAGE) pages.push(images.slice(at, at + MAX_IMAGES_PER_PAGE));
  return pdfWithImages(pages.length > 0 ? pages : [[]]);
}

/**
 * A one-page PDF with the symbols drawn as vector paths, one under the other, each module
 * `pointsPerModule` wide (0.85 pt = 0.3 mm, as statements print them).
 */
export async function pdfWithVectorSymbols(symbols: Pdf417Path[], pointsPerModule = 0.85): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let top = PAGE_HEIGHT - MARGIN;
  for (const symbol of symbols) {
    // drawSvgPath puts the path's origin at (x, y) and draws its y axis downwards.
    const scale = pointsPerModule / symbol.moduleWidth;
    page.drawSvgPath(symbol.path, { x: MARGIN, y: top, scale, color: rgb(0, 0, 0) });
    top -= symbol.height * scale + MARGIN;
  }
  return pdf.save();
}
