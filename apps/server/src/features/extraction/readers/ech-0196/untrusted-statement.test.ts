import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Pdf417Symbol } from '../../barcodes/read-pdf417.js';
import { UnreadableDocument } from '../../reader.js';
import { buildStatementXml, compressStatement, splitIntoSymbols } from '../../test-documents/ech-0196.js';
import { assembleStatement } from './assemble-statement.js';
import { inflatePayload } from './inflate-payload.js';
import { readStatementXml } from './read-statement-xml.js';

/** The barcode path from the symbols read to the figures, as the reader runs it. */
async function readSymbols(symbols: Pdf417Symbol[]) {
  return readStatementXml(inflatePayload(assembleStatement(symbols)));
}

/** Whatever the input, a read ends with figures or with an UnreadableDocument, never another error. */
async function outcome(read: () => Promise<unknown>): Promise<'read' | UnreadableDocument['code']> {
  try {
    await read();
    return 'read';
  } catch (error) {
    if (error instanceof UnreadableDocument) return error.code;
    throw error;
  }
}

const SEED = 20_261_127;

describe('the e-tax statement reader on untrusted input', () => {
  it('answers random symbols with a failure code', async () => {
    const symbol = fc.record({
      bytes: fc.uint8Array({ maxLength: 600 }),
      page: fc.nat(20),
      macro: fc.option(
        fc.record({
          segmentIndex: fc.integer({ min: -2, max: 8 }),
          segmentCount: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }),
          fileId: fc.constantFrom('017053', '4711'),
        }),
        { nil: undefined },
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(symbol, { maxLength: 10 }), async (symbols) => {
        expect(await outcome(() => readSymbols(symbols))).not.toBe('read');
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('answers a statement payload with a byte changed with the statement or a failure code, never a crash', async () => {
    const payload = compressStatement(buildStatementXml());
    await fc.assert(
      fc.asyncProperty(fc.nat(payload.length - 1), fc.integer({ min: 1, max: 255 }), async (at, flip) => {
        const damaged = payload.slice();
        damaged[at] = (damaged[at] ?? 0) ^ flip;
        await outcome(() => readSymbols(splitIntoSymbols(damaged)));
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('answers a statement XML cut or changed anywhere with the statement or a failure code', async () => {
    const xml = buildStatementXml();
    await fc.assert(
      fc.asyncProperty(fc.nat(xml.length - 1), fc.nat(40), fc.string({ maxLength: 3 }), async (at, cut, insert) => {
        const changed = `${xml.slice(0, at)}${insert}${xml.slice(at + cut)}`;
        await outcome(() => readStatementXml(new TextEncoder().encode(changed)));
      }),
      { seed: SEED, numRuns: 12 },
    );
  });
});
