import { assembleFromSymbols } from '../barcodes/read-pdf417.js';
import type { DocumentReader } from '../reader.js';
import { UnreadableDocument } from '../reader.js';
import { readZipEntry } from '../safe-unzip.js';
import { decodeXmlText, parseXmlTree } from '../xml-tree.js';
import { assembleSalaryZip } from './salary-certificate-symbols.js';
import { txabFields } from './txab-fields.js';

/** The ZIP entry the guidelines name ("tax accounting barcode"). */
const ENTRY = 'txab';
/** A certificate's XML is about a kilobyte: anything past this is not one (or is a zip bomb). */
export const MAX_TXAB_BYTES = 4 * 1024 * 1024;

/**
 * The swissdec salary certificate (Form 11) read from its PDF417 barcode: null when the document
 * carries no such barcode (another reader may know it); a barcode with the certificate's header but
 * no certificate inside fails as NOT_STANDARD_PAYLOAD.
 */
export const readSalaryCertificate: DocumentReader = async (input) => {
  const zip = await assembleFromSymbols(input, {}, assembleSalaryZip);
  if (!zip) return null;
  const xmlBytes = readZipEntry(zip, ENTRY, MAX_TXAB_BYTES);
  if (!xmlBytes) throw new UnreadableDocument('NOT_STANDARD_PAYLOAD', `The barcode's ZIP has no entry "${ENTRY}"`);
  const { fields, ahvNumbers } = txabFields(parseXml(xmlBytes));
  return { kind: 'salary-certificate', source: 'barcode', confidence: 1, fields, ahvNumbers };
};

/** The certificate's root element: XML with a DTD, or not well-formed, is not the standard's. */
function parseXml(bytes: Uint8Array) {
  const tree = parseXmlTree(decodeXmlText(bytes));
  if (tree.hasDoctype) throw new UnreadableDocument('NOT_STANDARD_PAYLOAD', 'XML with a DTD is refused');
  if (!tree.wellFormed || !tree.root) throw new UnreadableDocument('NOT_STANDARD_PAYLOAD', 'Malformed XML');
  return tree.root;
}
