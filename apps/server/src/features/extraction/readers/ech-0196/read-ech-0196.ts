import { assembleFromSymbols } from '../../barcodes/read-pdf417.js';
import type { DocumentReader, ReadInput, ReadResult } from '../../reader.js';
import { assembleStatement } from './assemble-statement.js';
import { findStatementAttachment } from './find-statement-attachment.js';
import { inflatePayload } from './inflate-payload.js';
import { readStatementXml } from './read-statement-xml.js';

function isPdf({ bytes, contentType }: ReadInput): boolean {
  const magic = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return contentType === 'application/pdf' || magic.includes('%PDF-');
}

/** A scan or photo of the barcode sheets has no attachment, but may hold the barcodes. */
function isImage({ contentType }: ReadInput): boolean {
  return contentType.startsWith('image/');
}

/** Barcode pages run from the last page on (BEIL2 2.5): the barcode sheets end the document. */
async function readFromBarcodes(input: ReadInput): Promise<ReadResult | null> {
  const payload = await assembleFromSymbols(input, { pageOrder: 'last-first' }, (symbols) =>
    // No Macro PDF417 at all: not an e-tax statement's barcode sheet (a single PDF417 is someone else's).
    symbols.some((symbol) => symbol.macro) ? assembleStatement(symbols) : null,
  );
  if (!payload) return null;
  return { kind: 'ech-0196', source: 'barcode', confidence: 1, fields: await readStatementXml(inflatePayload(payload)) };
}

/**
 * eCH-0196 e-tax statements (issue 29): the XML attachment when the PDF carries one (exact and
 * cheap), else the Macro PDF417 barcode sheets. A document with neither is another reader's; one
 * with a broken statement ends with the reason (UnreadableDocument).
 */
export const readEch0196: DocumentReader = async (input) => {
  if (!isPdf(input)) return isImage(input) ? readFromBarcodes(input) : null;
  const attachment = await findStatementAttachment(input.bytes);
  if (attachment) {
    return { kind: 'ech-0196', source: 'attachment', confidence: 1, fields: await readStatementXml(attachment) };
  }
  return readFromBarcodes(input);
};
