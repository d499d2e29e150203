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

export const SNIFF_BYTES = 16;

export function sniffContentType(head: Buffer): string {
  for (const { type, bytes, offset = 0 } of SIGNATURES) {
    if (bytes.every((byte, i) => head[offset + i] === byte)) return type;
  }
  return 'application/octet-stream';
}

/** Types a browser renders without running anything of the document's own (with a sandbox CSP). */
export const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);
