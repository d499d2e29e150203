import { describe, expect, it } from 'vitest';
import type { Pdf417Symbol } from '../../barcodes/read-pdf417.js';
import { UnreadableDocument } from '../../reader.js';
import { assembleStatement } from './assemble-statement.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (value: Uint8Array) => new TextDecoder().decode(value);
const segment = (segmentIndex: number, data: string, extra: Partial<Pdf417Symbol['macro']> = {}): Pdf417Symbol => ({
  bytes: bytes(data),
  page: 9 + Math.floor(segmentIndex / 6),
  macro: { segmentIndex, segmentCount: 3, fileId: '017053', ...extra },
});

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof UnreadableDocument) return error.code;
    throw error;
  }
  throw new Error('did not fail');
}

describe('assembleStatement', () => {
  it('joins the segments in segment order, not in the order read', () => {
    expect(text(assembleStatement([segment(2, 'C'), segment(0, 'A'), segment(1, 'B')]))).toBe('ABC');
  });

  it('takes a segment read twice once', () => {
    expect(text(assembleStatement([segment(0, 'A'), segment(1, 'B'), segment(1, 'B'), segment(2, 'C')]))).toBe('ABC');
  });

  it('ignores symbols that belong to no macro file or to another one', () => {
    const plain: Pdf417Symbol = { bytes: bytes('plain'), page: 1 };
    const other = segment(0, 'X', { fileId: '999', segmentCount: 1 });
    expect(text(assembleStatement([plain, segment(0, 'A'), other, segment(1, 'B'), segment(2, 'C')]))).toBe('ABC');
  });

  it('fails when a segment is missing', () => {
    expect(codeOf(() => assembleStatement([segment(0, 'A'), segment(2, 'C')]))).toBe('SEGMENTS_INCOMPLETE');
    expect(codeOf(() => assembleStatement([segment(0, 'A'), segment(1, 'B')]))).toBe('SEGMENTS_INCOMPLETE');
  });

  it('fails when the first segment is missing and no count is known', () => {
    const noCount = (index: number, data: string) => segment(index, data, { segmentCount: undefined });
    expect(codeOf(() => assembleStatement([noCount(1, 'B'), noCount(2, 'C')]))).toBe('SEGMENTS_INCOMPLETE');
  });

  it('fails when the segments disagree on their count or a number lies beyond it', () => {
    expect(codeOf(() => assembleStatement([segment(0, 'A'), segment(1, 'B', { segmentCount: 2 }), segment(2, 'C')]))).toBe('SEGMENTS_INCOMPLETE');
    expect(codeOf(() => assembleStatement([segment(0, 'A'), segment(1, 'B'), segment(2, 'C'), segment(5, 'F')]))).toBe('SEGMENTS_INCOMPLETE');
  });

  it('fails when there are no macro segments at all', () => {
    expect(codeOf(() => assembleStatement([]))).toBe('SEGMENTS_INCOMPLETE');
  });
});
