import { describe, expect, it } from 'vitest';
import type { TaxProfileResponse, UserResponse } from '@taxli/domain';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { send } from '../../test/status-helpers.js';
import { wizardFinalSubmit } from '../../test/tax-profile-fixture.js';

/** The test clock's year in preparation (15 March 2026 → 2025). */
const YEAR = 2025;
const DRAFT_URL = `/api/tax-profile/draft?taxYear=${YEAR}`;

/** What the wizard sends at every Next: its whole personal step, names and phone included. */
const wizardPersonal = { salutation: 'mrs', firstName: 'Anna', lastName: 'Muster', dateOfBirth: '1990-04-12', phone: '791234567', countryCode: '+41', jobName: 'Teacher' };
const profileForm = (overrides: Record<string, unknown> = {}) => ({ firstName: 'Anna', lastName: 'Muster', phone: '791234567', countryCode: '+41', ...overrides });

/**
 * The wizard keeps its own copy of the person's names and phone in its draft. A change made on the
 * profile afterwards is the newer one: the wizard shows it, and neither an open wizard tab's next
 * draft nor its final submit writes the older copy back.
 */
describe.each(drivers)("the wizard's draft follows a changed profile (%s)", (driver) => {
  const ctx = useTestApp(driver);

  async function signedIn() {
    await signIn(ctx, 'admin@example.ch'); // the first account is the admin
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    await send(ctx.app, 'PUT', '/api/user/profile', cookie, profileForm());
    return cookie;
  }
  const profile = async (cookie: string) => (await get(ctx.app, `/api/tax-profile?taxYear=${YEAR}`, { cookie })).json<TaxProfileResponse>();
  const saveDraft = (cookie: string, body: Record<string, unknown>) => send(ctx.app, 'PUT', DRAFT_URL, cookie, body);

  it('shows the name saved on the profile after the draft, not the draft\'s older copy, and keeps the rest of the draft', async () => {
    const cookie = await signedIn();
    const draft = await saveDraft(cookie, { step: 3, personal: wizardPersonal, answers: { city: 'Bern' }, version: 0 });
    expect(draft.statusCode).toBe(200);
    const saved = await send(ctx.app, 'PUT', '/api/user/profile', cookie, profileForm({ lastName: 'Keller', phone: '0781112233' }));
    expect(saved.statusCode).toBe(200);
    const back = await profile(cookie);
    expect(back.personal).toMatchObject({ firstName: 'Anna', lastName: 'Keller', phone: '781112233', salutation: 'mrs', jobName: 'Teacher', dateOfBirth: '1990-04-12' });
    expect(back).toMatchObject({ step: 3, answers: { city: 'Bern' } });
    // The version moved on: a tab still holding the older draft is told, not obeyed.
    expect(back.version).toBe(draft.json<TaxProfileResponse>().version + 1);
  });

  it("refuses an open wizard tab's older draft with 409 DRAFT_OUTDATED, so the changed name stays", async () => {
    const cookie = await signedIn();
    const { version } = (await saveDraft(cookie, { step: 2, personal: wizardPersonal, answers: {}, version: 0 })).json<TaxProfileResponse>();
    await send(ctx.app, 'PUT', '/api/user/profile', cookie, profileForm({ firstName: 'Anne' }));
    const stale = await saveDraft(cookie, { step: 3, personal: wizardPersonal, answers: { city: 'Thun' }, version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'DRAFT_OUTDATED', field: 'version' });
    expect((await profile(cookie)).personal.firstName).toBe('Anne');
  });

  it('leaves the draft and its version alone when a profile save changes none of its fields', async () => {
    const cookie = await signedIn();
    const typed = { ...wizardPersonal, firstName: 'Annette' }; // typed in the wizard, not saved on the profile
    const { version } = (await saveDraft(cookie, { step: 1, personal: typed, answers: {}, version: 0 })).json<TaxProfileResponse>();
    const same = await send(ctx.app, 'PUT', '/api/user/profile', cookie, profileForm({ language: 'fr' }));
    expect(same.statusCode).toBe(200);
    const back = await profile(cookie);
    expect(back.version).toBe(version);
    expect(back.personal.firstName).toBe('Annette');
  });

  it('takes the phone and its country code together: a changed country code drops the draft\'s phone too', async () => {
    const cookie = await signedIn();
    await saveDraft(cookie, { step: 1, personal: wizardPersonal, answers: {}, version: 0 });
    await send(ctx.app, 'PUT', '/api/user/profile', cookie, profileForm({ countryCode: '+49', phone: '15112345678' }));
    expect((await profile(cookie)).personal).toMatchObject({ countryCode: '+49', phone: '15112345678' });
  });

  it('refuses a final submit edited from an older version with 409 naming draftVersion, and writes nothing of it', async () => {
    const cookie = await signedIn();
    const { version } = (await saveDraft(cookie, { step: 11, personal: wizardPersonal, answers: {}, version: 0 })).json<TaxProfileResponse>();
    await send(ctx.app, 'PUT', '/api/user/profile', cookie, profileForm({ lastName: 'Keller' }));
    const stale = await send(ctx.app, 'PUT', '/api/user/profile', cookie, wizardFinalSubmit(YEAR, { draftVersion: version }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'DRAFT_OUTDATED', field: 'draftVersion' });
    const user = (await get(ctx.app, `/api/user?taxYear=${YEAR}`, { cookie })).json<UserResponse>();
    expect(user).toMatchObject({ lastName: 'Keller', isTaxProfileComplete: false });
    expect((await profile(cookie)).isComplete).toBe(false);

    // From the newer version the submit completes the year.
    const fresh = await profile(cookie);
    const done = await send(ctx.app, 'PUT', '/api/user/profile', cookie, wizardFinalSubmit(YEAR, { lastName: fresh.personal.lastName, draftVersion: fresh.version }));
    expect(done.statusCode).toBe(200);
    expect(done.json<UserResponse>()).toMatchObject({ lastName: 'Keller', isTaxProfileComplete: true });
  });

  it("a year's final submit with another name is the other years' drafts' too", async () => {
    const cookie = await signedIn();
    const older = YEAR - 1;
    const draft = await send(ctx.app, 'PUT', `/api/tax-profile/draft?taxYear=${older}`, cookie, { step: 2, personal: wizardPersonal, answers: {}, version: 0 });
    expect(draft.statusCode).toBe(200);
    expect((await send(ctx.app, 'PUT', '/api/user/profile', cookie, wizardFinalSubmit(YEAR, { lastName: 'Keller' }))).statusCode).toBe(200);
    const other = (await get(ctx.app, `/api/tax-profile?taxYear=${older}`, { cookie })).json<TaxProfileResponse>();
    expect(other).toMatchObject({ step: 2, isComplete: false, personal: { lastName: 'Keller', jobName: 'Teacher' } });
    expect(other.version).toBe(draft.json<TaxProfileResponse>().version + 1);
  });

  it('completes a year never drafted from version 0, and a final submit without draftVersion as the spec\'s', async () => {
    const cookie = await signedIn();
    const first = await send(ctx.app, 'PUT', '/api/user/profile', cookie, wizardFinalSubmit(YEAR, { draftVersion: 0 }));
    expect(first.statusCode).toBe(200);
    const again = await send(ctx.app, 'PUT', '/api/user/profile', cookie, wizardFinalSubmit(YEAR));
    expect(again.statusCode).toBe(200);
  });

  it('refuses a bad draftVersion with 400 naming it', async () => {
    const cookie = await signedIn();
    for (const draftVersion of [-1, 1.5, 'one', 2 ** 31]) {
      const response = await send(ctx.app, 'PUT', '/api/user/profile', cookie, wizardFinalSubmit(YEAR, { draftVersion }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'draftVersion' });
    }
    expect((await profile(cookie)).isComplete).toBe(false);
  });
});
