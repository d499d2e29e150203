import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ExtractionResponse, FiguresResponse, FileRecord, InboxItem, UploadResponse } from '@taxli/domain';
import { documentExtractions, users } from '../../db/schema.js';
import { queryRows } from '../../db/client.js';
import { drivers, TEST_ORIGIN, useTestApp, type TestContext } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { signInAs, transmittedPerson } from '../../test/expert-helpers.js';
import { multipart, uploadParts } from '../../test/multipart.js';
import { send } from '../../test/status-helpers.js';
import { CERTIFICATE_AHV_NUMBER } from '../../test/fake-readers.js';
import { temporaryDirectory } from '../../test/temporary-directory.js';

const YEAR = 2025;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const FAKE_READERS = new URL('../../test/fake-readers.ts', import.meta.url);
const SALARY = 5;
const BANK = 1;

/** Polls what was read until the job ended; a bounded number of looks, no timed assertion. */
async function readOf(ctx: TestContext, cookie: string, fileId: number): Promise<ExtractionResponse> {
  for (let look = 0; look < 600; look++) {
    const response = await get(ctx.app, `/api/files/${fileId}/extraction`, { cookie });
    const body = response.json<ExtractionResponse>();
    if (body.status !== 'pending') return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the read did not end');
}

async function upload(ctx: TestContext, cookie: string, filename: string, categoryId = SALARY, url = '/api/files/upload') {
  const { payload, contentType } = multipart(uploadParts(categoryId, YEAR, [{ filename, data: Buffer.concat([PDF, Buffer.from(filename)]) }]));
  const response = await ctx.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, 'content-type': contentType, cookie } });
  expect(response.statusCode).toBe(200);
  const [file] = response.json<UploadResponse>().files;
  if (file?.status !== 'fulfilled') throw new Error('upload refused');
  return file.value.fileId;
}

// The interruption test's switch (test/fake-readers.ts): a read begun while this file exists holds.
const HOLD_FILE = join(temporaryDirectory('reader-hold'), 'hold');
process.env.TAXLI_FAKE_READER_HOLD_FILE = HOLD_FILE;

describe.each(drivers)('documents that read themselves (%s)', (driver) => {
  const ctx = useTestApp(driver, {}, { extraction: { readersModule: FAKE_READERS, timeBudgetMs: 4000, memoryLimitMb: 64 } });
  // pg-boss's own schema outlives the emptied tables: each test starts without the jobs of the last.
  beforeEach(async () => {
    await ctx.app.ready();
    await ctx.database.db.execute(sql`delete from pgboss.job`);
  });
  const person = async (email = 'anna@example.ch') => {
    await signIn(ctx, 'admin@example.ch').catch(() => undefined);
    return signIn(ctx, email);
  };

  it('answers the upload before the read, and reads the salary certificate in a job: figures, AHV number masked and sealed', async () => {
    const anna = await person();
    const fileId = await upload(ctx, anna.cookie, 'salary-acme-1.pdf');
    const read = await readOf(ctx, anna.cookie, fileId);
    expect(read).toMatchObject({ status: 'done', kind: 'salary-certificate', source: 'barcode', confidence: 1, failureCode: null });
    expect(read.fields).toMatchObject({ employer: { name: 'ACME AG' }, grossIncome: '34000.10', netIncome: '30000.05', remark: 'AHV 756.****.****.62' });
    const [row] = await ctx.database.db.select().from(documentExtractions);
    expect(JSON.stringify(row)).not.toContain(CERTIFICATE_AHV_NUMBER);
    expect(row?.sealedAhvNumbers).toHaveLength(1);
  });

  it('reads what Advanced Tax Information’s upload stores too', async () => {
    const anna = await person();
    const fileId = await upload(ctx, anna.cookie, 'statement-a.pdf', 10, '/api/upload');
    expect(await readOf(ctx, anna.cookie, fileId)).toMatchObject({ status: 'done', kind: 'ech-0196' });
  });

  it('keeps the upload’s answer from waiting: a read that hangs is pending meanwhile, the server answers, and it ends TIME_BUDGET_EXCEEDED', async () => {
    const anna = await person();
    const fileId = await upload(ctx, anna.cookie, 'hang.pdf');
    expect((await get(ctx.app, `/api/files/${fileId}/extraction`, { cookie: anna.cookie })).json()).toMatchObject({ status: 'pending' });
    const files = await get(ctx.app, `/api/files?taxYear=${YEAR}`, { cookie: anna.cookie });
    expect(files.json<FileRecord[]>().map((f) => f.id)).toEqual([fileId]);
    expect(await readOf(ctx, anna.cookie, fileId)).toMatchObject({ status: 'failed', failureCode: 'TIME_BUDGET_EXCEEDED', fields: null });
  });

  it('fails only the job of a reader that crashes, aborts its process, runs out of memory or finds the document unreadable', async () => {
    const anna = await person();
    const crash = await upload(ctx, anna.cookie, 'crash.pdf');
    // As a fault in the engine itself would: the reader process dies at once; the server goes on.
    const abort = await upload(ctx, anna.cookie, 'abort.pdf');
    const hog = await upload(ctx, anna.cookie, 'hog.pdf');
    const unreadable = await upload(ctx, anna.cookie, 'unreadable.pdf');
    const fine = await upload(ctx, anna.cookie, 'salary-beta.pdf');
    expect(await readOf(ctx, anna.cookie, crash)).toMatchObject({ status: 'failed', failureCode: 'DAMAGED_FILE' });
    expect(await readOf(ctx, anna.cookie, abort)).toMatchObject({ status: 'failed', failureCode: 'DAMAGED_FILE' });
    expect(await readOf(ctx, anna.cookie, hog)).toMatchObject({ status: 'failed', failureCode: 'MEMORY_LIMIT_EXCEEDED' });
    expect(await readOf(ctx, anna.cookie, unreadable)).toMatchObject({ status: 'failed', failureCode: 'SEGMENTS_INCOMPLETE' });
    expect(await readOf(ctx, anna.cookie, fine)).toMatchObject({ status: 'done', kind: 'salary-certificate' });
    expect(await readOf(ctx, anna.cookie, await upload(ctx, anna.cookie, 'letter.pdf'))).toMatchObject({ status: 'none', kind: null });
    // The inbox asks about a standard document that could not be read and the certificate's figures;
    // a file no reader could open or finish is no question for the person (its read says why).
    const inbox = (await get(ctx.app, `/api/inbox?taxYear=${YEAR}`, { cookie: anna.cookie })).json<{ items: InboxItem[] }>();
    expect(inbox.items.map((item) => item.fileId)).toEqual([unreadable, fine]);
  });

  it('runs a job again when the app closes in the middle of it, and ends with one row', async () => {
    const anna = await person();
    writeFileSync(HOLD_FILE, '');
    try {
      const fileId = await upload(ctx, anna.cookie, 'salary-beta.pdf');
      // Wait until the job is taken (active in pg-boss's table), then close the app under it.
      for (let look = 0; look < 600; look++) {
        const active = await queryRows<{ id: string }>(ctx.database.db, sql`select id from pgboss.job where name = 'read-document' and state = 'active'`);
        if (active.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      rmSync(HOLD_FILE);
      await ctx.rebuild();
      expect(await readOf(ctx, anna.cookie, fileId)).toMatchObject({ status: 'done', kind: 'salary-certificate' });
      expect(await ctx.database.db.select().from(documentExtractions)).toHaveLength(1);
    } finally {
      rmSync(HOLD_FILE, { force: true });
    }
  });

  it('answers 404 for another person’s file', async () => {
    const anna = await person();
    const beat = await person('beat@example.ch');
    const fileId = await upload(ctx, anna.cookie, 'salary-beta.pdf');
    const response = await get(ctx.app, `/api/files/${fileId}/extraction`, { cookie: beat.cookie });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'FILE_NOT_FOUND' } });
    expect((await send(ctx.app, 'POST', `/api/inbox/${fileId}/dismiss`, beat.cookie)).statusCode).toBe(404);
  });

  it('lists read files in the inbox with questions; accept moves and confirms, dismiss takes it out', async () => {
    const anna = await person();
    await ctx.database.db.update(users).set({ firstName: 'Anna', lastName: 'Muster' }).where(eq(users.id, anna.user.id));
    expect((await send(ctx.app, 'POST', '/api/user-preferences/investments', anna.cookie, { taxYear: YEAR, isRelevant: false })).statusCode).toBe(200);
    const salary = await upload(ctx, anna.cookie, 'salary-beta.pdf', BANK);
    const statement = await upload(ctx, anna.cookie, 'statement-a.pdf', BANK);
    await readOf(ctx, anna.cookie, salary);
    await readOf(ctx, anna.cookie, statement);
    const inbox = (await get(ctx.app, `/api/inbox?taxYear=${YEAR}`, { cookie: anna.cookie })).json<{ items: InboxItem[] }>();
    expect(inbox.items.map((item) => [item.fileId, item.categoryId, item.questions])).toEqual([
      // Anna said nothing about employment; the certificate is in her name, so no AHV question.
      [salary, BANK, []],
      // Investments are off: a statement with securities asks.
      [statement, BANK, ['SECURITIES_WITHOUT_INVESTMENTS']],
    ]);

    const accepted = await send(ctx.app, 'POST', `/api/inbox/${salary}/accept`, anna.cookie, { categoryId: SALARY });
    expect(accepted.json()).toEqual({ fileId: salary, categoryId: SALARY, confirmed: true });
    const files = (await get(ctx.app, `/api/files?taxYear=${YEAR}`, { cookie: anna.cookie })).json<FileRecord[]>();
    expect(files.find((f) => f.id === salary)?.categoryId).toBe(SALARY);

    const dismissed = await send(ctx.app, 'POST', `/api/inbox/${statement}/dismiss`, anna.cookie);
    expect(dismissed.json()).toEqual({ fileId: statement, categoryId: BANK, confirmed: false });
    expect((await get(ctx.app, `/api/inbox?taxYear=${YEAR}`, { cookie: anna.cookie })).json()).toEqual({ items: [] });
  });

  it('asks from the year’s tax-profile draft and the spouse: a salary without employment, securities without investments, a certificate of the spouse’s', async () => {
    const beat = await person('beat@example.ch');
    const draft = { step: 4, personal: {}, answers: { employmentType: 'retired', hasInvestments: false }, version: 0 };
    expect((await send(ctx.app, 'PUT', `/api/tax-profile/draft?taxYear=${YEAR}`, beat.cookie, draft)).statusCode).toBe(200);
    const salary = await upload(ctx, beat.cookie, 'salary-beta.pdf', SALARY);
    const statement = await upload(ctx, beat.cookie, 'statement-a.pdf', BANK);
    await readOf(ctx, beat.cookie, salary);
    await readOf(ctx, beat.cookie, statement);
    const questions = async () =>
      (await get(ctx.app, `/api/inbox?taxYear=${YEAR}`, { cookie: beat.cookie })).json<{ items: InboxItem[] }>().items.map((item) => [item.fileId, item.questions]);
    // Retired, the certificate made out to Anna Muster, no investments in the draft.
    expect(await questions()).toEqual([
      [salary, ['SALARY_WITHOUT_EMPLOYMENT', 'AHV_NUMBER_NOT_HOUSEHOLD']],
      [statement, ['SECURITIES_WITHOUT_INVESTMENTS']],
    ]);
    // The certificate's AHV number is the spouse's; the Investments section turned on wins over the draft.
    const spouse = { taxYear: YEAR, firstName: 'Anna', lastName: 'Muster', age: 41, occupation: 'Engineer', ahvNumber: CERTIFICATE_AHV_NUMBER, taxId: '' };
    expect((await send(ctx.app, 'PUT', '/api/advanced-tax-info/spouse', beat.cookie, spouse)).statusCode).toBe(200);
    expect((await send(ctx.app, 'POST', '/api/user-preferences/investments', beat.cookie, { taxYear: YEAR, isRelevant: true })).statusCode).toBe(200);
    expect(await questions()).toEqual([
      [salary, ['SALARY_WITHOUT_EMPLOYMENT']],
      [statement, []],
    ]);
  });

  it('asks nothing about securities while the person has said nothing about investments', async () => {
    const beat = await person('beat@example.ch');
    const statement = await upload(ctx, beat.cookie, 'statement-a.pdf', BANK);
    await readOf(ctx, beat.cookie, statement);
    const inbox = (await get(ctx.app, `/api/inbox?taxYear=${YEAR}`, { cookie: beat.cookie })).json<{ items: InboxItem[] }>();
    expect(inbox.items.map((item) => [item.fileId, item.questions])).toEqual([[statement, []]]);
  });

  it('refuses an accept whose category is not a number or no category (400, naming categoryId), changing nothing', async () => {
    const anna = await person();
    const salary = await upload(ctx, anna.cookie, 'salary-beta.pdf', BANK);
    await readOf(ctx, anna.cookie, salary);
    const notANumber = await send(ctx.app, 'POST', `/api/inbox/${salary}/accept`, anna.cookie, { categoryId: 'five' });
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.body).toContain('categoryId must be a number');
    const unknown = await send(ctx.app, 'POST', `/api/inbox/${salary}/accept`, anna.cookie, { categoryId: 999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('categoryId');
    const files = (await get(ctx.app, `/api/files?taxYear=${YEAR}`, { cookie: anna.cookie })).json<FileRecord[]>();
    expect(files.find((f) => f.id === salary)?.categoryId).toBe(BANK);
  });

  it('asks about a document read for its words only when it seems to sit in the wrong category', async () => {
    const anna = await person();
    const inPlace = await upload(ctx, anna.cookie, 'words-salary-1.pdf', SALARY);
    const misplaced = await upload(ctx, anna.cookie, 'words-salary-2.pdf', BANK);
    expect(await readOf(ctx, anna.cookie, inPlace)).toMatchObject({ status: 'done', kind: 'text', suggestedCategoryId: null });
    expect(await readOf(ctx, anna.cookie, misplaced)).toMatchObject({ status: 'done', kind: 'text', suggestedCategoryId: SALARY });
    const inbox = (await get(ctx.app, `/api/inbox?taxYear=${YEAR}`, { cookie: anna.cookie })).json<{ items: InboxItem[] }>();
    expect(inbox.items.map((item) => item.fileId)).toEqual([misplaced]);
  });

  it('refuses a move after transmission (409) and leaves the figures unconfirmed', async () => {
    const anna = await person();
    const fileId = await upload(ctx, anna.cookie, 'salary-beta.pdf', BANK);
    await readOf(ctx, anna.cookie, fileId);
    const again = await transmittedPerson(ctx, 'anna@example.ch', YEAR);
    const refused = await send(ctx.app, 'POST', `/api/inbox/${fileId}/accept`, again.cookie, { categoryId: SALARY });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'DOCUMENTS_TRANSMITTED' } });
    const [row] = await ctx.database.db.select().from(documentExtractions).where(eq(documentExtractions.status, 'done'));
    expect(row?.confirmedAt).toBeNull();
  });

  it('gives the expert the figures with exact totals and as CSV; a person gets 403', async () => {
    const anna = await person();
    const ids = [];
    for (const name of ['salary-acme-1.pdf', 'salary-acme-2.pdf', 'salary-beta.pdf', 'statement-a.pdf', 'statement-b.pdf']) {
      ids.push(await upload(ctx, anna.cookie, name, name.startsWith('salary') ? SALARY : BANK));
    }
    for (const id of ids) await readOf(ctx, anna.cookie, id);
    const again = await transmittedPerson(ctx, 'anna@example.ch', YEAR);
    const expert = await signInAs(ctx, 'expert@example.ch', 'expert');
    const figures = await get(ctx.app, `/api/expert/returns/${again.user.id}/${YEAR}/figures`, { cookie: expert.cookie });
    expect(figures.statusCode).toBe(200);
    const body = figures.json<FiguresResponse>();
    expect(body.salaryTotalsByEmployer).toEqual([
      { employer: 'ACME AG', grossIncome: '68000.30', netIncome: '60000.10' },
      { employer: 'Beta GmbH', grossIncome: '1000.00', netIncome: '900.00' },
    ]);
    expect(body.statementTotals).toEqual({ totalTaxValue: '100000.30', totalGrossRevenueA: '12.30', totalGrossRevenueB: '5.00', totalWithHoldingTaxClaim: '4.30' });
    expect(body.salary.map((s) => s.fileId).sort()).toEqual(ids.slice(0, 3).sort());

    const csv = await get(ctx.app, `/api/expert/returns/${again.user.id}/${YEAR}/figures.csv`, { cookie: expert.cookie });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('salary total,,,ACME AG,,,68000.30,60000.10');
    expect(csv.body).toContain('statement total,,,,,,,,100000.30,12.30,5.00,4.30');

    const forbidden = await get(ctx.app, `/api/expert/returns/${again.user.id}/${YEAR}/figures`, { cookie: again.cookie });
    expect(forbidden.statusCode).toBe(403);
  });
});
