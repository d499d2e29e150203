import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { taxYearSections } from '../../db/schema.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { send } from '../../test/status-helpers.js';

const YEAR = 2025;

describe.each(drivers)('PUT /api/advanced-tax-info/completion (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const put = (cookie: string | undefined, payload: unknown) => send(ctx.app, 'PUT', '/api/advanced-tax-info/completion', cookie, payload);
  const completedAt = async (userId: number, taxYear = YEAR) => {
    const [row] = await ctx.database.db
      .select({ at: taxYearSections.advancedInfoCompletedAt })
      .from(taxYearSections)
      .where(and(eq(taxYearSections.userId, userId), eq(taxYearSections.taxYear, taxYear)));
    return row?.at;
  };

  it('marks the section of a year complete and open again; the status answer shows the flag', async () => {
    const { cookie, user } = await signIn(ctx, 'anna@example.ch');
    const done = await put(cookie, { taxYear: YEAR, completed: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ taxYear: YEAR, advancedInfoCompleted: true });
    expect((await get(ctx.app, `/api/tax-status?taxYear=${YEAR}`, { cookie })).json().advancedInfoCompleted).toBe(true);
    expect((await get(ctx.app, '/api/tax-status?taxYear=2024', { cookie })).json().advancedInfoCompleted).toBe(false);

    const reopened = await put(cookie, { taxYear: YEAR, completed: false });
    expect(reopened.json()).toEqual({ taxYear: YEAR, advancedInfoCompleted: false });
    expect(await completedAt(user.id)).toBeNull();
    expect((await get(ctx.app, `/api/tax-status?taxYear=${YEAR}`, { cookie })).json().advancedInfoCompleted).toBe(false);
  });

  it('keeps the first completion time when marked complete again', async () => {
    const { cookie, user } = await signIn(ctx, 'anna@example.ch');
    await put(cookie, { taxYear: YEAR, completed: true });
    const first = await completedAt(user.id);
    ctx.clock.advanceMinutes(10);
    expect((await put(cookie, { taxYear: YEAR, completed: true })).json().advancedInfoCompleted).toBe(true);
    expect(await completedAt(user.id)).toEqual(first);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const cases: [unknown, string][] = [
      [{ completed: true }, 'taxYear'],
      [{ taxYear: 'abc', completed: true }, 'taxYear'],
      [{ taxYear: 2015, completed: true }, 'taxYear'],
      [{ taxYear: 2028, completed: true }, 'taxYear'],
      [{ taxYear: YEAR }, 'completed'],
      [{ taxYear: YEAR, completed: 'yes' }, 'completed'],
    ];
    for (const [payload, field] of cases) {
      const response = await put(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error, JSON.stringify(payload)).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
  });

  it('takes the years of the Advanced Tax Information screen, current −3 to +1 (D2), by the one tax-year rule', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    for (const taxYear of [2023, 2027]) expect((await put(cookie, { taxYear, completed: true })).statusCode, String(taxYear)).toBe(200);
    expect((await put(cookie, { taxYear: 2028, completed: true })).json().error.message).toBe('taxYear: must be a year from 2016 to 2027');
  });

  it('answers 401 without a session', async () => {
    expect((await put(undefined, { taxYear: YEAR, completed: true })).statusCode).toBe(401);
  });

  it("sets only the caller's own flag", async () => {
    const anna = await signIn(ctx, 'anna@example.ch');
    const ben = await signIn(ctx, 'ben@example.ch');
    await put(anna.cookie, { taxYear: YEAR, completed: true, userId: ben.user.id });
    expect(await completedAt(anna.user.id)).toBeInstanceOf(Date);
    expect(await completedAt(ben.user.id)).toBeUndefined();
    expect((await get(ctx.app, `/api/tax-status?taxYear=${YEAR}`, { cookie: ben.cookie })).json().advancedInfoCompleted).toBe(false);
  });
});
