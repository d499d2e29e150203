import { describe, expect, it } from 'vitest';
import type { TransmitReviewResponse } from '@taxli/domain';
import { eq } from 'drizzle-orm';
import { taxProfiles } from '../../db/schema.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { addDocument, addRequiredDocuments, markSectionComplete, send, setStatusRow, statusRow } from '../../test/status-helpers.js';

const YEAR = 2025;

/** The Authorization tab as the web app saves it: a valid Zürich tax ID, power of attorney on or off. */
const authorization = (powerOfAttorneyEnabled: boolean) => ({
  taxYear: YEAR,
  taxAddressEnabled: true,
  powerOfAttorneyEnabled,
  canton: 'ZH',
  tinNumber: '123.456.789',
  powerOfAttorneyAccepted: true,
});

describe.each(drivers)("transmit's blocks (D19) (%s)", (driver) => {
  const ctx = useTestApp(driver);
  const db = () => ctx.database.db;
  const transmit = (cookie: string, payload: unknown = { taxYear: YEAR }) => send(ctx.app, 'POST', '/api/tax-year-status/transmit', cookie, payload);
  const review = async (cookie: string) => {
    const response = await get(ctx.app, `/api/tax-year-status/review?taxYear=${YEAR}`, { cookie });
    expect(response.statusCode).toBe(200);
    return response.json<TransmitReviewResponse>();
  };
  /** The year's tax profile with these answers, completed (as a person at status 3 has it). */
  const answers = async (cookie: string, values: Record<string, unknown>) => {
    const saved = await send(ctx.app, 'PUT', `/api/tax-profile/draft?taxYear=${YEAR}`, cookie, { step: 4, personal: {}, answers: values, version: 0 });
    await db().update(taxProfiles).set({ completedAt: new Date() }).where(eq(taxProfiles.taxYear, YEAR));
    return saved;
  };

  /** A person at status 3 with the six required documents and Advanced Tax Information complete. */
  async function readyPerson(email = 'anna@example.ch') {
    await signIn(ctx, 'admin@example.ch').catch(() => undefined);
    const person = await signIn(ctx, email);
    await setStatusRow(db(), person.user.id, YEAR, 'documents_submitted');
    await markSectionComplete(db(), person.user.id, YEAR);
    await addRequiredDocuments(db(), person.user.id, YEAR);
    return person;
  }

  async function expectRefused(cookie: string, userId: number, status: number, code: string, message: RegExp) {
    const response = await transmit(cookie, { taxYear: YEAR, confirmed: true });
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toMatchObject({ code, message: expect.stringMatching(message) });
    expect(await statusRow(db(), userId, YEAR)).toBe('documents_submitted');
  }

  it('nothing blocks a year whose answers promise nothing: the review says so and transmit moves 3 → 4', async () => {
    const { cookie } = await readyPerson();
    expect(await review(cookie)).toEqual({ taxYear: YEAR, current_status_id: 3, blocks: [], transmission: null });
    expect((await transmit(cookie, { taxYear: YEAR, confirmed: true })).statusCode).toBe(200);
    const after = await review(cookie);
    expect(after.current_status_id).toBe(4);
    expect(after.transmission?.documents).toHaveLength(6);
  });

  it('refuses without the tax ID the person said they have, until it is saved', async () => {
    const { cookie, user } = await readyPerson();
    expect((await answers(cookie, { hasTaxIdentificationNumber: true })).statusCode).toBe(200);
    expect((await review(cookie)).blocks).toEqual([{ code: 'TAX_ID_MISSING' }]);
    await expectRefused(cookie, user.id, 409, 'TAX_ID_MISSING', /tax ID/);

    expect((await send(ctx.app, 'PUT', '/api/advanced-tax-info/authorization', cookie, authorization(false))).statusCode).toBe(200);
    expect((await review(cookie)).blocks).toEqual([]);
    expect((await transmit(cookie)).statusCode).toBe(200);
  });

  it('refuses a single person who chose a power of attorney until its signed copy is uploaded', async () => {
    const { cookie, user } = await readyPerson();
    expect((await send(ctx.app, 'PUT', '/api/advanced-tax-info/authorization', cookie, authorization(true))).statusCode).toBe(200);
    expect((await review(cookie)).blocks).toEqual([{ code: 'SIGNED_POWER_OF_ATTORNEY_MISSING', needed: 1, uploaded: 0 }]);
    await expectRefused(cookie, user.id, 409, 'SIGNED_POWER_OF_ATTORNEY_MISSING', /signed power of attorney.*1 needed; 0 uploaded/);

    await addDocument(db(), user.id, YEAR, 39, 'vollmacht.pdf');
    expect((await transmit(cookie)).statusCode).toBe(200);
  });

  it('asks a married couple for a signed power of attorney of each spouse', async () => {
    const { cookie, user } = await readyPerson();
    expect((await answers(cookie, { maritalStatus: 'married' })).statusCode).toBe(200);
    expect((await send(ctx.app, 'PUT', '/api/advanced-tax-info/authorization', cookie, authorization(true))).statusCode).toBe(200);
    await addDocument(db(), user.id, YEAR, 39, 'vollmacht-anna.pdf');
    // The married person's checklist asks for the spouse's salary statement and bank documents (D19).
    await addDocument(db(), user.id, YEAR, 26, 'konto-beat.pdf');
    await addDocument(db(), user.id, YEAR, 30, 'lohnausweis-beat.pdf');
    expect((await review(cookie)).blocks).toEqual([{ code: 'SIGNED_POWER_OF_ATTORNEY_MISSING', needed: 2, uploaded: 1 }]);
    await expectRefused(cookie, user.id, 409, 'SIGNED_POWER_OF_ATTORNEY_MISSING', /2 needed, one per spouse; 1 uploaded/);

    await addDocument(db(), user.id, YEAR, 39, 'vollmacht-beat.pdf');
    expect((await transmit(cookie)).statusCode).toBe(200);
  });

  it('refuses a year whose tax profile was reopened for editing until it is completed again', async () => {
    const { cookie, user } = await readyPerson();
    expect((await answers(cookie, { maritalStatus: 'individual' })).statusCode).toBe(200);
    expect((await review(cookie)).blocks).toEqual([]);
    expect((await send(ctx.app, 'POST', `/api/tax-profile/reopen?taxYear=${YEAR}`, cookie, {})).statusCode).toBe(200);
    expect((await review(cookie)).blocks).toEqual([{ code: 'TAX_PROFILE_INCOMPLETE' }]);
    await expectRefused(cookie, user.id, 409, 'TAX_PROFILE_INCOMPLETE', /reopened for editing/);

    await db().update(taxProfiles).set({ completedAt: new Date() }).where(eq(taxProfiles.userId, user.id));
    expect((await transmit(cookie)).statusCode).toBe(200);
  });

  it('refuses while a checklist item is open, naming it, and lists every open item in the review', async () => {
    await signIn(ctx, 'admin@example.ch');
    const { cookie, user } = await signIn(ctx, 'anna@example.ch');
    // Status 3 without the documents: an administrator's override, the one way to get here.
    await setStatusRow(db(), user.id, YEAR, 'documents_submitted');
    await markSectionComplete(db(), user.id, YEAR);
    for (const categoryId of [1, 2, 3, 4, 21]) await addDocument(db(), user.id, YEAR, categoryId, `doc-${categoryId}.pdf`);
    expect((await review(cookie)).blocks).toEqual([{ code: 'CHECKLIST_INCOMPLETE', categoryId: 5 }]);
    await expectRefused(cookie, user.id, 409, 'CHECKLIST_INCOMPLETE', /"Salary Statement" has no document/);

    await addDocument(db(), user.id, YEAR, 5, 'lohnausweis.pdf');
    expect((await transmit(cookie)).statusCode).toBe(200);
  });

  it('names an incomplete Advanced Tax Information section before any other block', async () => {
    await signIn(ctx, 'admin@example.ch');
    const { cookie, user } = await signIn(ctx, 'anna@example.ch');
    await setStatusRow(db(), user.id, YEAR, 'documents_submitted');
    expect((await review(cookie)).blocks.map((b) => b.code)).toEqual(['ADVANCED_INFO_INCOMPLETE', ...Array(6).fill('CHECKLIST_INCOMPLETE')]);
    await expectRefused(cookie, user.id, 409, 'ADVANCED_INFO_INCOMPLETE', /Advanced Tax Information/);
  });

  it('refuses confirmed: false with 400 CONFIRMATION_REQUIRED at its field; a body without it still transmits', async () => {
    const { cookie, user } = await readyPerson();
    const refused = await transmit(cookie, { taxYear: YEAR, confirmed: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'CONFIRMATION_REQUIRED', field: 'confirmed' });
    expect(await statusRow(db(), user.id, YEAR)).toBe('documents_submitted');
    expect((await transmit(cookie, { taxYear: YEAR, confirmed: 'yes' })).statusCode).toBe(400);
    expect((await transmit(cookie, { taxYear: YEAR })).statusCode).toBe(200);
  });
});
