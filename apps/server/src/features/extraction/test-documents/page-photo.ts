import { openPdf } from '../pdf-document.js';
import { renderPage } from '../barcodes/render-pdf-pages.js';

/**
 * A "photo" of a PDF page: the page rendered at an odd scale (blurred module edges, margins
 * around the symbols), encoded as PNG or JPEG, as a phone or scanner would hand it in.
 */
export async function photographPage(pdfBytes: Uint8Array, pageNumber: number, scale: number, type: 'png' | 'jpeg'): Promise<Uint8Array> {
  const pdf = await openPdf(pdfBytes);
  try {
    const page = await renderPage(pdf, pageNumber, scale);
    return await page.encode(type);
  } finally {
    await pdf.destroy();
  }
}
