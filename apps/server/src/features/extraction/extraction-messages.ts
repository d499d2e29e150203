import type { ExtractionFailureCode } from '@taxli/domain';
import type { ReadResult } from './reader.js';

/**
 * What the server sends the reader process (started with the URL of a module exporting `readers`)
 * for one document, in this order on the one channel, which keeps it: the document's facts, its
 * bytes in pieces as they are decrypted, and its end. The server never holds the whole document.
 */
export type ReadMessage =
  | { id: number; document: { contentType: string; fileName: string; sizeBytes: number } }
  | { id: number; piece: Uint8Array }
  | { id: number; end: true };

/**
 * What the reader process answers: once, that the readers are loaded; then for each document its
 * result (null: nothing recognised), or the code a reader failed with.
 */
export type ReadReply =
  | { ready: true }
  | { id: number; ok: true; result: ReadResult | null }
  | { id: number; ok: false; code: ExtractionFailureCode };
