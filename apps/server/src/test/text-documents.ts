import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/**
 * Documents made of words, built here so the readers' tests need no fixtures (issue 29): PDFs
 * with a text layer, photos of text, and scans (a PDF holding only a picture of text).
 */

/** A PDF whose pages carry `pages[i]` as real text, one line after another. */
export async function textPdf(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, index) => page.drawText(line, { x: 56, y: 780 - index * 22, size: 12, font }));
  }
  return doc.save();
}

/** A PDF with one empty page: no text, no picture. */
export async function emptyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  return doc.save();
}

/** A small deterministic random source, so a "noisy" photo is the same in every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

export interface PhotoOptions {
  width?: number;
  height?: number;
  /** Degrees the page is turned, as a hand-held photo is. */
  rotation?: number;
  /** Grey specks scattered over the page. */
  specks?: number;
}

/** A PNG "photo" of a page of text: A4 at 150 dpi by default, slightly turned and speckled on request. */
export function photoOfText(lines: string[], { width = 1240, height = 1754, rotation = 0, specks = 0 }: PhotoOptions = {}): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#f4f2ec'; // paper, not pure white
  context.fillRect(0, 0, width, height);
  context.save();
  context.translate(width / 2, height / 2);
  context.rotate((rotation * Math.PI) / 180);
  context.translate(-width / 2, -height / 2);
  context.fillStyle = '#202020';
  context.font = '36px sans-serif';
  lines.forEach((line, index) => context.fillText(line, 110, 200 + index * 64));
  context.restore();
  const random = seededRandom(29);
  context.fillStyle = '#8a8a8a';
  for (let i = 0; i < specks; i++) context.fillRect(random() * width, random() * height, 2, 2);
  return canvas.toBuffer('image/png');
}

/**
 * A phone's JPEG of a page held upright: stored sideways, with the EXIF orientation (6) that tells
 * a viewer to turn it a quarter clockwise, as phones do.
 */
export async function phonePhotoOfText(lines: string[], options: PhotoOptions = {}): Promise<Buffer> {
  return sharp(photoOfText(lines, options)).rotate(-90).jpeg({ quality: 85 }).withMetadata({ orientation: 6 }).toBuffer();
}

/** A scan: a PDF whose only page is a picture of text, without a text layer. */
export async function scannedPdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const picture = await doc.embedPng(photoOfText(lines));
  const page = doc.addPage([595, 842]);
  page.drawImage(picture, { x: 0, y: 0, width: 595, height: 842 });
  return doc.save();
}

/** A picture without any text (a blank sheet). */
export function blankPhoto(): Buffer {
  const canvas = createCanvas(600, 800);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, 600, 800);
  return canvas.toBuffer('image/png');
}

/** A PNG header that declares a picture of width × height, followed by no picture at all. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header[24] = 8;
  header[25] = 2;
  return header;
}
