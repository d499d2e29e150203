import { SaxesParser } from 'saxes';
import { UnreadableDocument } from '../../reader.js';

/** One element: its namespace and local name, its unqualified attributes, its child elements. */
export interface XmlElement {
  uri: string;
  local: string;
  /** Attributes without a namespace only: eCH-0196's own (attributeFormDefault="unqualified"). */
  attributes: Record<string, string>;
  children: XmlElement[];
}

/** Deeper than any statement nests (5 levels): a bound against a stack-eating document. */
const MAX_DEPTH = 64;

export interface XmlTree {
  /** The first element, even when the document breaks later (to tell whose document it is). */
  root: XmlElement | undefined;
  wellFormed: boolean;
  hasDoctype: boolean;
}

/**
 * A namespace-aware element tree of untrusted XML. saxes never reads a DTD: a DOCTYPE is only
 * noted (the caller refuses it, since DTD entities are how XML bombs and external-entity reads get
 * in) and an entity it declares stays undefined, which makes the document not well-formed. Text
 * content is not kept: the standard's figures are all attributes.
 */
export function parseXmlTree(xml: string): XmlTree {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: XmlElement[] = [];
  const tree: XmlTree = { root: undefined, wellFormed: true, hasDoctype: false };

  parser.on('doctype', () => {
    tree.hasDoctype = true;
  });
  parser.on('error', () => {
    tree.wellFormed = false;
  });
  parser.on('opentag', (tag) => {
    if (stack.length >= MAX_DEPTH) throw new UnreadableDocument('SCHEMA_INVALID', 'the XML nests too deep');
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.uri === '' && attribute.prefix === '') attributes[attribute.local] = attribute.value;
    }
    const element: XmlElement = { uri: tag.uri, local: tag.local, attributes, children: [] };
    stack.at(-1)?.children.push(element);
    tree.root ??= element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });

  parser.write(xml).close();
  return tree;
}

/** The text of XML bytes: UTF-8 (the standard's and xmllint's encoding), a leading BOM dropped. */
export function decodeXmlText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new UnreadableDocument('NOT_STANDARD_PAYLOAD', 'the XML is not UTF-8');
  }
}
