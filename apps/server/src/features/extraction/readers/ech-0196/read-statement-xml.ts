import type { EchStatementFields } from '@taxli/domain';
import { UnreadableDocument } from '../../reader.js';
import { mapStatementFields } from './map-statement-fields.js';
import { decodeXmlText, parseXmlTree, type XmlTree } from '../../xml-tree.js';
import { validateStatementSchema } from './validate-statement-schema.js';

export const ECH_0196_NAMESPACE = 'http://www.ech.ch/xmlns/eCH-0196/2';
/** eCH-0196 2.1 and 2.2 ("Für die Version 2.1 ist der Wert 21 und für 2.2 ist der Wert 22"). */
const MINOR_VERSIONS = new Set([21, 22]);

function isStatementRoot(tree: XmlTree): boolean {
  return tree.root?.uri === ECH_0196_NAMESPACE && tree.root.local === 'taxStatement';
}

/** Whether XML bytes claim to be an e-tax statement (its root element), without judging the rest. */
export function looksLikeStatementXml(bytes: Uint8Array): boolean {
  try {
    return isStatementRoot(parseXmlTree(decodeXmlText(bytes)));
  } catch {
    return false;
  }
}

/**
 * An e-tax statement's XML to its figures: a DOCTYPE refused, the root checked, the whole validated
 * against the standard's schema, then mapped. Throws UnreadableDocument with the reason.
 */
export async function readStatementXml(bytes: Uint8Array): Promise<EchStatementFields> {
  const xml = decodeXmlText(bytes);
  const tree = parseXmlTree(xml);
  if (!isStatementRoot(tree) || !tree.root) throw new UnreadableDocument('NOT_STANDARD_PAYLOAD', 'not an eCH-0196 taxStatement');
  if (tree.hasDoctype) throw new UnreadableDocument('SCHEMA_INVALID', 'a DOCTYPE is not allowed in an e-tax statement');
  if (!tree.wellFormed) throw new UnreadableDocument('SCHEMA_INVALID', 'the statement is not well-formed XML');

  const minorVersion = Number(tree.root.attributes.minorVersion);
  if (!MINOR_VERSIONS.has(minorVersion)) {
    throw new UnreadableDocument('SCHEMA_INVALID', 'minorVersion is neither 21 (2.1) nor 22 (2.2)');
  }
  await validateStatementSchema(xml);
  return mapStatementFields(tree.root, minorVersion);
}
