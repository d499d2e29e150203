import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TaxProfileResponse, UserResponse } from '@taxli/domain';
import { auditEvents } from '../../db/schema.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { send, setStatusRow } from '../../test/status-helpers.js';
import { wizardFinalSubmit } from '../../test/tax-profile-fixture.js';

/** The test clock's year in preparation (15 March 2026 → 2025). */
const YEAR = 2025;
const DRAFT = `/api/tax-profile/draft?taxYear=${YEAR}`;
const REOPEN = `/api/tax-profile/reopen?taxYear=${YEAR}`;

/** Issue 28: a completed tax profile stays editable (reopened until completed again), not after transmission. */
describe.each(drivers)('reopening a tax profile (%s)', (driver) => {
  const ctx = useTestApp(driver);

  async function completed() {
    await signIn(ctx, 'admin@example.ch'); // the first account is the admin; these tests are about ordinary people
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    expect((await send(ctx.app, 'PUT', '/api/user/profile', cookie, wizardFinalSubmit(YEAR))).statusCode).toBe(200);
    const user = (await get(ctx.app, '/api/user', { cookie })).json<UserResponse>();
    return { cookie, user, profile: await profile(cookie) };
  }
  const profile = async (cookie: string) => (await get(ctx.app, `/api/tax-profile?taxYear=${YEAR}`, { cookie })).json<TaxProfileResponse>();

  it('a profile from before step 3 was asked (no tax mail answer) completes with the residence address', async () => {
    const { profile: done } = await completed();
    expect(done).toMatchObject({ isComplete: true, answers: { taxMailTo: 'residence', street: 'Bahnhofstrasse' } });
  });

  it('reopens a completed year: answers kept, incomplete, version raised, audited; a tab still on the old version is refused', async () => {
    const { cookie, user, profile: done } = await completed();
    const response = await send(ctx.app, 'POST', REOPEN, cookie);
    expect(response.statusCode).toBe(200);
    const reopened = response.json<TaxProfileResponse>();
    expect(reopened).toMatchObject({ isComplete: false, completedAt: null, answers: done.answers });
    expect(reopened.version).toBeGreaterThan(done.version);
    expect((await get(ctx.app, '/api/user', { cookie })).json<UserResponse>().isTaxProfileComplete).toBe(false);
    const events = await ctx.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'tax_profile.reopen'), eq(auditEvents.subjectUserId, user.id)));
    expect(events).toEqual([{ details: { taxYear: YEAR } }]);

    // Another tab that still shows the completed profile cannot overwrite the reopened one.
    const stale = await send(ctx.app, 'PUT', DRAFT, cookie, { step: 2, personal: {}, answers: done.answers, version: done.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('DRAFT_OUTDATED');

    // Edited and left: the draft is kept, still incomplete; reopening again changes nothing.
    const edited = await send(ctx.app, 'PUT', DRAFT, cookie, {
      step: 2,
      personal: {},
      answers: { ...done.answers, taxMailTo: 'other', taxMailStreet: 'Seestrasse', taxMailHouseNumber: '120', taxMailZipCode: '8800', taxMailCity: 'Thalwil' },
      version: reopened.version,
    });
    expect(edited.statusCode).toBe(200);
    const again = await send(ctx.app, 'POST', REOPEN, cookie);
    expect(again.json<TaxProfileResponse>()).toMatchObject({ isComplete: false, step: 2, version: edited.json<TaxProfileResponse>().version });
    expect(await profile(cookie)).toMatchObject({ isComplete: false, step: 2, answers: { taxMailTo: 'other', taxMailCity: 'Thalwil' } });

    // Completed again, with the other address.
    const submit = await send(ctx.app, 'PUT', '/api/user/profile', cookie, wizardFinalSubmit(YEAR, { taxMailTo: 'other', taxMailStreet: 'Seestrasse', taxMailZipCode: '8800', taxMailCity: 'Thalwil' }));
    expect(submit.statusCode).toBe(200);
    expect(await profile(cookie)).toMatchObject({ isComplete: true, answers: { taxMailTo: 'other', taxMailStreet: 'Seestrasse', taxMailCity: 'Thalwil' } });
  });

  it('a draft saved on a completed year reopens it too (editing reopens)', async () => {
    const { cookie, profile: done } = await completed();
    const saved = await send(ctx.app, 'PUT', DRAFT, cookie, { step: 6, personal: {}, answers: { ...done.answers, maritalStatus: 'individual' }, version: done.version });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<TaxProfileResponse>()).toMatchObject({ isComplete: false, step: 6 });
  });

  it('refuses reopening, drafts and the final submit once the year is transmitted (409 TAX_PROFILE_TRANSMITTED), changing nothing', async () => {
    const { cookie, user, profile: done } = await completed();
    await setStatusRow(ctx.database.db, user.id, YEAR, 'processing');
    for (const response of [
      await send(ctx.app, 'POST', REOPEN, cookie),
      await send(ctx.app, 'PUT', DRAFT, cookie, { step: 3, personal: {}, answers: { city: 'Bern' }, version: done.version }),
      await send(ctx.app, 'PUT', '/api/user/profile', cookie, wizardFinalSubmit(YEAR, { city: 'Bern' })),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'TAX_PROFILE_TRANSMITTED', message: expect.stringContaining('transmitted') });
    }
    expect(await profile(cookie)).toEqual(done);
  });

  it('reopening a year with nothing stored answers the empty profile; signed out it is 401', async () => {
    await signIn(ctx, 'admin@example.ch');
    const { cookie } = await signIn(ctx, 'bea@example.ch');
    const response = await send(ctx.app, 'POST', REOPEN, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json<TaxProfileResponse>()).toMatchObject({ isComplete: false, version: 0 });
    expect((await send(ctx.app, 'POST', REOPEN, undefined)).statusCode).toBe(401);
  });
});
