import type { ExtractionFailureCode, ExtractionKind, ExtractionSource } from '@taxli/domain';

/**
 * One reader's contract (issue 29). Readers run in order (eCH-0196, salary certificate, PDF text
 * layer, OCR) inside the extraction worker; the first that recognises the document wins. They see
 * decrypted bytes in memory only: nothing decrypted is ever written to disk.
 */
export interface ReadInput {
  bytes: Uint8Array;
  /** The stored content type (application/pdf, image/jpeg, image/png, …). */
  contentType: string;
  fileName: string;
}

export interface ReadResult {
  kind: ExtractionKind;
  source: ExtractionSource;
  /** 0..1: 1 for a standard's data read whole (attachment, barcode); lower for words and OCR. */
  confidence: number;
  /** The figures in the domain's shape for `kind` (EchStatementFields, SalaryCertificateFields, TextFields). */
  fields: unknown;
  /** AHV numbers found, in clear: the service seals them (D12) and the API shows them masked only. */
  ahvNumbers?: string[];
  /** The words read (text layer or OCR), for the category keywords; never stored whole. */
  text?: string;
}

/** A document of this reader's kind that cannot be read: the job ends `failed` with `code`. */
export class UnreadableDocument extends Error {
  constructor(
    readonly code: ExtractionFailureCode,
    detail: string,
  ) {
    super(detail);
    this.name = 'UnreadableDocument';
  }
}

/** null: not this reader's kind, the next reader tries. Throws UnreadableDocument for a broken one. */
export type DocumentReader = (input: ReadInput) => Promise<ReadResult | null>;
