import { describe, expect, it } from 'vitest';
import type { ExtractionResponse, InboxItem, UploadResponse } from '@taxli/domain';
import { TEST_ORIGIN, useTestApp, type TestContext } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { multipart, uploadParts } from '../../test/multipart.js';
import { textPdf } from '../../test/text-documents.js';
import { buildStatementBarcodePdf, expectedStatementFields } from './test-documents/ech-0196.js';
import { salaryCertificatePdf, salarySymbolBytes, sampleCertificate, txabXml, txabZip } from './test-documents/salary-certificate.js';

const YEAR = 2025;
const BANK = 1;
const SALARY = 5;
const SECURITIES = 10;
const RENTAL_INCOME = 16;

/** Polls what was read until the job ended; a bounded number of looks, no timed assertion. */
async function readOf(ctx: TestContext, cookie: string, fileId: number): Promise<ExtractionResponse> {
  for (let look = 0; look < 1200; look++) {
    const body = (await get(ctx.app, `/api/files/${fileId}/extraction`, { cookie })).json<ExtractionResponse>();
    if (body.status !== 'pending') return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the read did not end');
}

async function upload(ctx: TestContext, cookie: string, filename: string, data: Uint8Array, categoryId: number): Promise<number> {
  const { payload, contentType } = multipart(uploadParts(categoryId, YEAR, [{ filename, data: Buffer.from(data) }]));
  const response = await ctx.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { origin: TEST_ORIGIN, 'content-type': contentType, cookie } });
  const [file] = response.json<UploadResponse>().files;
  if (file?.status !== 'fulfilled') throw new Error(`upload refused: ${response.body}`);
  return file.value.fileId;
}

// The whole chain with the real readers in the real worker: upload → job → barcodes or words →
// figures → suggested category → inbox. The readers' own tests cover their edge cases; the queue is
// the same on both drivers (extraction.test.ts), so PGlite is enough here.
describe('documents read by the real readers (pglite)', () => {
  const ctx = useTestApp('pglite');

  it('reads an e-tax statement from its barcodes and a salary certificate, each put in the wrong category, and suggests where they belong', async () => {
    await signIn(ctx, 'admin@example.ch');
    const anna = await signIn(ctx, 'anna@example.ch');
    const statement = await upload(ctx, anna.cookie, 'e-steuerauszug-2025.pdf', await buildStatementBarcodePdf(), SALARY);
    const certificate = await upload(ctx, anna.cookie, 'lohnausweis.pdf', await salaryCertificatePdf(salarySymbolBytes(txabZip(txabXml(sampleCertificate)))), BANK);
    const letter = await upload(ctx, anna.cookie, 'mietzinsabrechnung.pdf', await textPdf([['Mietzinsabrechnung 2025', 'Mieteinnahmen Wohnung Seestrasse 4: CHF 22200.00', 'Verwaltung: Wohnbau AG, Bahnhofstrasse 12, 8001 Zürich', 'Die Mieteinnahmen des Jahres sind in der Steuererklärung anzugeben.']]), BANK);

    expect(await readOf(ctx, anna.cookie, statement)).toEqual({
      status: 'done',
      kind: 'ech-0196',
      source: 'barcode',
      confidence: 1,
      suggestedCategoryId: SECURITIES,
      fields: expectedStatementFields(),
      failureCode: null,
    });
    const salary = await readOf(ctx, anna.cookie, certificate);
    expect(salary).toMatchObject({ status: 'done', kind: 'salary-certificate', source: 'barcode', suggestedCategoryId: SALARY });
    expect(salary.fields).toMatchObject({ employer: { name: 'Muster & Söhne AG' }, grossIncome: '88559.20', netIncome: '77747.15', employee: { ahvNumberMasked: '756.****.****.97' } });
    expect(JSON.stringify(salary)).not.toContain('756.1234.5678.97');
    const words = await readOf(ctx, anna.cookie, letter);
    expect(words).toMatchObject({ status: 'done', kind: 'text', source: 'text', suggestedCategoryId: RENTAL_INCOME });

    const inbox = (await get(ctx.app, `/api/inbox?taxYear=${YEAR}`, { cookie: anna.cookie })).json<{ items: InboxItem[] }>();
    expect(inbox.items.map((item) => [item.fileId, item.extraction.suggestedCategoryId])).toEqual([
      [statement, SECURITIES],
      [certificate, SALARY],
      [letter, RENTAL_INCOME],
    ]);
    // Rendering barcode pages and starting the reader's worker take seconds on a busy machine.
  }, 300_000);
});
