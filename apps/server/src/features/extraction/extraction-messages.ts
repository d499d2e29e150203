import type { ExtractionFailureCode } from '@taxli/domain';
import type { ReadInput, ReadResult } from './reader.js';

/** One document to read, sent to the reader process (started with the URL of a module exporting `readers`). */
export interface ReadRequest extends ReadInput {
  id: number;
}

/**
 * What the reader process answers: once, that the readers are loaded; then for each request its result
 * (null: nothing recognised), or the code a reader failed with.
 */
export type ReadReply =
  | { ready: true }
  | { id: number; ok: true; result: ReadResult | null }
  | { id: number; ok: false; code: ExtractionFailureCode };
