import type { ExtractionFailureCode } from '@taxli/domain';
import type { ReadInput, ReadResult } from './reader.js';

/** What the extraction worker is started with: the module whose `readers` it runs. */
export interface ReaderSetup {
  /** A module URL exporting `readers: DocumentReader[]` (read-document.ts; tests pass their own). */
  readersModule: string;
}

/** One document to read, posted to the worker (its bytes moved, not copied). */
export interface ReadRequest extends ReadInput {
  id: number;
}

/**
 * What the worker answers: once, that the readers are loaded; then for each request its result
 * (null: nothing recognised), or the code a reader failed with.
 */
export type ReadReply =
  | { ready: true }
  | { id: number; ok: true; result: ReadResult | null }
  | { id: number; ok: false; code: ExtractionFailureCode };
