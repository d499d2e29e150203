import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@taxli/domain';
import { drivers, useTestApp } from '../test/build-test-app.js';
import { get, signIn } from '../test/auth-helpers.js';
import { send } from '../test/status-helpers.js';
import { wizardFinalSubmit } from '../test/tax-profile-fixture.js';

/** The test clock's year in preparation (15 March 2026 → 2025). */
const YEAR = 2025;
const PROFILE = { firstName: 'Anna', lastName: 'Muster', phone: '079 123 45 67', countryCode: '+41' };
const DRAFT = { step: 3, personal: { firstName: 'Anna' }, answers: { zipCode: '8001' } };

/**
 * Issue 25: a field refusal says why in a code with its parameters, which the web app translates,
 * beside the English message and the field name clients already read.
 */
describe.each(drivers)('field refusals carry a code and its parameters (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const refusal = async (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(400);
    return (response.json() as ApiErrorBody).error;
  };
  const putProfile = (cookie: string, body: unknown) => send(ctx.app, 'PUT', '/api/user/profile', cookie, body);
  const putDraft = (cookie: string, body: unknown) => send(ctx.app, 'PUT', `/api/tax-profile/draft?taxYear=${YEAR}`, cookie, body);

  it('names the limit of an over-long name (route schema)', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const error = await refusal(await putProfile(cookie, { ...PROFILE, firstName: 'A'.repeat(101) }));
    expect(error).toEqual({ code: 'VALIDATION_ERROR', message: 'firstName: Too long', field: 'firstName', fieldCode: 'TOO_LONG', params: { max: 100 } });
  });

  it('tells a missing name from a blank one only by code, both REQUIRED', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const { firstName: _left, ...withoutFirstName } = PROFILE;
    expect(await refusal(await putProfile(cookie, withoutFirstName))).toMatchObject({ field: 'firstName', fieldCode: 'REQUIRED', params: {} });
    expect(await refusal(await putProfile(cookie, { ...PROFILE, firstName: '   ' }))).toMatchObject({ field: 'firstName', fieldCode: 'REQUIRED' });
    expect(await refusal(await putProfile(cookie, { ...PROFILE, firstName: 7 }))).toMatchObject({ field: 'firstName', fieldCode: 'WRONG_TYPE', params: { expected: 'string' } });
  });

  it('gives the domain rule of a date of birth its own code (service check)', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const notADate = await refusal(await putProfile(cookie, { ...PROFILE, dateOfBirth: '1990-02-30' }));
    expect(notADate).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'dateOfBirth: Date of birth must be a date (YYYY-MM-DD)',
      field: 'dateOfBirth',
      fieldCode: 'INVALID_DATE',
      params: {},
    });
    expect(await refusal(await putProfile(cookie, { ...PROFILE, dateOfBirth: '2026-03-16' }))).toMatchObject({ field: 'dateOfBirth', fieldCode: 'DATE_IN_FUTURE' });
    expect(await refusal(await putProfile(cookie, { ...PROFILE, dateOfBirth: '1899-12-31' }))).toMatchObject({
      field: 'dateOfBirth',
      fieldCode: 'DATE_TOO_EARLY',
      params: { year: 1900 },
    });
  });

  it('names a zip code that is no Swiss postcode, with the range, in a draft', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const error = await refusal(await putDraft(cookie, { ...DRAFT, answers: { zipCode: '9800' } }));
    expect(error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'zipCode: Zip code must be a Swiss postcode (1000–9699)',
      field: 'zipCode',
      fieldCode: 'NOT_SWISS_POSTCODE',
      params: { min: 1000, max: 9699 },
    });
  });

  it('reads the bound of a draft step from the schema', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    expect(await refusal(await putDraft(cookie, { ...DRAFT, step: 12 }))).toMatchObject({ field: 'step', fieldCode: 'TOO_LARGE', params: { max: 11 } });
    expect(await refusal(await putDraft(cookie, { ...DRAFT, step: 1.5 }))).toMatchObject({ field: 'step', fieldCode: 'NOT_WHOLE_NUMBER' });
    // A version past a PostgreSQL integer is refused at its field, not failed in the query (a 500 before).
    expect(await refusal(await putDraft(cookie, { ...DRAFT, version: 2 ** 31 }))).toMatchObject({ field: 'version', fieldCode: 'TOO_LARGE', params: { max: 2 ** 31 - 1 } });
  });

  it('codes the answers of a final submit that disagree, with their count', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const error = await refusal(await putProfile(cookie, wizardFinalSubmit(YEAR, { numberOfChildren: 2, childrenAges: [7] })));
    expect(error).toMatchObject({ field: 'childrenAges', fieldCode: 'CHILDREN_AGES_COUNT', params: { count: 2 } });
    const choice = await refusal(await putProfile(cookie, wizardFinalSubmit(YEAR, { maritalStatus: 'complicated' })));
    expect(choice).toMatchObject({ field: 'maritalStatus', fieldCode: 'NOT_A_CHOICE' });
  });

  it("codes a service's own refusal of a field: a tax year out of range", async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const error = await refusal(await get(ctx.app, '/api/user?taxYear=2015', { cookie }));
    expect(error).toMatchObject({ field: 'taxYear', fieldCode: 'TAX_YEAR_OUT_OF_RANGE', params: { min: 2016, max: 2027 } });
  });

  it('adds no field code to a refusal that names no field', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const error = await refusal(await putDraft(cookie, []));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error).not.toHaveProperty('fieldCode');
    expect(error).not.toHaveProperty('params');
  });
});
