import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './client.js';
import { drivers, useTestApp } from '../test/build-test-app.js';
import { get, signIn } from '../test/auth-helpers.js';
import { send } from '../test/status-helpers.js';
import { wizardFinalSubmit } from '../test/tax-profile-fixture.js';

/** The test clock's year in preparation (15 March 2026 → 2025). */
const YEAR = 2025;
/** A value no schema accepts, and that must reach neither the client nor the log. */
const BROKEN = 'Zürich-Oerlikon-broken';

describe.each(drivers)('stored jsonb that no longer parses (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const db = () => ctx.database.db;

  async function twoPeople() {
    await signIn(ctx, 'admin@example.ch'); // the first account is the admin; these are ordinary people
    const anna = await signIn(ctx, 'anna@example.ch');
    const ben = await signIn(ctx, 'ben@example.ch');
    for (const person of [anna, ben]) {
      const draft = { step: 3, personal: { firstName: 'Anna' }, answers: { religion: 'other_none', city: 'Bern' } };
      expect((await send(ctx.app, 'PUT', `/api/tax-profile/draft?taxYear=${YEAR}`, person.cookie, draft)).statusCode).toBe(200);
    }
    return { anna, ben };
  }

  /** The log line of the failure: it names the table, the row and the field, never the stored value. */
  function loggedFailure(): string {
    const lines = ctx.logs.filter((line) => line.includes('STORED_DATA_INVALID') || line.includes('Stored data does not parse'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(BROKEN);
    return lines[0]!;
  }

  function expectStoredDataError(response: { statusCode: number; json(): unknown; body: string }) {
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'STORED_DATA_INVALID', message: 'Stored data could not be read. Please contact support.' } });
    expect(response.body).not.toContain(BROKEN);
  }

  it("answers STORED_DATA_INVALID for a tax profile's answers that no longer parse, names the row in the log, and other people's profiles still read", async () => {
    const { anna, ben } = await twoPeople();
    await db().execute(
      sql`update tax_profiles set answers = jsonb_set(answers, '{religion}', to_jsonb(${BROKEN}::text)) where user_id = ${anna.user.id} and tax_year = ${YEAR}`,
    );

    expectStoredDataError(await get(ctx.app, `/api/tax-profile?taxYear=${YEAR}`, { cookie: anna.cookie }));
    const line = loggedFailure();
    expect(line).toContain('table tax_profiles');
    expect(line).toContain(`row user_id ${anna.user.id}, tax_year ${YEAR}`);
    expect(line).toContain('field answers: answers.religion (invalid_value)');

    const other = await get(ctx.app, `/api/tax-profile?taxYear=${YEAR}`, { cookie: ben.cookie });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ step: 3, answers: { religion: 'other_none', city: 'Bern' } });
  });

  it('answers STORED_DATA_INVALID for a personal draft with a key the wizard does not know', async () => {
    const { anna, ben } = await twoPeople();
    await db().execute(
      sql`update tax_profiles set personal_draft = personal_draft || jsonb_build_object('nickname', ${BROKEN}::text) where user_id = ${anna.user.id}`,
    );

    expectStoredDataError(await get(ctx.app, `/api/tax-profile?taxYear=${YEAR}`, { cookie: anna.cookie }));
    expect(loggedFailure()).toContain(`table tax_profiles, row user_id ${anna.user.id}, tax_year ${YEAR}, field personal_draft`);
    expect((await get(ctx.app, `/api/tax-profile?taxYear=${YEAR}`, { cookie: ben.cookie })).statusCode).toBe(200);
  });

  it("answers STORED_DATA_INVALID for a year's spouse or children that no longer parse; other people's sections still read", async () => {
    const { anna, ben } = await twoPeople();
    for (const person of [anna, ben]) {
      const children = { taxYear: YEAR, children: [{ firstName: 'Lea', lastName: 'Muster', birthDate: '2015-06-01', schoolingInfo: '', disability: '', alimony: '' }] };
      expect((await send(ctx.app, 'PUT', '/api/advanced-tax-info/children', person.cookie, children)).statusCode).toBe(200);
    }
    await db().execute(sql`update tax_year_sections set children = jsonb_build_array(to_jsonb(${BROKEN}::text)) where user_id = ${anna.user.id}`);

    expectStoredDataError(await get(ctx.app, `/api/advanced-tax-info?taxYear=${YEAR}`, { cookie: anna.cookie }));
    expect(loggedFailure()).toContain(`table tax_year_sections, row user_id ${anna.user.id}, tax_year ${YEAR}, field children: children.0 (invalid_type)`);

    const other = await get(ctx.app, `/api/advanced-tax-info?taxYear=${YEAR}`, { cookie: ben.cookie });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ children: [{ firstName: 'Lea' }] });
  });

  it("answers STORED_DATA_INVALID for a declaration's payload that no longer parses, naming the declaration's id", async () => {
    await signIn(ctx, 'admin@example.ch');
    const anna = await signIn(ctx, 'anna@example.ch');
    expect((await send(ctx.app, 'PUT', '/api/user/profile', anna.cookie, wizardFinalSubmit(YEAR))).statusCode).toBe(200);
    const [row] = await queryRows<{ id: number }>(db(), sql`select id from tax_declarations where user_id = ${anna.user.id}`);
    await db().execute(sql`update tax_declarations set payload = payload - 'metadata' where id = ${row!.id}`);

    expectStoredDataError(await get(ctx.app, `/api/tax/declaration?taxYear=${YEAR}`, { cookie: anna.cookie }));
    expect(loggedFailure()).toContain(`table tax_declarations, row id ${row!.id}, field payload: payload.metadata (invalid_type)`);
  });
});
