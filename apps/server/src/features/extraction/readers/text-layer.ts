import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import type { DocumentReader } from '../reader.js';
import { looksLikePdf, openPdf, PDF_CONTENT_TYPE } from '../pdf-document.js';
import { countWords, MAX_TEXT_LENGTH, textFieldsOf, textLayerConfidence, textReadResult } from './text-read-result.js';

/** The words that say what a document is stand on its first pages. */
export const TEXT_LAYER_PAGE_LIMIT = 10;

/**
 * Fewer words than this and the PDF is a scan (perhaps with a scanner's stamp or a page number in
 * its text layer): OCR reads it instead.
 */
export const MIN_TEXT_LAYER_WORDS = 10;

/**
 * Reads the words of a PDF's text layer (issue 29, third reader). null for anything that is not a
 * PDF and for a scan without enough words (OCR is next); a PDF that cannot be opened fails with
 * DAMAGED_FILE.
 */
export const readTextLayer: DocumentReader = async ({ bytes, contentType }) => {
  if (contentType !== PDF_CONTENT_TYPE && !looksLikePdf(bytes)) return null;
  const pdf = await openPdf(bytes);
  try {
    const pages: string[] = [];
    let length = 0;
    const lastPage = Math.min(pdf.numPages, TEXT_LAYER_PAGE_LIMIT);
    for (let number = 1; number <= lastPage && length < MAX_TEXT_LENGTH; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .filter((item): item is TextItem => 'str' in item)
        .map((item) => item.str + (item.hasEOL ? '\n' : ' '))
        .join('');
      page.cleanup();
      pages.push(text);
      length += text.length;
    }
    const text = pages.join('\n').slice(0, MAX_TEXT_LENGTH);
    if (countWords(text) < MIN_TEXT_LAYER_WORDS) return null;
    const fields = textFieldsOf(text);
    return textReadResult(text, fields, 'text', textLayerConfidence(fields.keywords.length));
  } finally {
    await pdf.destroy();
  }
};
