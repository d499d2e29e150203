import { suggestCategory, type TextFields } from '@taxli/domain';
import { describe, expect, it } from 'vitest';
import { emptyPdf, scannedPdf, textPdf } from '../../../test/text-documents.js';
import { UnreadableDocument, type ReadResult } from '../reader.js';
import { readTextLayer, TEXT_LAYER_PAGE_LIMIT } from './text-layer.js';

const pdf = (bytes: Uint8Array) => ({ bytes, contentType: 'application/pdf', fileName: 'document.pdf' });

function suggestionFor(result: ReadResult | null, currentCategoryId: number): number | null {
  const fields = result?.fields as TextFields;
  return suggestCategory({ kind: result!.kind, fields, keywords: fields.keywords }, currentCategoryId, []);
}

describe('readTextLayer', () => {
  it('reads a German salary statement and suggests the salary category', async () => {
    const bytes = await textPdf([
      ['Muster AG, Bahnhofstrasse 1, 8001 Zürich', 'Lohnausweis für das Jahr 2025', 'Bruttolohn total: CHF 68 000.00', 'Nettolohn: CHF 59 120.00', 'Die Angaben sind für die Steuererklärung bestimmt.'],
    ]);
    const result = await readTextLayer(pdf(bytes));
    expect(result).toMatchObject({ kind: 'text', source: 'text', fields: { language: 'de' } });
    expect((result!.fields as TextFields).keywords).toEqual(expect.arrayContaining(['lohnausweis', 'bruttolohn', 'nettolohn']));
    expect(result!.confidence).toBeGreaterThan(0.5);
    expect(result!.confidence).toBeLessThan(1);
    expect(result!.text).toContain('Bruttolohn total');
    expect(suggestionFor(result, 1)).toBe(5);
  });

  it('reads a French bank statement and suggests bank documents', async () => {
    const bytes = await textPdf([['Banque Cantonale Vaudoise', 'Relevé de compte au 31 décembre 2025', 'Solde du compte: CHF 12 400.50', 'Nous vous remercions de votre confiance et restons à votre disposition pour les questions.']]);
    const result = await readTextLayer(pdf(bytes));
    expect(result?.fields).toMatchObject({ language: 'fr', keywords: expect.arrayContaining(['relevé de compte', 'solde du compte']) });
    expect(suggestionFor(result, 5)).toBe(1);
  });

  it('reads an Italian securities statement and suggests the securities category', async () => {
    const bytes = await textPdf([['Banca dello Stato del Cantone Ticino', 'Estratto deposito titoli al 31.12.2025', 'Deposito titoli numero 123-456', 'Il valore dei titoli della vostra relazione è indicato con la valuta.']]);
    const result = await readTextLayer(pdf(bytes));
    expect(result?.fields).toMatchObject({ language: 'it', keywords: expect.arrayContaining(['titoli', 'deposito titoli', 'estratto deposito']) });
    expect(suggestionFor(result, 1)).toBe(10);
  });

  it('reads an English insurance statement and leaves it where it already is', async () => {
    const bytes = await textPdf([['Health insurance: statement of insurance premiums 2025', 'This is your confirmation of the premiums that you paid for the year.', 'Please keep it with your tax return and contact us with any question.']]);
    const result = await readTextLayer(pdf(bytes));
    expect(result?.fields).toMatchObject({ language: 'en' });
    expect(suggestionFor(result, 4)).toBe(2);
    expect(suggestionFor(result, 2)).toBeNull();
  });

  it('reads only the first pages', async () => {
    const filler = ['Seite mit allgemeinen Angaben, ohne besondere Begriffe, nur Text für die Länge der Seite.'];
    const pages = Array.from({ length: TEXT_LAYER_PAGE_LIMIT }, () => filler);
    const bytes = await textPdf([...pages, ['Spendenbestätigung für das Jahr 2025']]);
    const result = await readTextLayer(pdf(bytes));
    expect(result).not.toBeNull();
    expect((result!.fields as TextFields).keywords).toEqual([]);
    expect(result!.text).not.toContain('Spendenbestätigung');
  });

  it('leaves a scan without a text layer, and an empty PDF, to OCR', async () => {
    expect(await readTextLayer(pdf(await scannedPdf(['Lohnausweis 2025'])))).toBeNull();
    expect(await readTextLayer(pdf(await emptyPdf()))).toBeNull();
    expect(await readTextLayer(pdf(await textPdf([['Seite 1', 'Scan 2025']])))).toBeNull();
  });

  it('leaves files that are not PDFs to the other readers', async () => {
    const result = await readTextLayer({ bytes: new TextEncoder().encode('Lohnausweis Bruttolohn'), contentType: 'image/png', fileName: 'photo.png' });
    expect(result).toBeNull();
  });

  it('fails a damaged PDF with DAMAGED_FILE', async () => {
    const junk = new Uint8Array(4096).map((_, index) => (index * 7919) % 251);
    await expect(readTextLayer(pdf(junk))).rejects.toMatchObject({ name: 'UnreadableDocument', code: 'DAMAGED_FILE' });
    const cut = (await textPdf([['Lohnausweis']])).slice(0, 40);
    await expect(readTextLayer(pdf(cut))).rejects.toBeInstanceOf(UnreadableDocument);
  });
});
