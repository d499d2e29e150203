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

/** Enough to tell HTML after a byte-order mark and some white space, and text from binary. */
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
 * What a file is by its first bytes (DECISIONS D7): the uploads refuse executables and HTML by
 * content whatever their name, and Advanced Tax Information accepts only a few kinds.
 */
export type ContentKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'zip' | 'ole' | 'executable' | 'html' | 'text' | 'binary';

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
const MARKUP = /^(<!doctype\s+html|<html|<head|<body|<script|<iframe|<svg|<\?xml[^>]*>\s*<(svg|html))/;

const startsWith = (head: Buffer, bytes: readonly number[]) => bytes.every((byte, i) => head[i] === byte);

/** Text: valid UTF-8 without NUL or control characters other than tab, line breaks and form feed. */
function isText(head: Buffer): boolean {
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
    if (byte === 0x7f) return false;
  }
  // The head may end inside a multi-byte character: decode without its last three bytes' worry.
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const replacements = decoded.match(/\uFFFD/g)?.length ?? 0;
  return replacements <= 1 && !(replacements === 1 && !decoded.endsWith('\uFFFD'));
}

export function contentKind(head: Buffer): ContentKind {
  if (EXECUTABLE_SIGNATURES.some((signature) => startsWith(head, signature))) return 'executable';
  if (startsWith(head, OLE)) return 'ole';
  const type = sniffContentType(head);
  if (type === 'application/pdf') return 'pdf';
  if (type === 'image/png') return 'png';
  if (type === 'image/jpeg') return 'jpeg';
  if (type === 'image/gif') return 'gif';
  if (type === 'image/webp') return 'webp';
  if (type === 'application/zip') return 'zip';
  if (!isText(head)) return 'binary';
  const start = head.toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  return MARKUP.test(start) ? 'html' : 'text';
}
