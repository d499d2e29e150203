import { SaxesParser } from 'saxes';
import { UnreadableDocument } from './reader.js';

/** One element: its namespace and local name, its unqualified attributes, its text, its child elements. */
export interface XmlElement {
  uri: string;
  local: string;
  /** Attributes without a namespace only: eCH-0196's and swissdec's own (unqualified). */
  attributes: Record<string, string>;
  /** The element's own text (not its children's), as written: amounts stay the strings they are. */
  text: string;
  children: XmlElement[];
}

/** Deeper than any standard document nests (5 levels): a bound against a stack-eating document. */
const MAX_DEPTH = 64;

export interface XmlTree {
  /** The first element, even when the document breaks later (to tell whose document it is). */
  root: XmlElement | undefined;
  wellFormed: boolean;
  hasDoctype: boolean;
}

/**
 * A namespace-aware element tree of untrusted XML, the one way the readers parse it. saxes never
 * reads a DTD: a DOCTYPE is only noted (the caller refuses it, since DTD entities are how XML bombs
 * and external-entity reads get in) and an entity it declares stays undefined, which makes the
 * document not well-formed.
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
    const element: XmlElement = { uri: tag.uri, local: tag.local, attributes, text: '', children: [] };
    stack.at(-1)?.children.push(element);
    tree.root ??= element;
    stack.push(element);
  });
  const addText = (text: string) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    stack.pop();
  });

  parser.write(xml).close();
  return tree;
}

/** The encoding an XML declaration names (`<?xml version="1.0" encoding="ISO-8859-1"?>`), if any. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  return /^(?:\uFEFF|\u00EF\u00BB\u00BF)?\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
}

function encodingOf(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return declaredEncoding(bytes) ?? 'utf-8';
}

/**
 * The text of XML bytes, in the encoding its BOM or declaration names (UTF-8 without either, as
 * the standard writes it). The declaration is rewritten to UTF-8: the text goes on to xmllint,
 * which reads it as UTF-8.
 */
export function decodeXmlText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder(encodingOf(bytes), { fatal: true }).decode(bytes);
  } catch {
    throw new UnreadableDocument('NOT_STANDARD_PAYLOAD', 'the XML is not in the encoding it names');
  }
  return text.replace(/^(\s*<\?xml[^>]*\bencoding\s*=\s*["'])[A-Za-z0-9._-]+(["'])/, '$1UTF-8$2');
}

/** The first child element of that local name. */
export const childNamed = (element: XmlElement | undefined, local: string): XmlElement | undefined => element?.children.find((c) => c.local === local);
