import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** An element as parsed: attributes under '@_name', text under '#text', children by local name. */
export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

export interface ParsedXml {
  /** The root element's local name (no prefix). */
  rootName: string;
  /** The root element's namespace URI ('' when it has none). */
  namespace: string;
  root: XmlNode;
}

/** Thrown for XML that is malformed or carries a DTD. */
export class RefusedXml extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Amounts stay the strings the document wrote: "68000.00" must not become 68000.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Only XML's five predefined entities and character references are decoded: DTDs are refused before.
  processEntities: true,
  htmlEntities: false,
});

/**
 * Untrusted XML without any DTD: a DOCTYPE (and with it every entity declaration, internal or
 * external) is refused outright rather than parsed and ignored.
 */
export function parseXmlWithoutDtd(text: string): ParsedXml {
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) throw new RefusedXml('XML with a DTD is refused');
  if (XMLValidator.validate(text) !== true) throw new RefusedXml('Malformed XML');
  const document = parser.parse(text) as XmlNode;
  const rootKey = Object.keys(document).find((key) => !key.startsWith('?') && !key.startsWith('#'));
  const root = rootKey === undefined ? undefined : document[rootKey];
  if (rootKey === undefined || root === undefined || Array.isArray(root)) throw new RefusedXml('No single root element');
  const [prefix, rootName] = rootKey.includes(':') ? rootKey.split(':', 2) : ['', rootKey];
  const rootNode: XmlNode = typeof root === 'string' ? { '#text': root } : root;
  const declared = rootNode[prefix ? `@_xmlns:${prefix}` : '@_xmlns'];
  return { rootName: rootName ?? rootKey, namespace: typeof declared === 'string' ? declared : '', root: withoutPrefixes(rootNode) };
}

/** Element names by local name: documents may bind the namespace to any prefix. */
function withoutPrefixes(node: XmlNode): XmlNode {
  const out: XmlNode = {};
  for (const [key, value] of Object.entries(node)) {
    const local = key.startsWith('@_') || key.startsWith('#') ? key : key.slice(key.indexOf(':') + 1);
    out[local] = strip(value);
  }
  return out;
}

function strip(value: XmlValue): XmlValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(strip);
  return withoutPrefixes(value);
}

/** The first child element of that local name. */
export function child(node: XmlNode | undefined, name: string): XmlNode | string | undefined {
  const value = node?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || Array.isArray(first) ? undefined : first;
}

/** An element's text ('' for an empty element), or undefined when it is absent. */
export function textOf(value: XmlNode | string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  const text = value['#text'];
  return typeof text === 'string' ? text : '';
}

/** An attribute's value, or undefined. */
export function attribute(node: XmlNode | string | undefined, name: string): string | undefined {
  if (node === undefined || typeof node === 'string') return undefined;
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
}
