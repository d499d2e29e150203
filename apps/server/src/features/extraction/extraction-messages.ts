import type { ExtractionFailureCode } from '@taxli/domain';
import type { ReadInput, ReadResult } from './reader.js';

/** What the extraction worker is given: one document, and the module whose `readers` it runs. */
export interface ReadRequest extends ReadInput {
  /** A module URL exporting `readers: DocumentReader[]` (read-document.ts; tests pass their own). */
  readersModule: string;
}

/**
 * What it answers: first that the readers are loaded (the time budget counts from there), then a
 * result (null: nothing recognised), or the code a reader failed with.
 */
export type ReadReply = { started: true } | { ok: true; result: ReadResult | null } | { ok: false; code: ExtractionFailureCode };
