import { deflateRawSync } from 'node:zlib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Pdf417Symbol } from '../../barcodes/read-pdf417.js';
import { UnreadableDocument, type ReadInput } from '../../reader.js';
import {
  buildStatementPdf,
  buildStatementXml,
  compressStatement,
  expectedStatementFields,
  splitIntoSymbols,
} from '../../test-documents/ech-0196.js';
import { readEch0196 } from './read-ech-0196.js';

// The PDF417 image reader is the barcode branch's (tested there, with its second, thorough read):
// here it hands the reader the symbols a test gives it.
const barcodes = vi.hoisted(() => ({ symbols: [] as Pdf417Symbol[] }));
vi.mock('../../barcodes/read-pdf417.js', () => ({
  assembleFromSymbols: vi.fn((_input: unknown, _options: unknown, assemble: (symbols: Pdf417Symbol[]) => unknown) => Promise.resolve(assemble(barcodes.symbols))),
}));

beforeEach(() => {
  barcodes.symbols = [];
});

const pdfInput = (bytes: Uint8Array): ReadInput => ({ bytes, contentType: 'application/pdf', fileName: 'steuerauszug-2025.pdf' });

async function unreadable(read: Promise<unknown>): Promise<UnreadableDocument> {
  const error: unknown = await read.then(
    () => new Error('the read did not fail'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UnreadableDocument);
  return error as UnreadableDocument;
}

async function failureOf(read: Promise<unknown>): Promise<string> {
  return (await unreadable(read)).code;
}

/** A PDF without attachment whose barcode sheets hold `xml`. */
async function barcodeStatement(payload: Uint8Array, options: Parameters<typeof splitIntoSymbols>[1] = {}) {
  barcodes.symbols = splitIntoSymbols(payload, options);
  return pdfInput(await buildStatementPdf());
}

describe('readEch0196 from the embedded XML', () => {
  it('reads the figures exactly as the attached statement wrote them', async () => {
    const pdf = await buildStatementPdf([{ fileName: 'steuerauszug.xml', xml: buildStatementXml() }]);
    const result = await readEch0196(pdfInput(pdf));
    expect(result).toEqual({ kind: 'ech-0196', source: 'attachment', confidence: 1, fields: expectedStatementFields() });
  });

  it('prefers the attachment to the barcodes', async () => {
    barcodes.symbols = splitIntoSymbols(compressStatement('<other/>'));
    const pdf = await buildStatementPdf([{ fileName: 'steuerauszug.xml', xml: buildStatementXml() }]);
    expect((await readEch0196(pdfInput(pdf)))?.source).toBe('attachment');
  });

  it('reads a version 2.1 statement (minorVersion 21) too', async () => {
    const pdf = await buildStatementPdf([{ fileName: 'steuerauszug.xml', xml: buildStatementXml({ minorVersion: 21 }) }]);
    expect((await readEch0196(pdfInput(pdf)))?.fields).toEqual(expectedStatementFields(21));
  });

  it('reads a statement that names its schemas on the web (xsi:schemaLocation), fetching nothing', async () => {
    const xml = buildStatementXml().replace(
      'minorVersion="22">',
      'minorVersion="22" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
        'xsi:schemaLocation="http://www.ech.ch/xmlns/eCH-0196/2 http://127.0.0.1:9/eCH-0196-2-2.xsd">',
    );
    const pdf = await buildStatementPdf([{ fileName: 'steuerauszug.xml', xml }]);
    expect((await readEch0196(pdfInput(pdf)))?.fields).toEqual(expectedStatementFields());
  });

  it('reads a statement written in the ISO-8859-1 its declaration names', async () => {
    const xml = buildStatementXml().replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    const pdf = await buildStatementPdf([{ fileName: 'steuerauszug.xml', xml: Buffer.from(xml, 'latin1') }]);
    expect((await readEch0196(pdfInput(pdf)))?.fields).toEqual(expectedStatementFields());
  });

  it('keeps the document’s values out of the reason a statement failed', async () => {
    const longName = 'Muster'.repeat(30);
    const xml = buildStatementXml().replace('lastName="Muster"', `lastName="${longName}"`);
    const pdf = await buildStatementPdf([{ fileName: 'steuerauszug.xml', xml }]);
    const error = await unreadable(readEch0196(pdfInput(pdf)));
    expect(error.code).toBe('SCHEMA_INVALID');
    expect(error.message).toContain('lastName');
    expect(error.message).not.toContain('MusterMuster');
  });

  it('refuses a minorVersion the standard does not name', async () => {
    const pdf = await buildStatementPdf([{ fileName: 'steuerauszug.xml', xml: buildStatementXml({ minorVersion: 23 }) }]);
    expect(await failureOf(readEch0196(pdfInput(pdf)))).toBe('SCHEMA_INVALID');
  });

  it('passes a PDF with another XML attachment and no barcodes on to the next reader', async () => {
    const invoice = '<?xml version="1.0"?><Invoice xmlns="urn:example:invoice"><Total>12.50</Total></Invoice>';
    const pdf = await buildStatementPdf([{ fileName: 'invoice.xml', xml: invoice }]);
    expect(await readEch0196(pdfInput(pdf))).toBeNull();
  });

  it('finds the statement among several attachments', async () => {
    const pdf = await buildStatementPdf([
      { fileName: 'invoice.xml', xml: '<Invoice xmlns="urn:example:invoice"/>' },
      { fileName: 'steuerauszug.xml', xml: buildStatementXml() },
    ]);
    expect((await readEch0196(pdfInput(pdf)))?.fields).toEqual(expectedStatementFields());
  });

  it('says which rule a statement breaks when it fails the schema', async () => {
    const xml = buildStatementXml().replace('canton="ZH"', 'canton="XY"');
    const pdf = await buildStatementPdf([{ fileName: 'steuerauszug.xml', xml }]);
    const error = await unreadable(readEch0196(pdfInput(pdf)));
    expect(error.code).toBe('SCHEMA_INVALID');
    expect(error.message).toContain('canton');
  });

  it('fails a statement missing a required total', async () => {
    const xml = buildStatementXml().replace('totalWithHoldingTaxClaim="215.60" ', '');
    const pdf = await buildStatementPdf([{ fileName: 'steuerauszug.xml', xml }]);
    expect(await failureOf(readEch0196(pdfInput(pdf)))).toBe('SCHEMA_INVALID');
  });

  it('refuses a statement that brings a DOCTYPE with entities, without expanding them', async () => {
    const laughs = `<!DOCTYPE taxStatement [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>`;
    const xml = buildStatementXml()
      .replace('<?xml version="1.0" encoding="UTF-8"?>', `<?xml version="1.0" encoding="UTF-8"?>\n${laughs}`)
      .replace('name="Zürcher Musterbank AG"', 'name="&lol3;"');
    const pdf = await buildStatementPdf([{ fileName: 'steuerauszug.xml', xml }]);
    const error = await unreadable(readEch0196(pdfInput(pdf)));
    expect(error.code).toBe('SCHEMA_INVALID');
    expect(error.message).toContain('DOCTYPE');
  });
});

describe('readEch0196 from the Macro PDF417 barcode sheets', () => {
  it('reads the statement from its segments, whatever order they were read in', async () => {
    const payload = compressStatement(buildStatementXml());
    const input = await barcodeStatement(payload);
    expect(barcodes.symbols.length).toBeGreaterThan(2);
    barcodes.symbols = [...barcodes.symbols].reverse();
    [barcodes.symbols[0], barcodes.symbols[2]] = [barcodes.symbols[2]!, barcodes.symbols[0]!];
    const result = await readEch0196(input);
    expect(result).toEqual({ kind: 'ech-0196', source: 'barcode', confidence: 1, fields: expectedStatementFields() });
  });

  it('reads barcodes of a version 2.1 statement too', async () => {
    const input = await barcodeStatement(compressStatement(buildStatementXml({ minorVersion: 21 })));
    expect((await readEch0196(input))?.fields).toEqual(expectedStatementFields(21));
  });

  it('reads a bare deflate stream as well as the zlib stream BEIL2 prescribes', async () => {
    const input = await barcodeStatement(deflateRawSync(Buffer.from(buildStatementXml())));
    expect((await readEch0196(input))?.fields).toEqual(expectedStatementFields());
  });

  it('reads the barcodes of a scanned barcode sheet (an image)', async () => {
    barcodes.symbols = splitIntoSymbols(compressStatement(buildStatementXml()));
    const result = await readEch0196({ bytes: new Uint8Array([0xff, 0xd8, 0xff]), contentType: 'image/jpeg', fileName: 'scan.jpg' });
    expect(result?.source).toBe('barcode');
  });

  it('fails when a segment was not read', async () => {
    const input = await barcodeStatement(compressStatement(buildStatementXml()));
    barcodes.symbols = barcodes.symbols.filter((symbol) => symbol.macro?.segmentIndex !== 1);
    expect(await failureOf(readEch0196(input))).toBe('SEGMENTS_INCOMPLETE');
  });

  it('fails when the last segment is missing and no symbol told the count', async () => {
    const input = await barcodeStatement(compressStatement(buildStatementXml()), { withCount: false });
    const last = Math.max(...barcodes.symbols.map((symbol) => symbol.macro?.segmentIndex ?? 0));
    barcodes.symbols = barcodes.symbols.filter((symbol) => symbol.macro?.segmentIndex !== last);
    const error = await unreadable(readEch0196(input));
    expect(error.code).toBe('SEGMENTS_INCOMPLETE');
    expect(error.message).toContain('ends too early');
  });

  it('stops inflating a zip bomb at the limit', async () => {
    // 16 MB of blanks inside a statement's start tag (the limit is 8 MB) compress to 16 KB.
    const bomb = compressStatement(`<taxStatement xmlns="http://www.ech.ch/xmlns/eCH-0196/2"${' '.repeat(16 * 1024 * 1024)}/>`);
    const input = await barcodeStatement(bomb);
    expect(await failureOf(readEch0196(input))).toBe('OUTPUT_TOO_LARGE');
  });

  it('fails barcodes that hold another XML', async () => {
    const other = '<?xml version="1.0" encoding="UTF-8"?><salary xmlns="urn:example:payroll"><gross>68000.00</gross></salary>';
    const input = await barcodeStatement(compressStatement(other));
    expect(await failureOf(readEch0196(input))).toBe('NOT_STANDARD_PAYLOAD');
  });

  it('fails a taxStatement in a namespace other than eCH-0196 version 2', async () => {
    const xml = buildStatementXml().replace('http://www.ech.ch/xmlns/eCH-0196/2', 'http://www.ech.ch/xmlns/eCH-0196/1');
    const input = await barcodeStatement(compressStatement(xml));
    expect(await failureOf(readEch0196(input))).toBe('NOT_STANDARD_PAYLOAD');
  });

  it('fails barcodes whose bytes are not compressed data', async () => {
    const input = await barcodeStatement(new TextEncoder().encode('just some text, not deflated'));
    expect(await failureOf(readEch0196(input))).toBe('NOT_STANDARD_PAYLOAD');
  });

  it('fails barcodes that inflate to something that is not XML', async () => {
    const input = await barcodeStatement(compressStatement('%PDF-1.7 or anything else'));
    expect(await failureOf(readEch0196(input))).toBe('NOT_STANDARD_PAYLOAD');
  });
});

describe('readEch0196 on other documents', () => {
  it('leaves a PDF with neither attachment nor barcodes to the next reader', async () => {
    expect(await readEch0196(pdfInput(await buildStatementPdf()))).toBeNull();
  });

  it('leaves a PDF whose only PDF417 is not a Macro PDF417 to the next reader', async () => {
    barcodes.symbols = [{ bytes: new TextEncoder().encode('SPC\n0200\n1'), page: 1 }];
    expect(await readEch0196(pdfInput(await buildStatementPdf()))).toBeNull();
  });

  it('leaves a text file alone', async () => {
    const input = { bytes: new TextEncoder().encode(buildStatementXml()), contentType: 'text/plain', fileName: 'notes.txt' };
    expect(await readEch0196(input)).toBeNull();
  });

  it('fails a PDF that cannot be opened', async () => {
    const input = pdfInput(new TextEncoder().encode('%PDF-1.7\nthis is no PDF at all'));
    expect(await failureOf(readEch0196(input))).toBe('DAMAGED_FILE');
  });
});
