// Readers for the extraction tests (issue 29), loaded by the extraction worker in place of the real
// ones: what each does is chosen by the file's name, so one app can meet all of them.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { DocumentReader, ReadResult } from '../features/extraction/reader.js';
import { UnreadableDocument } from '../features/extraction/reader.js';

/** An AHV number of nobody in the test households (valid check digit). */
export const CERTIFICATE_AHV_NUMBER = '756.3047.5009.62';

const salary = (employer: string, grossIncome: string, netIncome: string): ReadResult => ({
  kind: 'salary-certificate',
  source: 'barcode',
  confidence: 1,
  fields: {
    employer: { name: employer },
    employee: { firstName: 'Anna', lastName: 'Muster', ahvNumberMasked: '756.****.****.62' },
    periodFrom: '2025-01-01',
    periodUntil: '2025-12-31',
    grossIncome,
    netIncome,
    remark: `AHV ${CERTIFICATE_AHV_NUMBER}`,
  },
  ahvNumbers: [CERTIFICATE_AHV_NUMBER],
});

const statement = (name: string, totals: [string, string, string, string], securities: number): ReadResult => ({
  kind: 'ech-0196',
  source: 'barcode',
  confidence: 1,
  fields: {
    minorVersion: 22,
    institution: { name },
    client: [{ clientNumber: 'C-1' }],
    taxPeriod: '2025',
    periodFrom: '2025-01-01',
    periodTo: '2025-12-31',
    canton: 'ZH',
    totalTaxValue: totals[0],
    totalGrossRevenueA: totals[1],
    totalGrossRevenueB: totals[2],
    totalWithHoldingTaxClaim: totals[3],
    bankAccounts: [],
    securities: Array.from({ length: securities }, (_, n) => ({
      depotNumber: 'D-1',
      positionId: String(n + 1),
      securityName: `Fund ${n + 1}`,
      currency: 'CHF',
      grossRevenueA: '0.00',
      grossRevenueB: '0.00',
      withHoldingTaxClaim: '0.00',
    })),
  },
});

/** A document read only for its words: a German salary slip's keywords. */
const words: ReadResult = { kind: 'text', source: 'text', confidence: 0.6, fields: { keywords: ['lohnausweis', 'bruttolohn'], language: 'de' } };

const KNOWN: Record<string, ReadResult> = {
  'words-salary-1.pdf': words,
  'words-salary-2.pdf': words,
  'salary-acme-1.pdf': salary('ACME AG', '34000.10', '30000.05'),
  'salary-acme-2.pdf': salary('ACME AG', '34000.20', '30000.05'),
  'salary-beta.pdf': salary('Beta GmbH', '1000.00', '900.00'),
  'statement-a.pdf': statement('Bank A', ['100000.10', '12.20', '0.00', '4.27'], 2),
  'statement-b.pdf': statement('Bank B', ['0.20', '0.10', '5.00', '0.03'], 0),
};

/** Hangs on purpose: a busy loop only killing the reader process ends. */
function spin(): never {
  for (;;);
}

/** Allocates until the reader process's heap cap stops it. */
function hog(): never {
  const kept: number[][] = [];
  for (let n = 0; ; n++) kept.push(new Array<number>(1_000_000).fill(n));
}

const fake: DocumentReader = async ({ bytes, fileName }) => {
  // The interruption test holds every read begun while its file exists, until the app closes it.
  // (A file, not a variable: the reader process keeps the environment it was started with.)
  const hold = process.env.TAXLI_FAKE_READER_HOLD_FILE;
  if (hold && existsSync(hold)) await new Promise((resolve) => setTimeout(resolve, 10 * 60_000));
  // What arrived, for the tests of how the bytes travel: their count and SHA-256 as the words read,
  // and which reader process read them (whether a fault ended the process).
  if (fileName.startsWith('echo')) {
    const keywords = [String(bytes.length), createHash('sha256').update(bytes).digest('hex'), `pid ${process.pid}`];
    return { kind: 'text', source: 'text', confidence: 1, fields: { keywords, language: 'de' } };
  }
  if (fileName.startsWith('hang')) spin();
  if (fileName.startsWith('hog')) hog();
  if (fileName.startsWith('crash')) throw new TypeError('a reader bug');
  if (fileName.startsWith('abort')) process.abort();
  if (fileName.startsWith('unreadable')) throw new UnreadableDocument('SEGMENTS_INCOMPLETE', 'symbol 2 of 3 missing');
  return KNOWN[fileName] ?? (fileName.startsWith('salary') ? salary('ACME AG', '68000.00', '59000.00') : null);
};

export const readers: DocumentReader[] = [fake];
