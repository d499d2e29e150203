import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { UserResponse } from '@taxli/domain';
import { taxYearStatuses, termsAcceptances, users } from '../../db/schema.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get, post, signIn } from '../../test/auth-helpers.js';

const EMAIL = 'anna@example.ch';
const PROFILE = { firstName: 'Anna', lastName: 'Muster', phone: '079 123 45 67', countryCode: '+41' };

describe.each(drivers)('user and profile API (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const put = (cookie: string, payload: unknown, url = '/api/user/profile') =>
    ctx.app.inject({ method: 'PUT', url, payload: payload as object, headers: { cookie, origin: 'http://localhost:8080' } });

  it('returns the user for the tax year in preparation by default', async () => {
    const { cookie, user } = await signIn(ctx, EMAIL);
    const response = await get(ctx.app, '/api/user', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json<UserResponse>()).toEqual({
      id: user.id,
      email: EMAIL,
      name: '',
      firstName: '',
      lastName: '',
      phone: '',
      countryCode: '+41',
      language: 'en',
      role: 'admin',
      isAdmin: true,
      subscriptionPlan: 'basic',
      isProfileComplete: false,
      isTaxProfileComplete: false,
      hasAcceptedTerms: false,
      salutation: null,
      dateOfBirth: null,
      jobName: '',
      taxAddress: { street: null, houseNumber: null, zipCode: null, city: null, gemeinde: null },
      taxYear: 2025,
      taxStatus: 'profile_incomplete',
      taxYearStatuses: [],
    });
  });

  it('reads the status of the requested year and lists every year', async () => {
    const { cookie, user } = await signIn(ctx, EMAIL);
    await ctx.database.db.insert(taxYearStatuses).values([
      { userId: user.id, taxYear: 2024, status: 'completed' },
      { userId: user.id, taxYear: 2025, status: 'documents_pending' },
    ]);
    const current = (await get(ctx.app, '/api/user', { cookie })).json<UserResponse>();
    expect(current.taxStatus).toBe('documents_pending');
    expect(current.taxYearStatuses).toEqual([
      { taxYear: 2025, status: 'documents_pending' },
      { taxYear: 2024, status: 'completed' },
    ]);
    expect((await get(ctx.app, '/api/user?taxYear=2024', { cookie })).json<UserResponse>()).toMatchObject({ taxYear: 2024, taxStatus: 'completed' });
    expect((await get(ctx.app, '/api/user?taxYear=2023', { cookie })).json<UserResponse>().taxStatus).toBe('profile_incomplete');
  });

  it('refuses a tax year outside the accepted range or not a number, naming taxYear', async () => {
    const { cookie } = await signIn(ctx, EMAIL);
    for (const year of ['2015', '2028', 'abc', '2024.5']) {
      const response = await get(ctx.app, `/api/user?taxYear=${year}`, { cookie });
      expect(response.statusCode, year).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'taxYear' });
    }
    expect((await get(ctx.app, '/api/user?taxYear=2016', { cookie })).statusCode).toBe(200);
    expect((await get(ctx.app, '/api/user?taxYear=2027', { cookie })).statusCode).toBe(200);
  });

  it('updates the profile and answers with the updated user', async () => {
    const { cookie } = await signIn(ctx, EMAIL);
    const response = await put(cookie, { ...PROFILE, language: 'de', name: 'Anna Muster' });
    expect(response.statusCode).toBe(200);
    expect(response.json<UserResponse>()).toMatchObject({
      name: 'Anna Muster',
      firstName: 'Anna',
      lastName: 'Muster',
      phone: '791234567',
      countryCode: '+41',
      language: 'de',
      taxYear: 2025,
    });
    expect((await get(ctx.app, '/api/user', { cookie })).json<UserResponse>().phone).toBe('791234567');
  });

  it('stores one form of a phone number however it was typed: with the country code it is the E.164 number (issue 28)', async () => {
    const { cookie, user } = await signIn(ctx, EMAIL);
    const typings: Array<[string, string, string]> = [
      ['+41', '0791234567', '791234567'],
      ['+41', '+41 79 123 45 67', '791234567'],
      ['+41', '0041 79 123 45 67', '791234567'],
      ['+49', '030 1234567', '301234567'],
      ['+39', '06 1234 5678', '0612345678'],
    ];
    for (const [countryCode, phone, stored] of typings) {
      const response = await put(cookie, { ...PROFILE, countryCode, phone });
      expect(response.statusCode).toBe(200);
      expect(response.json<UserResponse>()).toMatchObject({ phone: stored, countryCode });
      const [row] = await ctx.database.db.select({ phone: users.phone }).from(users).where(eq(users.id, user.id));
      expect(row?.phone).toBe(stored);
    }
  });

  it('stores every field it is sent, each read back: nothing vanishes (personal on the person, answers in the year)', async () => {
    const { cookie, user } = await signIn(ctx, EMAIL);
    const before = (await get(ctx.app, '/api/user', { cookie })).json<UserResponse>();
    const personal = { salutation: 'mrs', dateOfBirth: '1990-04-12', jobName: 'Teacher' };
    const answers = { religion: 'Reformed', cantonOfResidence: 'bern', maritalStatus: 'married', hasChildren: true, numberOfChildren: 2, childrenAges: [4, 9] };
    const taxAddress = { street: 'Marktgasse', houseNumber: '5', zipCode: '3011', city: 'Bern', gemeinde: 'Bern' };
    const response = await put(cookie, {
      ...PROFILE,
      ...personal,
      ...answers,
      name: 'Anna Muster',
      taxAddress,
      agreeToTerms: true,
      isTaxProfileComplete: false,
      subscriptionPlan: before.subscriptionPlan,
      taxStatus: before.taxStatus,
    });
    expect(response.statusCode).toBe(200);
    const after = (await get(ctx.app, '/api/user', { cookie })).json<UserResponse>();
    expect(after).toMatchObject({ ...personal, taxAddress, hasAcceptedTerms: true, isProfileComplete: true, isTaxProfileComplete: false });
    const year = (await get(ctx.app, '/api/tax-profile', { cookie })).json();
    expect(year).toMatchObject({ isComplete: false, answers: { ...answers, religion: 'reformed' } });
    // §3's "jobName (or occupation)".
    await put(cookie, { ...PROFILE, occupation: 'Nurse' });
    expect((await get(ctx.app, '/api/user', { cookie })).json<UserResponse>().jobName).toBe('Nurse');
    // Answers sent later are merged with those stored; the wizard's step stays.
    await put(cookie, { ...PROFILE, movedDuringYear: 'yes' });
    expect((await get(ctx.app, '/api/tax-profile', { cookie })).json().answers).toMatchObject({ ...answers, religion: 'reformed', movedDuringYear: 'yes' });
    expect(user.id).toBe(after.id);
  });

  it('refuses, naming it, a field it cannot take, and writes nothing of that request', async () => {
    const { cookie } = await signIn(ctx, EMAIL);
    const before = (await get(ctx.app, '/api/user', { cookie })).json<UserResponse>();
    const cases: [Record<string, unknown>, string][] = [
      [{ unknownField: 1 }, 'unknownField'],
      [{ email: 'other@example.ch' }, 'email'],
      [{ salutation: 'dr' }, 'salutation'],
      [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth'],
      [{ religion: 'Catholic' }, 'religion'],
      [{ childrenAges: [25] }, 'childrenAges.0'],
      [{ taxAddress: { street: 'Marktgasse', country: 'CH' } }, 'taxAddress'],
      [{ subscriptionPlan: before.subscriptionPlan === 'premium' ? 'basic' : 'premium' }, 'subscriptionPlan'],
      [{ taxStatus: 'completed' }, 'taxStatus'],
      [{ agreeToTerms: 'yes' }, 'agreeToTerms'],
    ];
    for (const [extra, field] of cases) {
      const response = await put(cookie, { ...PROFILE, firstName: 'Changed', ...extra });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error, field).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
    expect((await get(ctx.app, '/api/user', { cookie })).json<UserResponse>()).toMatchObject({ firstName: '', salutation: null, subscriptionPlan: before.subscriptionPlan });
    expect((await get(ctx.app, '/api/tax-profile', { cookie })).json().answers).toEqual({});
  });

  it('refuses an invalid profile, naming the field, and keeps the stored one', async () => {
    const { cookie } = await signIn(ctx, EMAIL);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...PROFILE, firstName: ' ' }, 'firstName'],
      [{ ...PROFILE, lastName: undefined }, 'lastName'],
      [{ ...PROFILE, phone: 'abc' }, 'phone'],
      [{ ...PROFILE, phone: '12' }, 'phone'],
      [{ ...PROFILE, countryCode: '+1' }, 'countryCode'],
      [{ ...PROFILE, language: 'zh' }, 'language'],
      [{ ...PROFILE, firstName: 'An\u0000na' }, 'firstName'],
      [{ ...PROFILE, lastName: 'Muster\u001b[31m' }, 'lastName'],
    ];
    for (const [payload, field] of cases) {
      const response = await put(cookie, payload);
      expect(response.statusCode, field).toBe(400);
      // NUL is refused on every route before its schema, as text the database cannot store.
      const code = JSON.stringify(payload).includes('\\u0000') ? 'INVALID_CHARACTERS' : 'VALIDATION_ERROR';
      expect(response.json().error).toMatchObject({ code, field });
      expect(response.json().error.message).toMatch(new RegExp(`^${field}: `));
    }
    expect((await get(ctx.app, '/api/user', { cookie })).json<UserResponse>().firstName).toBe('');
  });

  it('never lets a form opened before another save overwrite it: edited from an older profile is 409 PROFILE_OUTDATED', async () => {
    const { cookie } = await signIn(ctx, EMAIL);
    expect((await put(cookie, PROFILE)).statusCode).toBe(200);
    const shown = { firstName: 'Anna', lastName: 'Muster', phone: '791234567', countryCode: '+41' };
    // Another tab saves from what it showed (the phone as typed reads as the same stored one).
    const other = await put(cookie, { ...PROFILE, lastName: 'Meier', editedFrom: { ...shown, phone: '079 123 45 67' } });
    expect(other.statusCode).toBe(200);
    // This tab still shows the profile before it: refused, and what the other tab saved stays.
    const stale = await put(cookie, { ...PROFILE, phone: '0781112233', editedFrom: shown });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'PROFILE_OUTDATED' });
    expect(stale.json().error.message).toMatch(/another tab or on another device/);
    expect((await get(ctx.app, '/api/user', { cookie })).json<UserResponse>()).toMatchObject({ lastName: 'Meier', phone: '791234567' });
    // Edited from the stored one, it is saved; without editedFrom, as before.
    const fresh = await put(cookie, { ...PROFILE, phone: '0781112233', editedFrom: { ...shown, lastName: 'Meier' } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json<UserResponse>()).toMatchObject({ lastName: 'Muster', phone: '781112233' });
    expect((await put(cookie, { ...PROFILE, firstName: 'Anne' })).statusCode).toBe(200);
  });

  it('lets one of two saves edited from the same profile at the same moment through, and refuses the other whole', async () => {
    const { cookie } = await signIn(ctx, EMAIL);
    expect((await put(cookie, PROFILE)).statusCode).toBe(200);
    const shown = { firstName: 'Anna', lastName: 'Muster', phone: '791234567', countryCode: '+41' };
    // Two tabs opened on one profile press Save together, each round a new last name for both.
    for (let round = 0; round < 4; round++) {
      const from = round === 0 ? shown : { ...shown, lastName: `Kept${round - 1}` };
      const [one, other] = await Promise.all([
        put(cookie, { ...PROFILE, lastName: `One${round}`, editedFrom: from }),
        put(cookie, { ...PROFILE, lastName: `Other${round}`, editedFrom: from }),
      ]);
      expect([one.statusCode, other.statusCode].sort(), `round ${round}`).toEqual([200, 409]);
      const saved = (one.statusCode === 200 ? one : other).json<UserResponse>();
      expect((await get(ctx.app, '/api/user', { cookie })).json<UserResponse>().lastName).toBe(saved.lastName);
      // The next round starts from what was saved.
      expect((await put(cookie, { ...PROFILE, lastName: `Kept${round}`, editedFrom: { ...shown, lastName: saved.lastName } })).statusCode).toBe(200);
    }
  });

  it("refuses an editedFrom that is not the form's four fields, naming it, and writes nothing", async () => {
    const { cookie } = await signIn(ctx, EMAIL);
    for (const editedFrom of [{ firstName: 'Anna' }, 'Anna', { firstName: 'Anna', lastName: 'M', phone: '1', countryCode: '+41', extra: 1 }]) {
      const response = await put(cookie, { ...PROFILE, editedFrom });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(response.json().error.field).toMatch(/^editedFrom/);
    }
    expect((await get(ctx.app, '/api/user', { cookie })).json<UserResponse>().firstName).toBe('');
  });

  it('counts the profile complete only with name, phone and accepted terms, in either order', async () => {
    const first = await signIn(ctx, EMAIL);
    expect((await put(first.cookie, PROFILE)).json<UserResponse>().isProfileComplete).toBe(false);
    const accepted = await post(ctx.app, '/api/gtc/accept', { accepted: true }, { cookie: first.cookie });
    expect(accepted.statusCode).toBe(200);
    const after = (await get(ctx.app, '/api/user', { cookie: first.cookie })).json<UserResponse>();
    expect(after).toMatchObject({ isProfileComplete: true, hasAcceptedTerms: true });

    const second = await signIn(ctx, 'ben@example.ch');
    await post(ctx.app, '/api/gtc/accept', { accepted: true }, { cookie: second.cookie });
    expect((await get(ctx.app, '/api/user', { cookie: second.cookie })).json<UserResponse>().isProfileComplete).toBe(false);
    expect((await put(second.cookie, PROFILE)).json<UserResponse>().isProfileComplete).toBe(true);
    // The sign-in answer reports it too, so the login page can route to / instead of the profile.
    expect((await signIn(ctx, 'ben@example.ch')).user.isProfileComplete).toBe(true);
  });

  it('never credits one user with another user’s terms acceptance or tax-year statuses', async () => {
    const first = await signIn(ctx, EMAIL);
    await post(ctx.app, '/api/gtc/accept', { accepted: true }, { cookie: first.cookie });
    await put(first.cookie, PROFILE);
    await ctx.database.db.insert(taxYearStatuses).values({ userId: first.user.id, taxYear: 2025, status: 'processing' });
    const second = await signIn(ctx, 'ben@example.ch');
    const other = (await get(ctx.app, '/api/user', { cookie: second.cookie })).json<UserResponse>();
    expect(other).toMatchObject({ hasAcceptedTerms: false, taxYearStatuses: [], taxStatus: 'profile_incomplete' });
    // Saving a profile without having accepted the terms does not complete it.
    expect((await put(second.cookie, PROFILE)).json<UserResponse>().isProfileComplete).toBe(false);
  });

  it('records the terms acceptance with the server’s own evidence, once per version', async () => {
    const { cookie, user } = await signIn(ctx, EMAIL);
    const response = await post(
      ctx.app,
      '/api/gtc/accept',
      { accepted: true, timestamp: '1999-01-01T00:00:00Z', userAgent: 'client says', ipAddress: '1.2.3.4' },
      { cookie, headers: { 'user-agent': 'Mozilla/5.0 Test' }, remoteAddress: '203.0.113.5' },
    );
    expect(response.json()).toEqual({ success: true, acceptedAt: '2026-03-15T10:00:00.000Z' });
    const [row] = await ctx.database.db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, user.id));
    expect(row).toMatchObject({ termsVersion: 'v1', userAgent: 'Mozilla/5.0 Test' });
    expect(row?.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toMatch(/1\.2\.3\.4|203\.0\.113\.5|client says/);

    ctx.clock.advanceMinutes(5);
    const again = await post(ctx.app, '/api/gtc/accept', { accepted: true }, { cookie });
    expect(again.json().acceptedAt).toBe('2026-03-15T10:00:00.000Z');
    expect(await ctx.database.db.select().from(termsAcceptances)).toHaveLength(1);
  });

  it('refuses an acceptance that does not accept', async () => {
    const { cookie } = await signIn(ctx, EMAIL);
    const response = await post(ctx.app, '/api/gtc/accept', { accepted: false }, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'accepted' });
  });

  it('requires a session for every user endpoint', async () => {
    expect((await get(ctx.app, '/api/user')).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/user/profile', payload: PROFILE })).statusCode).toBe(401);
    expect((await post(ctx.app, '/api/gtc/accept', { accepted: true })).statusCode).toBe(401);
    // Checked before the body: a stranger learns nothing about what the endpoint expects.
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/user/profile', payload: {} })).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(users)).toHaveLength(0);
  });
});
