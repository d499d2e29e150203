import { MAX_UPLOAD_BYTES } from '@taxli/domain';

// How a document's decrypted bytes travel from storage to the reader process (read-in-worker.ts):
// in pieces over the process's channel, gathered there into one buffer. The server never holds the
// whole document: it held it up to four times per read (the frames, their join, a copy of the join,
// its serialised copy), 125 to 218 MB above the server's footprint a few seconds after four 50 MB
// uploads (docs/performance.md, "The bytes of a read").

/** A version larger than an upload may be: its read is refused. */
export class TooLargeToRead extends Error {
  constructor() {
    super('a stored version larger than an upload');
  }
}

/**
 * The channel's piece: storage's frames (1 MiB) joined to about 8 MiB. Each piece sent waits until
 * the reader process has taken it; frame by frame, that wait set the pace, and the reads beside
 * uploads took the uploads about a tenth of their speed (docs/performance.md).
 */
export const PIECE_BYTES = 8 * 1024 * 1024;

/** The bytes from storage as the channel's pieces, in order; more than an upload may hold is refused. */
export async function* piecesOf(body: AsyncIterable<Uint8Array>, pieceBytes = PIECE_BYTES): AsyncGenerator<Buffer> {
  let size = 0;
  let frames: Uint8Array[] = [];
  let joined = 0;
  for await (const frame of body) {
    size += frame.length;
    if (size > MAX_UPLOAD_BYTES) throw new TooLargeToRead();
    frames.push(frame);
    joined += frame.length;
    if (joined >= pieceBytes) {
      yield Buffer.concat(frames, joined);
      frames = [];
      joined = 0;
    }
  }
  if (joined > 0) yield Buffer.concat(frames, joined);
}

/**
 * The pieces gathered in the reader process into one buffer of the size the version's row records,
 * as they arrive. That size is the upload's own, so the buffer fits; should it not, the buffer
 * grows, and a shorter document is answered as the part it filled.
 */
export function gatherBytes(recordedBytes: number) {
  let bytes = new Uint8Array(Math.min(Math.max(0, Math.floor(recordedBytes) || 0), MAX_UPLOAD_BYTES));
  let size = 0;
  return {
    add(piece: Uint8Array): void {
      const end = size + piece.length;
      if (end > MAX_UPLOAD_BYTES) throw new TooLargeToRead();
      if (end > bytes.length) {
        const grown = new Uint8Array(Math.min(MAX_UPLOAD_BYTES, Math.max(end, Math.ceil(bytes.length * 1.5))));
        grown.set(bytes.subarray(0, size));
        bytes = grown;
      }
      bytes.set(piece, size);
      size = end;
    },
    bytes: (): Uint8Array => (size === bytes.length ? bytes : bytes.subarray(0, size)),
  };
}
