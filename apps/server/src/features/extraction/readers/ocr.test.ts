import { readdirSync } from 'node:fs';
import { suggestCategory, type TextFields } from '@taxli/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { blankPhoto, phonePhotoOfText, photoOfText, pngHeaderOnly, scannedPdf } from '../../../test/text-documents.js';
import type { ReadResult } from '../reader.js';
import { readOcr } from './ocr.js';
import { closeOcr } from './ocr-engine.js';

/** OCR is slow: one photo and one scan are read, the rest is refused before OCR or is blank. */
afterAll(closeOcr);

const photo = (bytes: Uint8Array, contentType = 'image/png') => ({ bytes, contentType, fileName: 'photo.png' });
const keywordsOf = (result: ReadResult | null) => (result?.fields as TextFields).keywords;

// Generous: the first read starts the worker and loads four languages, on a machine shared with the whole suite.
describe('readOcr', { timeout: 120_000 }, () => {
  it('reads a phone photo of a German salary statement: stored sideways, slightly turned, speckled', async () => {
    const image = await phonePhotoOfText(
      ['Muster AG, Zürich', 'Lohnausweis 2025', 'Bruttolohn CHF 68 000.00', 'Nettolohn CHF 59 120.00', 'Die Angaben sind für die Steuererklärung bestimmt.'],
      { rotation: 1.5, specks: 400 },
    );
    const result = await readOcr(photo(image, 'image/jpeg'));
    expect(result).toMatchObject({ kind: 'text', source: 'ocr' });
    expect(keywordsOf(result)).toEqual(expect.arrayContaining(['lohnausweis', 'bruttolohn', 'nettolohn']));
    expect(result!.confidence).toBeGreaterThan(0.6);
    expect(result!.confidence).toBeLessThanOrEqual(1);
    expect(suggestCategory({ kind: 'text', fields: result!.fields, keywords: keywordsOf(result) }, 1, [])).toBe(5);
  });

  it('fails a picture that is not one, and refuses a picture too large to decode', async () => {
    await expect(readOcr(photo(new TextEncoder().encode('not a picture at all'), 'image/jpeg'))).rejects.toMatchObject({ code: 'DAMAGED_FILE' });
    // a picture's header without the picture (it crashes @napi-rs/canvas: ocr-images.ts)
    await expect(readOcr(photo(pngHeaderOnly(100, 100)))).rejects.toMatchObject({ code: 'DAMAGED_FILE' });
    await expect(readOcr(photo(photoOfText(['Lohnausweis']).subarray(0, 300)))).rejects.toMatchObject({ code: 'DAMAGED_FILE' });
    await expect(readOcr(photo(pngHeaderOnly(20_000, 20_000)))).rejects.toMatchObject({ code: 'MEMORY_LIMIT_EXCEEDED' });
  });

  it('reads a scanned French bank statement from its rendered page, after a failed picture', async () => {
    const scan = await scannedPdf(['Banque Cantonale', 'Relevé de compte au 31 décembre 2025', 'Solde du compte: CHF 12 400.50', 'Nous vous remercions de votre confiance.']);
    const result = await readOcr({ bytes: scan, contentType: 'application/pdf', fileName: 'scan.pdf' });
    expect(result).toMatchObject({ kind: 'text', source: 'ocr' });
    expect(keywordsOf(result)).toEqual(expect.arrayContaining(['relevé de compte', 'solde du compte']));
    expect(suggestCategory({ kind: 'text', fields: result!.fields, keywords: keywordsOf(result) }, 5, [])).toBe(1);
  });

  it('leaves no language data or cache on disk', () => {
    expect(readdirSync(process.cwd()).filter((name) => name.includes('traineddata'))).toEqual([]);
  });

  it('finds nothing on a blank sheet', async () => {
    expect(await readOcr(photo(blankPhoto()))).toBeNull();
  });

  it('leaves other file types to the other readers', async () => {
    expect(await readOcr({ bytes: new TextEncoder().encode('Lohnausweis'), contentType: 'text/plain', fileName: 'notes.txt' })).toBeNull();
  });
});
