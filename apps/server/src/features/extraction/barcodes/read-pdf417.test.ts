import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { UnreadableDocument } from '../reader.js';
import { photographPage } from '../test-documents/page-photo.js';
import { pdf417Path, pdf417Png } from '../test-documents/pdf417.js';
import { pdfWithImages, pdfWithVectorSymbols } from '../test-documents/pdf-with-images.js';
import { assembleFromSymbols, readPdf417Symbols, type Pdf417Symbol } from './read-pdf417.js';

const pdfInput = (bytes: Uint8Array) => ({ bytes, contentType: 'application/pdf', fileName: 'statement.pdf' });
const imageInput = (bytes: Uint8Array, contentType: string) => ({ bytes, contentType, fileName: 'photo' });

/** Bytes that look like nothing in particular: every value 0..255 occurs, text would mangle them. */
function payload(length: number, seed: number): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (i * 73 + seed * 151 + (i >> 3)) % 256);
}

// Rendering pages takes seconds on a busy machine: a generous limit, no timing asserted.
describe('readPdf417Symbols', { timeout: 60_000 }, () => {
  it('reads a Macro PDF417 set of equal symbols over two pages back byte for byte, with its place in the set, in order', async () => {
    const fileId = '012345678';
    const payloads = Array.from({ length: 8 }, (_, i) => payload(420, i));
    const symbols = await Promise.all(
      payloads.map((bytes, segmentIndex) =>
        pdf417Png(bytes, { macro: { segmentIndex, fileId, segmentCount: payloads.length, last: segmentIndex === payloads.length - 1 } }),
      ),
    );
    const pdf = await pdfWithImages([symbols.slice(0, 6), symbols.slice(6)]);

    const read = await readPdf417Symbols(pdfInput(pdf));

    expect(read.map((symbol) => symbol.page)).toEqual([1, 1, 1, 1, 1, 1, 2, 2]);
    expect(read.map((symbol) => Buffer.from(symbol.bytes))).toEqual(payloads.map((bytes) => Buffer.from(bytes)));
    expect(read.map((symbol) => symbol.macro)).toEqual(payloads.map((_, segmentIndex) => ({ segmentIndex, segmentCount: 8, fileId })));
  });

  it('reads plain symbols without macro metadata, and a macro symbol that gives no count', async () => {
    const plain = payload(200, 9);
    const macro = payload(120, 3);
    const pdf = await pdfWithImages([[await pdf417Png(plain), await pdf417Png(macro, { macro: { segmentIndex: 2, fileId: '899001' } })]]);

    const read = await readPdf417Symbols(pdfInput(pdf));

    // Symbols of different heights side by side: zxing's corners do not tell their row apart reliably.
    expect(read).toHaveLength(2);
    expect(read).toContainEqual({ bytes: plain, page: 1 });
    expect(read).toContainEqual({ bytes: macro, page: 1, macro: { segmentIndex: 2, fileId: '899001' } });
  });

  it('reads symbols drawn as vector paths, as statement generators print them', async () => {
    const first = payload(300, 5);
    const second = payload(300, 6);
    const macro = (segmentIndex: number) => ({ segmentIndex, fileId: '555', segmentCount: 2, last: segmentIndex === 1 });
    const pdf = await pdfWithVectorSymbols([pdf417Path(first, { macro: macro(0) }), pdf417Path(second, { macro: macro(1) })]);

    const read = await readPdf417Symbols(pdfInput(pdf));

    expect(read.map((symbol) => [Buffer.from(symbol.bytes), symbol.macro?.segmentIndex])).toEqual([
      [Buffer.from(first), 0],
      [Buffer.from(second), 1],
    ]);
  });

  it('reads small symbols (0.18 mm modules) too', async () => {
    const bytes = payload(400, 8);
    const pdf = await pdfWithVectorSymbols([pdf417Path(bytes)], 0.5);

    expect(await readPdf417Symbols(pdfInput(pdf))).toEqual([{ bytes, page: 1 }]);
  });

  it('reads the last pages with symbols and skips the text pages before them', async () => {
    const pdf = await PDFDocument.create();
    for (let i = 0; i < 4; i++) pdf.addPage().drawText(`Page ${i + 1} of the statement`, { x: 50, y: 700 });
    const barcodes = await PDFDocument.load(await pdfWithImages([[await pdf417Png(payload(90, 1))]]));
    const [page] = await pdf.copyPages(barcodes, [0]);
    pdf.addPage(page);

    const read = await readPdf417Symbols(pdfInput(await pdf.save()));

    expect(read).toEqual([{ bytes: payload(90, 1), page: 5 }]);
  });

  it('reads from the first page on when asked to, where reading from the end gives up', async () => {
    const pdf = await PDFDocument.load(await pdfWithImages([[await pdf417Png(payload(90, 2))]]));
    for (let i = 0; i < 4; i++) pdf.addPage().drawText(`Appendix ${i + 1}`, { x: 50, y: 700 });
    const bytes = await pdf.save();

    expect(await readPdf417Symbols(pdfInput(bytes), { pageOrder: 'first-last' })).toEqual([{ bytes: payload(90, 2), page: 1 }]);
    expect(await readPdf417Symbols(pdfInput(bytes))).toEqual([]);
  });

  it('reads a photographed page (scaled, margins around the symbols) as PNG and as JPEG', async () => {
    const bytes = payload(250, 4);
    const pdf = await pdfWithImages([[await pdf417Png(bytes, { macro: { segmentIndex: 0, fileId: '100200', last: true } })]]);
    const expected = [{ bytes, page: 1, macro: { segmentIndex: 0, segmentCount: 1, fileId: '100200' } }];

    expect(await readPdf417Symbols(imageInput(await photographPage(pdf, 1, 2.7, 'png'), 'image/png'))).toEqual(expected);
    expect(await readPdf417Symbols(imageInput(await photographPage(pdf, 1, 2.7, 'jpeg'), 'image/jpeg'))).toEqual(expected);
  });

  it('finds nothing in a PDF or image without barcodes', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText('No barcode here', { x: 50, y: 700 });
    const blankPage = await pdfWithImages([[]]);

    expect(await readPdf417Symbols(pdfInput(await pdf.save()))).toEqual([]);
    expect(await readPdf417Symbols(imageInput(await photographPage(blankPage, 1, 1, 'png'), 'image/png'))).toEqual([]);
  });

  it('calls a PDF or image that cannot be opened a damaged file', async () => {
    const junk = payload(5000, 7);
    const truncatedPng = (await pdf417Png(payload(50, 1))).slice(0, 60);

    await expect(readPdf417Symbols(pdfInput(junk))).rejects.toEqual(expect.objectContaining({ code: 'DAMAGED_FILE' }));
    await expect(readPdf417Symbols(imageInput(junk, 'image/jpeg'))).rejects.toBeInstanceOf(UnreadableDocument);
    await expect(readPdf417Symbols(imageInput(truncatedPng, 'image/png'))).resolves.toEqual([]);
  });

  it('leaves other file types to other readers', async () => {
    expect(await readPdf417Symbols({ bytes: payload(100, 1), contentType: 'text/plain', fileName: 'a.txt' })).toEqual([]);
  });
});

describe('assembleFromSymbols', { timeout: 60_000 }, () => {
  it('reads again thoroughly, and assembles again, only when a symbol is missing', async () => {
    const payloads = [payload(300, 11), payload(300, 12)];
    const macro = (segmentIndex: number) => ({ macro: { segmentIndex, fileId: '777', segmentCount: 2, last: segmentIndex === 1 } });
    const pdf = await pdfWithImages([[await pdf417Png(payloads[0]!, macro(0)), await pdf417Png(payloads[1]!, macro(1))]]);
    const seen: number[] = [];
    const assembled = await assembleFromSymbols(pdfInput(pdf), {}, (symbols: Pdf417Symbol[]) => {
      seen.push(symbols.length);
      // As a standard's reader answers a set it finds short.
      if (seen.length === 1) throw new UnreadableDocument('SEGMENTS_INCOMPLETE', 'Symbol 2 of 2 was not read');
      return symbols.map((symbol) => symbol.macro?.segmentIndex);
    });
    expect(seen).toEqual([2, 2]);
    expect(assembled).toEqual([0, 1]);

    // Any other refusal ends the read: no second reading.
    const refused = assembleFromSymbols(pdfInput(pdf), {}, () => {
      seen.push(-1);
      throw new UnreadableDocument('NOT_STANDARD_PAYLOAD', 'not ours');
    });
    await expect(refused).rejects.toEqual(expect.objectContaining({ code: 'NOT_STANDARD_PAYLOAD' }));
    expect(seen).toEqual([2, 2, -1]);
  });
});
