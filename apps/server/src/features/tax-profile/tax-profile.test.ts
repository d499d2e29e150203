import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TaxCategoryPreferencesResponse, TaxProfileResponse, UserResponse } from '@taxli/domain';
import { auditEvents, taxDeclarations, taxProfiles } from '../../db/schema.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { send, statusRow } from '../../test/status-helpers.js';
import { wizardFinalSubmit } from '../../test/tax-profile-fixture.js';

/** The test clock's year in preparation (15 March 2026 → 2025). */
const YEAR = 2025;

/** Anna with two children and two properties (rental income applies), as the tax-card test needs. */
const finalSubmit = (overrides: Record<string, unknown> = {}) =>
  wizardFinalSubmit(YEAR, { propertyOwner: true, numberOfProperties: 2, numberOfChildren: 2, childrenAges: [7, 12], taxStatus: 'documents_pending', ...overrides });

describe.each(drivers)('tax profile API (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const db = () => ctx.database.db;

  async function signedIn(email = 'anna@example.ch') {
    await signIn(ctx, 'admin@example.ch'); // the first account is the admin; these tests are about ordinary people
    return signIn(ctx, email);
  }
  const profile = (cookie: string, year = YEAR) => get(ctx.app, `/api/tax-profile?taxYear=${year}`, { cookie });

  it('saves a draft at any step and gives it back, on any device (another session of the same person)', async () => {
    const { cookie } = await signedIn();
    const draft = {
      step: 6,
      personal: { salutation: 'mr', firstName: 'Anna', lastName: 'Muster', dateOfBirth: '1990-04-12', phone: '0791234567', jobName: 'Teacher' },
      answers: { religion: 'other_none', cantonOfResidence: 'bern', street: 'Marktgasse', zipCode: '3011', city: 'Bern', gemeinde: 'Bern', movedDuringYear: 'yes', isFirefighter: true },
    };
    const saved = await send(ctx.app, 'PUT', `/api/tax-profile/draft?taxYear=${YEAR}`, cookie, draft);
    expect(saved.statusCode).toBe(200);
    const other = await signIn(ctx, 'anna@example.ch');
    const back = (await profile(other.cookie)).json<TaxProfileResponse>();
    expect(back).toMatchObject({ taxYear: YEAR, step: 6, isComplete: false, answers: draft.answers, personal: draft.personal });
  });

  it('refuses a draft edited from an older version with 409 DRAFT_OUTDATED and keeps the newer one (two tabs)', async () => {
    const { cookie } = await signedIn();
    const first = (await profile(cookie)).json<TaxProfileResponse>();
    expect(first.version).toBe(0);
    // Tab A and tab B both opened the wizard at version 0; A moves on twice.
    const a1 = await send(ctx.app, 'PUT', `/api/tax-profile/draft?taxYear=${YEAR}`, cookie, { step: 2, personal: {}, answers: { city: 'Bern' }, version: 0 });
    expect(a1.statusCode).toBe(200);
    const afterA1 = a1.json<TaxProfileResponse>();
    expect(afterA1.version).toBe(1);
    const a2 = await send(ctx.app, 'PUT', `/api/tax-profile/draft?taxYear=${YEAR}`, cookie, { step: 3, personal: {}, answers: { city: 'Thun' }, version: afterA1.version });
    expect(a2.json<TaxProfileResponse>()).toMatchObject({ step: 3, version: 2 });
    // B's Next still carries version 0: refused, nothing overwritten.
    const b = await send(ctx.app, 'PUT', `/api/tax-profile/draft?taxYear=${YEAR}`, cookie, { step: 1, personal: {}, answers: { city: 'Olten' }, version: 0 });
    expect(b.statusCode).toBe(409);
    expect(b.json().error).toMatchObject({ code: 'DRAFT_OUTDATED', field: 'version' });
    expect((await profile(cookie)).json()).toMatchObject({ step: 3, version: 2, answers: { city: 'Thun' } });
    // Two saves from the same version at once: exactly one wins.
    const both = await Promise.all(
      ['Biel', 'Chur'].map((city) => send(ctx.app, 'PUT', `/api/tax-profile/draft?taxYear=${YEAR}`, cookie, { step: 4, personal: {}, answers: { city }, version: 2 })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // A client that sends no version (the spec's body) is saved as before.
    const plain = await send(ctx.app, 'PUT', `/api/tax-profile/draft?taxYear=${YEAR}`, cookie, { step: 5, personal: {}, answers: { city: 'Sion' } });
    expect(plain.json<TaxProfileResponse>()).toMatchObject({ step: 5, version: 4, answers: { city: 'Sion' } });
  });

  it('refuses a bad draft with 400 naming the field and keeps what was stored', async () => {
    const { cookie } = await signedIn();
    await send(ctx.app, 'PUT', `/api/tax-profile/draft?taxYear=${YEAR}`, cookie, { step: 3, personal: {}, answers: { city: 'Bern' } });
    for (const [answers, field] of [
      [{ zipCode: '99999' }, 'zipCode'],
      [{ childrenAges: [19] }, 'childrenAges.0'],
      [{ maritalStatus: 'single' }, 'maritalStatus'],
      [{ city: 'Bern\u0007' }, 'city'],
      [{ unknownField: true }, ''],
    ] as const) {
      const response = await send(ctx.app, 'PUT', `/api/tax-profile/draft?taxYear=${YEAR}`, cookie, { step: 4, personal: {}, answers });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      if (field) expect(response.json().error.field).toBe(field);
    }
    expect((await profile(cookie)).json()).toMatchObject({ step: 3, answers: { city: 'Bern' } });
  });

  it('refuses a draft with NUL or half a surrogate pair with 400 INVALID_CHARACTERS (jsonb refused it with a 500)', async () => {
    const { cookie } = await signedIn();
    for (const city of ['Bern\u0000', 'Be\ud800rn']) {
      const response = await send(ctx.app, 'PUT', `/api/tax-profile/draft?taxYear=${YEAR}`, cookie, { step: 4, personal: {}, answers: { city } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'INVALID_CHARACTERS', field: 'answers.city' });
    }
    expect((await profile(cookie)).json().answers).toEqual({});
  });

  it('completes the year in one final submit: profile, tax address, declaration, status 2, audit', async () => {
    const { cookie, user } = await signedIn();
    const response = await send(ctx.app, 'PUT', '/api/user/profile', cookie, finalSubmit());
    expect(response.statusCode).toBe(200);
    const answer = response.json<UserResponse>();
    expect(answer).toMatchObject({
      isTaxProfileComplete: true,
      taxStatus: 'documents_pending',
      salutation: 'mrs',
      dateOfBirth: '1990-04-12',
      jobName: 'Teacher',
      phone: '791234567',
      taxAddress: { street: 'Bahnhofstrasse', houseNumber: '12a', zipCode: '8001', city: 'Zürich', gemeinde: 'Zürich' },
    });
    expect(await statusRow(db(), user.id, YEAR)).toBe('documents_pending');
    expect((await profile(cookie)).json()).toMatchObject({ isComplete: true, answers: { maritalStatus: 'married', childrenAges: [7, 12] } });

    const declaration = await get(ctx.app, `/api/tax/declaration?taxYear=${YEAR}`, { cookie });
    expect(declaration.statusCode).toBe(200);
    expect(declaration.headers['content-disposition']).toBe(`attachment; filename="tax_declaration_${user.id}_2026-03-15.json"`);
    expect(declaration.json()).toMatchObject({
      personalInfo: { firstName: 'Anna', religion: 'reformed' },
      location: { cantonOfResidence: 'zurich', zipCode: '8001' },
      children: { numberOfChildren: 2, childrenAges: [7, 12] },
      metadata: { userId: user.id, taxYear: YEAR, profileVersion: '1.0', completionStatus: 'complete', dataValidated: true },
    });
    const events = await db().select().from(auditEvents).where(eq(auditEvents.action, 'tax_profile.complete'));
    expect(events).toHaveLength(1);
    // The spec's client then calls status/set; the move is made already, so it answers status 2.
    const set = await send(ctx.app, 'POST', '/api/status/set', cookie, { statusId: 2, taxYear: YEAR });
    expect(set.json()).toMatchObject({ current_status_id: 2, status: 'documents_pending' });
  });

  it('refuses an incomplete final submit with 400 naming the field, and stores nothing of it', async () => {
    const { cookie, user } = await signedIn();
    const response = await send(ctx.app, 'PUT', '/api/user/profile', cookie, finalSubmit({ street: '  ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'street' });
    expect(await db().select().from(taxProfiles)).toHaveLength(0);
    expect(await db().select().from(taxDeclarations)).toHaveLength(0);
    expect(await statusRow(db(), user.id, YEAR)).toBeUndefined();
    expect((await get(ctx.app, `/api/user?taxYear=${YEAR}`, { cookie })).json()).toMatchObject({ isTaxProfileComplete: false, jobName: '' });
  });

  it('moves 1 → 2 only with a complete tax profile (409), and no other status for a non-admin (403)', async () => {
    const { cookie, user } = await signedIn();
    const early = await send(ctx.app, 'POST', '/api/status/set', cookie, { statusId: 2, taxYear: YEAR });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('TAX_PROFILE_INCOMPLETE');
    for (const statusId of [1, 3, 4, 6]) {
      const response = await send(ctx.app, 'POST', '/api/status/set', cookie, { statusId, taxYear: YEAR });
      expect(response.statusCode).toBe(403);
    }
    expect(await statusRow(db(), user.id, YEAR)).toBeUndefined();
  });

  it("keeps each person's years apart: another user's and another year's data are untouched", async () => {
    const anna = await signedIn();
    const ben = await signIn(ctx, 'ben@example.ch');
    await send(ctx.app, 'PUT', '/api/user/profile', anna.cookie, finalSubmit());
    expect((await profile(ben.cookie)).json()).toMatchObject({ isComplete: false, step: 0, answers: {} });
    expect((await get(ctx.app, `/api/tax/declaration?taxYear=${YEAR}`, { cookie: ben.cookie })).statusCode).toBe(404);
    expect((await get(ctx.app, `/api/user?taxYear=${YEAR}`, { cookie: ben.cookie })).json()).toMatchObject({ isTaxProfileComplete: false });
    // Another year of Anna's starts empty, and offers last year's answers.
    expect((await profile(anna.cookie, 2024)).json()).toMatchObject({ isComplete: false, previousCompleteYear: null });
    expect((await profile(anna.cookie, 2026)).json()).toMatchObject({ isComplete: false, previousCompleteYear: 2025 });
  });

  it('keeps client declarations as versions: checked, own user id only, the same one twice adds none', async () => {
    const { cookie, user } = await signedIn();
    await send(ctx.app, 'PUT', '/api/user/profile', cookie, finalSubmit());
    const stored = (await get(ctx.app, `/api/tax/declaration?taxYear=${YEAR}`, { cookie })).json();
    const filename = `tax_declaration_${user.id}_2026-03-15.json`;
    const again = await send(ctx.app, 'POST', '/api/tax/save-declaration', cookie, { taxData: stored, filename });
    expect(again.json()).toMatchObject({ success: true, version: 1, isNewVersion: false });
    const changed = { ...stored, employment: { ...stored.employment, hasPension: true } };
    expect((await send(ctx.app, 'POST', '/api/tax/save-declaration', cookie, { taxData: changed, filename })).json()).toMatchObject({ version: 2, isNewVersion: true });

    const bad = await send(ctx.app, 'POST', '/api/tax/save-declaration', cookie, { taxData: { ...stored, personalStatus: { isFirefighter: 'yes', maritalStatus: 'married' } }, filename });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('taxData.personalStatus.isFirefighter');
    const foreign = await send(ctx.app, 'POST', '/api/tax/save-declaration', cookie, { taxData: { ...stored, metadata: { ...stored.metadata, userId: user.id + 1 } }, filename });
    expect(foreign.statusCode).toBe(400);
    expect(await db().select().from(taxDeclarations)).toHaveLength(2);
  });

  it("accepts a declaration in part 2 §3's own groups: no houseNumber, the user record's taxAddress, religion by its label", async () => {
    const { cookie, user } = await signedIn();
    const me = (await get(ctx.app, `/api/user?taxYear=${YEAR}`, { cookie })).json<UserResponse>();
    // Written out from §3, field by field, as a client built from the spec sends it.
    const taxData = {
      personalInfo: {
        salutation: 'mrs', firstName: 'Anna', lastName: 'Muster', dateOfBirth: '1990-04-12', religion: 'Roman Catholic',
        phone: '0791234567', countryCode: '+41', jobName: 'Teacher', taxAddress: me.taxAddress,
      },
      location: { cantonOfResidence: 'bern', street: 'Marktgasse 5', zipCode: '3011', city: 'Bern', gemeinde: 'Bern', movedDuringYear: 'no', housingSituation: 'renter' },
      personalStatus: { isFirefighter: false, maritalStatus: 'individual' },
      realEstate: { propertyOwner: false, numberOfProperties: 0, propertyCountry: '', propertyUse: null },
      children: { hasChildren: false, numberOfChildren: 0, childrenAges: [] },
      taxFeatures: { hasInvestments: false, hasForeignIncome: false, isDisabled: false, receivesAHVIV: false, hasTaxIdentificationNumber: false, hasPowerOfAttorney: false },
      employment: { employmentType: 'employed', hasPillar3a: true, hasPension: false },
      alimony: { paysAlimony: false, alimonyAmount: 0, alimonyDuration: '' },
      metadata: { submitDate: '2026-03-15T09:00:00.000Z', userId: user.id, taxYear: YEAR, profileVersion: '1.0', completionStatus: 'complete', dataValidated: true },
    };
    expect(Object.keys(me.taxAddress).sort()).toEqual(['city', 'gemeinde', 'houseNumber', 'street', 'zipCode']);
    const filename = `tax_declaration_${user.id}_2026-03-15.json`;
    const saved = await send(ctx.app, 'POST', '/api/tax/save-declaration', cookie, { taxData, filename });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, taxYear: YEAR, version: 1, isNewVersion: true });
    // The label is read as its id; everything else is kept as sent.
    const stored = (await get(ctx.app, `/api/tax/declaration?taxYear=${YEAR}`, { cookie })).json();
    expect(stored.personalInfo).toEqual({ ...taxData.personalInfo, religion: 'roman_catholic' });
    expect(stored.location).toEqual(taxData.location);

    for (const [label, id] of [['Reformed', 'reformed'], ['Christian Catholic', 'christian_catholic'], ['Evangelical Reformed', 'evangelical_reformed'], ['Other/None', 'other_none']]) {
      const body = { taxData: { ...taxData, personalInfo: { ...taxData.personalInfo, religion: label } }, filename };
      expect((await send(ctx.app, 'POST', '/api/tax/save-declaration', cookie, body)).statusCode).toBe(200);
      expect((await get(ctx.app, `/api/tax/declaration?taxYear=${YEAR}`, { cookie })).json().personalInfo.religion).toBe(id);
    }
    // A wrong value or type is still a 400 naming the field.
    for (const [personalInfo, field] of [
      [{ ...taxData.personalInfo, religion: 'Catholic' }, 'taxData.personalInfo.religion'],
      [{ ...taxData.personalInfo, taxAddress: { ...me.taxAddress, zipCode: 8001 } }, 'taxData.personalInfo.taxAddress.zipCode'],
      [{ ...taxData.personalInfo, taxAddress: { ...me.taxAddress, country: 'CH' } }, 'taxData.personalInfo.taxAddress'],
    ] as const) {
      const refused = await send(ctx.app, 'POST', '/api/tax/save-declaration', cookie, { taxData: { ...taxData, personalInfo }, filename });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.field).toBe(field);
    }
  });

  it("gives each tax card §3's keys, category and description, beside the app's own", async () => {
    const { cookie } = await signedIn();
    await send(ctx.app, 'PUT', '/api/user/profile', cookie, finalSubmit());
    const { cards } = (await get(ctx.app, `/api/tax-category-preferences?taxYear=${YEAR}`, { cookie })).json<TaxCategoryPreferencesResponse>();
    expect(cards).toHaveLength(21);
    for (const card of cards) {
      expect(Object.keys(card)).toEqual(expect.arrayContaining(['id', 'title', 'description', 'category', 'isEnabled', 'requiredFields', 'relevanceReason']));
      expect(card.category).toBe(card.group);
      expect(card.description.length).toBeGreaterThan(10);
    }
    expect(cards.find((card) => card.id === 'mortgage_interest')).toMatchObject({ category: 'property', description: 'Interest paid on mortgages, deductible as interest on debts.' });
  });

  it('gives the tax cards of the stored answers', async () => {
    const { cookie } = await signedIn();
    await send(ctx.app, 'PUT', '/api/user/profile', cookie, finalSubmit());
    const cards = (await get(ctx.app, `/api/tax-category-preferences?taxYear=${YEAR}`, { cookie })).json<TaxCategoryPreferencesResponse>();
    expect(cards.preferences).toEqual({ investments: true, deductions: true, realEstate: true, foreignIncome: false, spouse: true, children: true });
    expect(cards.cards).toHaveLength(21);
    expect(cards.cards.find((c) => c.id === 'rental_income')?.isEnabled).toBe(true);
    expect(cards.cards.find((c) => c.id === 'foreign_income')?.isEnabled).toBe(false);
    expect(cards.priorityCards.map((c) => c.group)).toEqual(['family', 'family', 'family']);
    expect(cards.completeness).toBe(100);
  });

  it('saves the tax address of the address lookup, which clears its notification', async () => {
    const { cookie, user } = await signedIn();
    // The bell asks for the tax address once the year's tax profile is complete (ADR 14); this one
    // was completed without it.
    await ctx.database.db.insert(taxProfiles).values({ userId: user.id, taxYear: YEAR, answers: {}, completedAt: new Date() });
    const before = (await get(ctx.app, '/api/notifications', { cookie })).json<{ category: string }[]>();
    expect(before.some((n) => n.category === 'address')).toBe(true);
    const saved = await send(ctx.app, 'PUT', '/api/user/tax-address', cookie, { street: 'Rue du Rhône', houseNumber: '5', zipCode: '1204', city: 'Genève', gemeinde: 'Genève' });
    expect(saved.json()).toMatchObject({ taxAddress: { street: 'Rue du Rhône', houseNumber: '5', zipCode: '1204', city: 'Genève' } });
    const after = (await get(ctx.app, '/api/notifications', { cookie })).json<{ category: string }[]>();
    expect(after.some((n) => n.category === 'address')).toBe(false);
    const bad = await send(ctx.app, 'PUT', '/api/user/tax-address', cookie, { street: 'Hauptstrasse', zipCode: '9700', city: 'Bregenz' });
    expect(bad.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'zipCode' });
  });

  it('serves the 26 cantons to anyone as /cantons/cantons.json', async () => {
    const response = await get(ctx.app, '/cantons/cantons.json');
    expect(response.statusCode).toBe(200);
    const cantons = response.json<{ name: string; code: string; imagePath: string }[]>();
    expect(cantons).toHaveLength(26);
    expect(cantons).toContainEqual({ name: 'Zurich', code: 'ZH', imagePath: '/cantons/zh.svg' });
  });
});
