import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { AdvancedTaxInfoResponse, FileRecord } from '@taxli/domain';
import { taxProfiles, taxYearSections } from '../../db/schema.js';
import { TEST_ORIGIN, drivers, useTestApp, type TestContext } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { multipart, sha256, type Part } from '../../test/multipart.js';
import { send, setStatusRow } from '../../test/status-helpers.js';

const YEAR = 2025;
/** A real-form AHV number: 756.1234.5678.9 + its EAN-13 check digit 7. */
const AHV = '756.1234.5678.97';
/** A tax ID in the Zurich format. */
const SPOUSE_TAX_ID = '987.654.321';

const spouse = (overrides: Record<string, unknown> = {}) => ({
  taxYear: YEAR,
  firstName: 'Marco',
  lastName: 'Muster',
  age: 41,
  occupation: 'Engineer',
  ahvNumber: AHV,
  taxId: '',
  ...overrides,
});

const authorization = (overrides: Record<string, unknown> = {}) => ({
  taxYear: YEAR,
  taxAddressEnabled: true,
  powerOfAttorneyEnabled: true,
  canton: 'ZH',
  tinNumber: '123.456.789',
  powerOfAttorneyAccepted: true,
  ...overrides,
});

function upload(ctx: TestContext, cookie: string, file: { filename: string; data: Buffer }, categoryId = 39, extra: Part[] = []) {
  const { payload, contentType } = multipart([
    { name: 'categoryId', value: String(categoryId) },
    { name: 'categoryName', value: 'Power of attorney (signed)' },
    { name: 'taxYear', value: String(YEAR) },
    { name: 'hashes', value: JSON.stringify([sha256(file.data)]) },
    { name: 'files', filename: file.filename, data: file.data },
    ...extra,
  ]);
  return ctx.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType } });
}

describe.each(drivers)('Advanced Tax Information state (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const info = async (cookie: string) => (await get(ctx.app, `/api/advanced-tax-info?taxYear=${YEAR}`, { cookie })).json<AdvancedTaxInfoResponse>();

  async function person(email = 'anna@example.ch') {
    await signIn(ctx, 'admin@example.ch');
    return signIn(ctx, email);
  }

  it('keeps section toggles and document relevance per year; authorization stays on', async () => {
    const { cookie } = await person();
    // Without a tax profile: authorization, and deductions (everyone has some), are on.
    expect((await info(cookie)).sections).toEqual({
      authorization: true,
      investments: false,
      deductions: true,
      realEstate: false,
      foreignIncome: false,
      spouse: false,
      children: false,
    });
    expect((await send(ctx.app, 'POST', '/api/user-preferences/investments', cookie, { taxYear: YEAR, isRelevant: true })).statusCode).toBe(200);
    expect((await send(ctx.app, 'POST', '/api/user-preferences/11', cookie, { taxYear: YEAR, isRelevant: false })).statusCode).toBe(200);
    const after = await info(cookie);
    expect(after.sections.investments).toBe(true);
    expect(after.relevance).toEqual({ '11': false });
    expect((await get(ctx.app, `/api/user-preferences?taxYear=${YEAR - 1}`, { cookie })).json().sections.investments).toBe(false);

    const off = await send(ctx.app, 'POST', '/api/user-preferences/authorization', cookie, { taxYear: YEAR, isRelevant: false });
    expect(off.statusCode).toBe(400);
    for (const key of ['999', 'garden', '-1']) {
      expect((await send(ctx.app, 'POST', `/api/user-preferences/${key}`, cookie, { taxYear: YEAR, isRelevant: true })).statusCode).toBe(400);
    }
    const other = await signIn(ctx, 'ben@example.ch');
    expect((await info(other.cookie)).sections.investments).toBe(false);
  });

  it("starts the sections the year's tax profile calls for switched on, until the person chooses", async () => {
    const { cookie, user } = await person();
    await ctx.database.db.insert(taxProfiles).values({
      userId: user.id,
      taxYear: YEAR,
      answers: { maritalStatus: 'married', hasChildren: true, numberOfChildren: 1, childrenAges: [4], propertyOwner: false },
      completedAt: new Date(),
    });
    expect((await info(cookie)).sections).toMatchObject({ spouse: true, children: true, realEstate: false, investments: false });
    await send(ctx.app, 'POST', '/api/user-preferences/spouse', cookie, { taxYear: YEAR, isRelevant: false });
    expect((await info(cookie)).sections).toMatchObject({ spouse: false, children: true });
  });

  const storedSpouses = async () =>
    JSON.stringify(((await ctx.database.db.execute(sql`select spouse::text as spouse from tax_year_sections`)) as unknown as { rows: unknown[] }).rows);

  it('keeps the spouse with the AHV number and tax ID sealed: full to its owner, masked beside it, never in the row or the log', async () => {
    const { cookie } = await person();
    const saved = await send(ctx.app, 'PUT', '/api/advanced-tax-info/spouse', cookie, spouse({ taxId: SPOUSE_TAX_ID }));
    expect(saved.statusCode).toBe(200);
    expect((await info(cookie)).spouse).toEqual({
      firstName: 'Marco',
      lastName: 'Muster',
      age: 41,
      occupation: 'Engineer',
      ahvNumber: AHV,
      ahvNumberMasked: '756.****.****.97',
      taxId: SPOUSE_TAX_ID,
    });
    const stored = await storedSpouses();
    expect(stored).toContain('Marco');
    expect(stored).not.toContain('1234');
    expect(stored).not.toContain('654.321');
    expect(ctx.logs.join('\n')).not.toContain('1234.5678');

    const bad = await send(ctx.app, 'PUT', '/api/advanced-tax-info/spouse', cookie, spouse({ ahvNumber: '756.1234.5678.90' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('ahvNumber');
    expect(ctx.logs.join('\n')).not.toContain('1234.5678');
    const other = await signIn(ctx, 'ben@example.ch');
    expect((await info(other.cookie)).spouse).toBeNull();
  });

  it("reads a spouse saved with a plaintext tax ID, and seals that tax ID when the server starts", async () => {
    const { cookie, user } = await person();
    const legacy = { firstName: 'Marco', lastName: 'Muster', age: 41, occupation: 'Engineer', ahvNumberSealed: null, taxId: SPOUSE_TAX_ID };
    await ctx.database.db.insert(taxYearSections).values({ userId: user.id, taxYear: YEAR, spouse: legacy });
    expect((await info(cookie)).spouse).toMatchObject({ firstName: 'Marco', taxId: SPOUSE_TAX_ID, ahvNumber: '' });

    // What main.ts runs at every start, once the migrations are applied.
    expect(await ctx.app.services.advancedTaxInfo.sealLegacySpouseTaxIds()).toBe(1);
    expect(await storedSpouses()).not.toContain('654.321');
    expect(await ctx.app.services.advancedTaxInfo.sealLegacySpouseTaxIds()).toBe(0);
    expect((await info(cookie)).spouse).toMatchObject({ firstName: 'Marco', taxId: SPOUSE_TAX_ID, ahvNumber: '' });
  });

  it('keeps one entry per child', async () => {
    const { cookie } = await person();
    const children = [
      { firstName: 'Lea', lastName: 'Muster', birthDate: '2016-05-02', schoolingInfo: 'Primarschule', disability: '', alimony: '' },
      { firstName: 'Noah', lastName: 'Muster', birthDate: '2019-11-30', schoolingInfo: '', disability: '', alimony: '' },
    ];
    expect((await send(ctx.app, 'PUT', '/api/advanced-tax-info/children', cookie, { taxYear: YEAR, children })).statusCode).toBe(200);
    expect((await info(cookie)).children).toEqual(children);
    const bad = await send(ctx.app, 'PUT', '/api/advanced-tax-info/children', cookie, { taxYear: YEAR, children: [{ ...children[0], birthDate: '2016-02-30' }] });
    expect(bad.json().error.field).toBe('children.0.birthDate');
  });

  it('refuses a child without a name or birth date with 400 naming the field, saving nothing (every field empty used to save)', async () => {
    const { cookie } = await person();
    const lea = { firstName: 'Lea', lastName: 'Muster', birthDate: '2016-05-02', schoolingInfo: '', disability: '', alimony: '' };
    const empty = { firstName: '', lastName: '', birthDate: '', schoolingInfo: '', disability: '', alimony: '' };
    const cases: [Record<string, string>, string][] = [
      [empty, 'children.1.firstName'],
      [{ ...lea, firstName: '  ' }, 'children.1.firstName'],
      [{ ...lea, lastName: '' }, 'children.1.lastName'],
      [{ ...lea, birthDate: '' }, 'children.1.birthDate'],
    ];
    for (const [child, field] of cases) {
      const response = await send(ctx.app, 'PUT', '/api/advanced-tax-info/children', cookie, { taxYear: YEAR, children: [lea, child] });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error, field).toMatchObject({ code: 'VALIDATION_ERROR', field, fieldCode: 'REQUIRED' });
    }
    expect((await info(cookie)).children).toEqual([]);
  });

  it('keeps a transmitted year read-only: says when it was transmitted and refuses every change with 409', async () => {
    const { cookie, user } = await person();
    const child = { firstName: 'Lea', lastName: 'Muster', birthDate: '2016-05-02', schoolingInfo: '', disability: '', alimony: '' };
    expect((await send(ctx.app, 'PUT', '/api/advanced-tax-info/children', cookie, { taxYear: YEAR, children: [child] })).statusCode).toBe(200);
    expect(await info(cookie)).toMatchObject({ transmitted: false, transmittedAt: null });

    expect((await send(ctx.app, 'PUT', '/api/advanced-tax-info/completion', cookie, { taxYear: YEAR, completed: true })).statusCode).toBe(200);
    await setStatusRow(ctx.database.db, user.id, YEAR, 'processing');
    expect(await info(cookie)).toMatchObject({ transmitted: true, completed: true, children: [child] });

    const changes: [string, string, unknown][] = [
      ['PUT', '/api/advanced-tax-info/completion', { taxYear: YEAR, completed: false }],
      ['PUT', '/api/advanced-tax-info/children', { taxYear: YEAR, children: [] }],
      ['PUT', '/api/advanced-tax-info/spouse', spouse()],
      ['PUT', '/api/advanced-tax-info/authorization', authorization()],
      ['POST', '/api/user-preferences/children', { taxYear: YEAR, isRelevant: false }],
      ['POST', '/api/user-preferences/31', { taxYear: YEAR, isRelevant: false }],
    ];
    for (const [method, url, payload] of changes) {
      const response = await send(ctx.app, method as 'PUT' | 'POST', url, cookie, payload);
      expect(response.statusCode, url).toBe(409);
      expect(response.json().error, url).toMatchObject({ code: 'DOCUMENTS_TRANSMITTED', message: expect.stringContaining('Advanced Tax Information') });
    }
    expect(await info(cookie)).toMatchObject({ completed: true, children: [child], spouse: null, authorization: null });
    // Another year stays open.
    expect((await send(ctx.app, 'PUT', '/api/advanced-tax-info/children', cookie, { taxYear: YEAR - 1, children: [child] })).statusCode).toBe(200);
  });

  it('refuses text jsonb cannot hold in spouse and children with 400 INVALID_CHARACTERS, saving nothing (it used to answer 500)', async () => {
    const { cookie } = await person();
    const badSpouse = await send(ctx.app, 'PUT', '/api/advanced-tax-info/spouse', cookie, spouse({ firstName: 'Mar\ud800co' }));
    expect(badSpouse.statusCode).toBe(400);
    expect(badSpouse.json().error).toMatchObject({ code: 'INVALID_CHARACTERS', field: 'firstName' });
    const child = { firstName: 'Lea', lastName: 'Muster', birthDate: '', schoolingInfo: '', disability: '', alimony: 'monthly \udfff' };
    const badChildren = await send(ctx.app, 'PUT', '/api/advanced-tax-info/children', cookie, { taxYear: YEAR, children: [child] });
    expect(badChildren.statusCode).toBe(400);
    expect(badChildren.json().error).toMatchObject({ code: 'INVALID_CHARACTERS', field: 'children.0.alimony' });
    expect(await info(cookie)).toMatchObject({ spouse: null, children: [] });
  });

  it('refuses a tax ID with a control character in it, naming tinNumber', async () => {
    const { cookie } = await person();
    const response = await send(ctx.app, 'PUT', '/api/advanced-tax-info/authorization', cookie, authorization({ tinNumber: '123.456.789\u0007' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'tinNumber' });
  });

  it('saves the authorization only by the rules of part 2 §5, with the tax ID sealed', async () => {
    const { cookie } = await person();
    const save = (body: Record<string, unknown>) => send(ctx.app, 'PUT', '/api/advanced-tax-info/authorization', cookie, body);
    expect((await save(authorization({ canton: null }))).json().error.code).toBe('MISSING_INFORMATION');
    expect((await save(authorization({ tinNumber: '  ' }))).json().error.code).toBe('MISSING_INFORMATION');
    const wrong = await save(authorization({ tinNumber: '12.345.678' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_TAX_ID_FORMAT', field: 'tinNumber', message: 'Please enter a valid Tax ID in the format: XXX.XXX.XXX' });
    expect((await save(authorization({ powerOfAttorneyEnabled: false, powerOfAttorneyAccepted: false }))).json().error.code).toBe('POWER_OF_ATTORNEY_REQUIRED');
    expect((await info(cookie)).authorization).toBeNull();

    const ok = await save(authorization());
    expect(ok.statusCode).toBe(200);
    expect((await info(cookie)).authorization).toMatchObject({ canton: 'ZH', tinNumber: '123.456.789', powerOfAttorneyAccepted: true, taxYear: YEAR });
    const rows = await ctx.database.db.execute(sql`select authorization_settings::text as a from tax_year_sections`);
    expect(JSON.stringify((rows as unknown as { rows: unknown[] }).rows)).not.toContain('456');
  });

  it('takes one document of the accepted types by content on POST /api/upload, and refuses the rest with nothing stored', async () => {
    const { cookie } = await person();
    const pdf = { filename: 'vollmacht.pdf', data: Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n') };
    const ok = await upload(ctx, cookie, pdf);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ failedCount: 0, files: [{ status: 'fulfilled', value: { originalFileName: 'vollmacht.pdf' } }] });
    const txt = await upload(ctx, cookie, { filename: 'notes.txt', data: Buffer.from('Steuerverwaltung Zürich, Notizen\n') }, 41);
    expect(txt.statusCode).toBe(200);

    for (const refused of [
      { filename: 'invoice.pdf', data: Buffer.from('MZ\x90\x00\x03\x00\x00\x00 this is a program') },
      { filename: 'letter.txt', data: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>') },
      { filename: 'photo.png', data: Buffer.from('%PDF-1.7 not a png') },
      { filename: 'tool.exe', data: Buffer.from('%PDF-1.7 named like a program') },
    ]) {
      const response = await upload(ctx, cookie, refused);
      expect({ name: refused.filename, status: response.statusCode, code: response.json().error.code }).toEqual({
        name: refused.filename,
        status: 415,
        code: 'UNSUPPORTED_FILE_TYPE',
      });
    }
    const two = await upload(ctx, cookie, pdf, 40, [{ name: 'files', filename: 'second.pdf', data: pdf.data }]);
    expect(two.statusCode).toBe(400);

    const files = (await get(ctx.app, `/api/files?taxYear=${YEAR}`, { cookie })).json<FileRecord[]>();
    expect(files.map((f) => [f.categoryId, f.originalFileName]).sort()).toEqual([
      [39, 'vollmacht.pdf'],
      [41, 'notes.txt'],
    ]);
    expect((await info(cookie)).fileCounts).toEqual({ '39': 1, '41': 1 });
  });

  it('makes the power-of-attorney form as a one-page PDF in English and German', async () => {
    const { cookie } = await person();
    for (const [language, fileName, title] of [
      ['en', 'PowerAttorney.pdf', 'Power of Attorney 2025'],
      ['de', 'Vollmacht.pdf', 'Vollmacht 2025'],
    ] as const) {
      const response = await get(ctx.app, `/api/advanced-tax-info/power-of-attorney?language=${language}&taxYear=${YEAR}`, { cookie });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
      const pdf = await PDFDocument.load(response.rawPayload);
      expect(pdf.getPageCount()).toBe(1);
      expect(pdf.getTitle()).toBe(title);
    }
  });
});
