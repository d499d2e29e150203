import type { ReadInput } from '../reader.js';

/**
 * STUB on the `ech` branch only: the `barcode` branch writes the real PDF417 reader with this exact
 * signature, and its file replaces this one at the merge. Until then no symbol is ever found, so
 * the e-tax statement reader reads embedded attachments only.
 */
export interface Pdf417Symbol {
  bytes: Uint8Array;
  page: number;
  macro?: { segmentIndex: number; segmentCount?: number; fileId: string };
}

export function readPdf417Symbols(input: ReadInput, options: { pageOrder: 'last-first' }): Promise<Pdf417Symbol[]> {
  void input;
  void options;
  return Promise.resolve([]);
}
