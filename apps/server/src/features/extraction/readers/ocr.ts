import type { DocumentReader } from '../reader.js';
import { recognizeImage, type OcrPage } from './ocr-engine.js';
import { pdfPagesForOcr, photoForOcr } from './ocr-images.js';
import { looksLikePdf, PDF_CONTENT_TYPE } from '../pdf-document.js';
import { countWords, MAX_TEXT_LENGTH, textFieldsOf, textReadResult } from './text-read-result.js';

export const OCR_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Fewer words than this and the picture holds no text worth reading (a photo of a landscape). */
export const MIN_OCR_WORDS = 3;

/**
 * Reads photos and scanned PDF pages with OCR in German, French, Italian and English (issue 29,
 * last reader). Runs after the text layer, so a PDF here is a scan. null for other file types and
 * for pictures without text; a picture or PDF that cannot be opened fails with DAMAGED_FILE.
 */
export const readOcr: DocumentReader = async ({ bytes, contentType }) => {
  let images: Buffer[];
  if (contentType === PDF_CONTENT_TYPE || looksLikePdf(bytes)) images = await pdfPagesForOcr(bytes);
  else if ((OCR_IMAGE_TYPES as readonly string[]).includes(contentType)) images = [await photoForOcr(bytes)];
  else return null;

  const pages: OcrPage[] = [];
  // One picture at a time: the worker is shared, and memory stays that of one page.
  for (const image of images) pages.push(await recognizeImage(image));
  const read = pages.filter((page) => countWords(page.text) > 0);
  const text = read
    .map((page) => page.text)
    .join('\n')
    .slice(0, MAX_TEXT_LENGTH);
  if (countWords(text) < MIN_OCR_WORDS) return null;
  const meanConfidence = read.reduce((sum, page) => sum + page.confidence, 0) / read.length;
  return textReadResult(text, textFieldsOf(text), 'ocr', meanConfidence / 100);
};
