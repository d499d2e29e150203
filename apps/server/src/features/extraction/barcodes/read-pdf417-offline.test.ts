import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pdf417Png } from '../test-documents/pdf417.js';
import { readPdf417Symbols } from './read-pdf417.js';

/**
 * Its own file, so that zxing's wasm and pdf.js's fonts are loaded here for the first time: the
 * machine reaches no CDN, and a reader that fetched would fail in production only.
 */
describe('readPdf417Symbols without a network', { timeout: 60_000 }, () => {
  const fetched: string[] = [];
  beforeAll(() => {
    vi.stubGlobal('fetch', (url: unknown) => {
      fetched.push(String(url));
      return Promise.reject(new Error('No network in this test'));
    });
  });
  afterAll(() => vi.unstubAllGlobals());

  it('loads the decoder, fonts and everything else from node_modules', async () => {
    const bytes = Uint8Array.from({ length: 120 }, (_, i) => (i * 37) % 256);
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([842, 595]);
    page.drawText('Steuerauszug 2025 – Übersicht', { x: 40, y: 540, size: 18 });
    page.drawImage(await pdf.embedPng(await pdf417Png(bytes)), { x: 40, y: 300, width: 400, height: 150 });

    const read = await readPdf417Symbols({ bytes: await pdf.save(), contentType: 'application/pdf', fileName: 'statement.pdf' });

    expect(read).toEqual([{ bytes, page: 1 }]);
    expect(fetched).toEqual([]);
  });
});
