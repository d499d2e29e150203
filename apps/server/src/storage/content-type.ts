import type { DocumentKind } from '@taxli/domain';

/**
 * The type of a document from its first bytes, never from the name or the client's claim: the
 * download answers with it (plus nosniff), and only a few types may ever be shown inline.
 */
const SIGNATURES: { type: string; bytes: number[]; offset?: number }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { type: 'image/webp', bytes: [0x57, 0x45, 0x42, 0x50], offset: 8 },
  { type: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
];

/**
 * Enough to find markup in the head of a text, tell text from binary, and read the first entries
 * of a ZIP (an Office or OpenDocument file's `[Content_Types].xml` or `mimetype`).
 */
export const SNIFF_BYTES = 512;

export function sniffContentType(head: Buffer): string {
  for (const { type, bytes, offset = 0 } of SIGNATURES) {
    if (bytes.every((byte, i) => head[offset + i] === byte)) return type;
  }
  return 'application/octet-stream';
}

/** Types a browser renders without running anything of the document's own (with a sandbox CSP). */
export const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * What a file is by its first bytes (DECISIONS D7): one of the document kinds the uploads accept
 * (`DocumentKind`, whose file-name extensions the domain lists), or something they refuse.
 */
export type ContentKind = DocumentKind | 'gif' | 'zip' | 'executable' | 'html' | 'binary';

const EXECUTABLE_SIGNATURES = [
  [0x4d, 0x5a], // MZ: Windows executables
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O, and universal binaries
  [0x23, 0x21], // #! scripts
];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // .doc, .xls (Compound File)
const TIFF = [
  [0x49, 0x49, 0x2a, 0x00],
  [0x4d, 0x4d, 0x00, 0x2a],
  [0x49, 0x49, 0x2b, 0x00],
  [0x4d, 0x4d, 0x00, 0x2b], // little- and big-endian, classic and BigTIFF
];
/** ISO base media `ftyp` brands of HEIC/HEIF still images (not videos, not AVIF). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

/**
 * Markup anywhere in a text's head, in any case: a browser or a desktop program may render it as
 * HTML, SVG or XML and run what it holds. Plain text may contain '<' and '>' otherwise.
 */
const MARKUP =
  /<(?:!doctype|\?xml|!\[cdata\[|html|head|body|script|svg|iframe|frameset|frame|object|embed|applet|img|image|meta|link|style|form|base|math|a|hta:application)(?=[\s>/:]|$)/i;

const startsWith = (head: Buffer, bytes: readonly number[], offset = 0) => bytes.every((byte, i) => head[offset + i] === byte);

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Valid UTF-8 (a byte-order mark allowed) without NUL or control characters other than tab, line
 * breaks and form feed. A head cut by the sniffing limit may end inside a character.
 */
function textOf(head: Buffer): string | undefined {
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return undefined;
    if (byte === 0x7f) return undefined;
  }
  const cut = head.length === SNIFF_BYTES ? 3 : 0;
  for (let drop = 0; drop <= cut; drop++) {
    try {
      return UTF8.decode(head.subarray(0, head.length - drop));
    } catch {
      // not (yet) valid: maybe the last character is cut
    }
  }
  return undefined;
}

interface ZipEntry {
  name: string;
  /** The entry's bytes when stored uncompressed and within the head. */
  stored?: Buffer;
}

/** The entries whose local headers lie in the head, in order, as far as the head lets them be walked. */
function zipEntries(head: Buffer): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let at = 0;
  while (at + 30 <= head.length && startsWith(head, [0x50, 0x4b, 0x03, 0x04], at)) {
    const flags = head.readUInt16LE(at + 6);
    const method = head.readUInt16LE(at + 8);
    const size = head.readUInt32LE(at + 18);
    const nameLength = head.readUInt16LE(at + 26);
    const extraLength = head.readUInt16LE(at + 28);
    const nameEnd = at + 30 + nameLength;
    if (nameEnd > head.length) break;
    const dataStart = nameEnd + extraLength;
    const entry: ZipEntry = { name: head.toString('latin1', at + 30, nameEnd) };
    if (method === 0 && dataStart + size <= head.length) entry.stored = head.subarray(dataStart, dataStart + size);
    entries.push(entry);
    // Sizes given after the data (flag bit 3) leave the next header's place unknown.
    if (flags & 0x08) break;
    at = dataStart + size;
  }
  return entries;
}

const ODF_KINDS: Record<string, ContentKind> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
};
/** Parts only an Office Open XML package has; Word and Excel write `[Content_Types].xml` first. */
const OOXML_PART = /^(?:\[Content_Types\]\.xml|_rels\/\.rels|docProps\/|word\/|xl\/)/;

/**
 * A ZIP by its structure: OpenDocument has a stored `mimetype` entry first, naming its kind; Office
 * Open XML has its content-types part, or its package relations, Word or Excel parts. Macros seen
 * in the head (`vbaProject.bin`) and any other archive stay a plain 'zip', which no route accepts.
 */
function zipKind(head: Buffer): ContentKind {
  const entries = zipEntries(head);
  const [first] = entries;
  if (entries.some((entry) => /vbaProject\.bin$/i.test(entry.name))) return 'zip';
  if (first?.name === 'mimetype') return (first.stored && ODF_KINDS[first.stored.toString('latin1')]) || 'zip';
  return entries.some((entry) => OOXML_PART.test(entry.name)) ? 'ooxml' : 'zip';
}

export function contentKind(head: Buffer): ContentKind {
  if (EXECUTABLE_SIGNATURES.some((signature) => startsWith(head, signature))) return 'executable';
  if (startsWith(head, OLE)) return 'ole';
  if (TIFF.some((signature) => startsWith(head, signature))) return 'tiff';
  if (startsWith(head, [0x66, 0x74, 0x79, 0x70], 4) && HEIF_BRANDS.has(head.toString('latin1', 8, 12))) return 'heif';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  const type = sniffContentType(head);
  if (type === 'application/pdf') return 'pdf';
  if (type === 'image/png') return 'png';
  if (type === 'image/jpeg') return 'jpeg';
  if (type === 'image/gif') return 'gif';
  if (type === 'application/zip') return zipKind(head);
  const text = textOf(head);
  if (text === undefined) return 'binary';
  return MARKUP.test(text) ? 'html' : 'text';
}
