import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TaxStatusResponse, UserResponse } from '@taxli/domain';
import { auditEvents } from '../../db/schema.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { addDocument, addRequiredDocuments, markSectionComplete, send, setStatusRow, statusRow } from '../../test/status-helpers.js';

// The test clock says 15 March 2026: the year in preparation is 2025, accepted years 2016..2027 (the one rule, ten back to next year).
const YEAR = 2025;

describe.each(drivers)('tax status API (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const db = () => ctx.database.db;
  /** The first account is the admin; the others are ordinary users. */
  const signInAdmin = () => signIn(ctx, 'admin@example.ch');
  const signInUser = async (email = 'anna@example.ch') => {
    await signInAdmin().catch(() => undefined);
    return signIn(ctx, email);
  };
  const updateNumeric = (cookie: string | undefined, payload: unknown) => send(ctx.app, 'POST', '/api/tax-status/update-numeric', cookie, payload);
  const patchStatus = (cookie: string | undefined, payload: unknown) => send(ctx.app, 'PATCH', '/api/user/tax-status', cookie, payload);

  describe('GET /api/tax-status', () => {
    it('answers profile_incomplete for a year without a status, the year in preparation by default', async () => {
      const { cookie } = await signInUser();
      const response = await get(ctx.app, '/api/tax-status', { cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json<TaxStatusResponse>()).toEqual({
        taxYear: YEAR,
        status: 'profile_incomplete',
        current_status_id: 1,
        advancedInfoCompleted: false,
        transmittedAt: null,
      });
    });

    it('answers the stored status, the section flag of the requested year, and reads an unknown stored value as 1', async () => {
      const { cookie, user } = await signInUser();
      await setStatusRow(db(), user.id, 2024, 'review_required');
      await markSectionComplete(db(), user.id, 2024);
      await setStatusRow(db(), user.id, 2023, 'something-else');
      expect((await get(ctx.app, '/api/tax-status?taxYear=2024', { cookie })).json()).toMatchObject({
        taxYear: 2024,
        status: 'review_required',
        current_status_id: 5,
        advancedInfoCompleted: true,
      });
      expect((await get(ctx.app, '/api/tax-status?taxYear=2023', { cookie })).json()).toMatchObject({ status: 'profile_incomplete', current_status_id: 1 });
      expect((await get(ctx.app, `/api/tax-status?taxYear=${YEAR}`, { cookie })).json()).toMatchObject({ current_status_id: 1, advancedInfoCompleted: false });
    });

    it('only reads: a 2 with all six required documents stays 2 until the numeric update makes the move (audited once)', async () => {
      const { cookie, user } = await signInUser();
      await addRequiredDocuments(db(), user.id, YEAR);
      await setStatusRow(db(), user.id, YEAR, 'documents_pending');
      const read = await get(ctx.app, `/api/tax-status?taxYear=${YEAR}`, { cookie });
      expect(read.json()).toMatchObject({ status: 'documents_pending', current_status_id: 2 });
      expect(await statusRow(db(), user.id, YEAR)).toBe('documents_pending');
      const events = () => db().select().from(auditEvents).where(eq(auditEvents.action, 'tax_status.auto_advance'));
      expect(await events()).toHaveLength(0);

      const moved = await updateNumeric(cookie, { status: 3, taxYear: YEAR });
      expect(moved.json()).toMatchObject({ status: 'documents_submitted', current_status_id: 3 });
      expect(await statusRow(db(), user.id, YEAR)).toBe('documents_submitted');
      expect(await events()).toHaveLength(1);
    });

    it('leaves status 2 alone while a required category is missing', async () => {
      const { cookie, user } = await signInUser();
      for (const categoryId of [1, 2, 3, 4, 5]) await addDocument(db(), user.id, YEAR, categoryId, `c${categoryId}.pdf`);
      await setStatusRow(db(), user.id, YEAR, 'documents_pending');
      expect((await get(ctx.app, `/api/tax-status?taxYear=${YEAR}`, { cookie })).json()).toMatchObject({ current_status_id: 2 });
      expect(await statusRow(db(), user.id, YEAR)).toBe('documents_pending');
    });

    it('refuses a year that is not a number, not whole, or outside ten years back .. next year, naming taxYear', async () => {
      const { cookie } = await signInUser();
      for (const year of ['abc', '2024.5', '2015', '2028', '']) {
        const response = await get(ctx.app, `/api/tax-status?taxYear=${year}`, { cookie });
        expect(response.statusCode, year).toBe(400);
        expect(response.json().error, year).toMatchObject({ code: 'VALIDATION_ERROR', field: 'taxYear' });
      }
      expect((await get(ctx.app, '/api/tax-status?taxYear=2021', { cookie })).statusCode).toBe(200);
      expect((await get(ctx.app, '/api/tax-status?taxYear=2026', { cookie })).statusCode).toBe(200);
    });

    it('answers 401 without a session', async () => {
      const response = await get(ctx.app, '/api/tax-status?taxYear=2025');
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    });

    it("shows each user only their own status", async () => {
      const anna = await signInUser('anna@example.ch');
      const ben = await signIn(ctx, 'ben@example.ch');
      await setStatusRow(db(), anna.user.id, YEAR, 'documents_submitted');
      await markSectionComplete(db(), anna.user.id, YEAR);
      expect((await get(ctx.app, '/api/tax-status', { cookie: anna.cookie })).json()).toMatchObject({ current_status_id: 3, advancedInfoCompleted: true });
      expect((await get(ctx.app, '/api/tax-status', { cookie: ben.cookie })).json()).toMatchObject({ current_status_id: 1, advancedInfoCompleted: false });
    });
  });

  describe('POST /api/tax-status/update-numeric', () => {
    it('lets a user make the 2 → 3 move once all six required categories have a document', async () => {
      const { cookie, user } = await signInUser();
      await setStatusRow(db(), user.id, YEAR, 'documents_pending');
      await addRequiredDocuments(db(), user.id, YEAR);
      const response = await updateNumeric(cookie, { status: 3, taxYear: YEAR });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ taxYear: YEAR, status: 'documents_submitted', current_status_id: 3 });
      expect(await statusRow(db(), user.id, YEAR)).toBe('documents_submitted');
    });

    it('refuses 2 → 3 with 403 while a required category is missing', async () => {
      const { cookie, user } = await signInUser();
      await setStatusRow(db(), user.id, YEAR, 'documents_pending');
      for (const categoryId of [1, 2, 3, 4, 5]) await addDocument(db(), user.id, YEAR, categoryId, `c${categoryId}.pdf`);
      const response = await updateNumeric(cookie, { status: 3, taxYear: YEAR });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({ code: 'STATUS_CHANGE_FORBIDDEN', message: expect.stringContaining('required documents') });
      expect(await statusRow(db(), user.id, YEAR)).toBe('documents_pending');
    });

    it('accepts the current status again as a no-op', async () => {
      const { cookie, user } = await signInUser();
      await setStatusRow(db(), user.id, YEAR, 'processing');
      const response = await updateNumeric(cookie, { status: 4, taxYear: YEAR });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ current_status_id: 4 });
      expect((await updateNumeric(cookie, { status: 1, taxYear: 2024 })).statusCode).toBe(200);
    });

    it('refuses every other change from a non-admin with 403 and leaves the status alone', async () => {
      const { cookie, user } = await signInUser();
      await setStatusRow(db(), user.id, YEAR, 'documents_submitted');
      await addRequiredDocuments(db(), user.id, YEAR);
      for (const status of [1, 2, 4, 5, 6]) {
        const response = await updateNumeric(cookie, { status, taxYear: YEAR });
        expect(response.statusCode, String(status)).toBe(403);
        expect(response.json().error.code).toBe('STATUS_CHANGE_FORBIDDEN');
      }
      expect(await statusRow(db(), user.id, YEAR)).toBe('documents_submitted');
      // From 1, not even 2 or 3: the tax profile moves 1 → 2, not the client.
      expect((await updateNumeric(cookie, { status: 2, taxYear: 2024 })).statusCode).toBe(403);
      expect((await updateNumeric(cookie, { status: 3, taxYear: 2024 })).statusCode).toBe(403);
      expect(await statusRow(db(), user.id, 2024)).toBeUndefined();
    });

    it('lets an admin set any status of their own year, with an audit event', async () => {
      const { cookie, user } = await signInAdmin();
      for (const status of [6, 2, 5, 1, 3, 4]) {
        const response = await updateNumeric(cookie, { status, taxYear: YEAR });
        expect(response.statusCode, String(status)).toBe(200);
        expect(response.json().current_status_id).toBe(status);
      }
      expect(await statusRow(db(), user.id, YEAR)).toBe('processing');
      const events = await db().select().from(auditEvents).where(eq(auditEvents.action, 'tax_status.admin_set'));
      expect(events).toHaveLength(6);
    });

    it('refuses bad input with 400 naming the field', async () => {
      const { cookie } = await signInUser();
      const cases: [unknown, string][] = [
        [{ status: 0, taxYear: YEAR }, 'status'],
        [{ status: 7, taxYear: YEAR }, 'status'],
        [{ status: 2.5, taxYear: YEAR }, 'status'],
        [{ status: 'documents_submitted', taxYear: YEAR }, 'status'],
        [{ taxYear: YEAR }, 'status'],
        [{ status: 3 }, 'taxYear'],
        [{ status: 3, taxYear: 'abc' }, 'taxYear'],
        [{ status: 3, taxYear: 2015 }, 'taxYear'],
        [{ status: 3, taxYear: 2028 }, 'taxYear'],
      ];
      for (const [payload, field] of cases) {
        const response = await updateNumeric(cookie, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error, JSON.stringify(payload)).toMatchObject({ code: 'VALIDATION_ERROR', field });
      }
      const noBody = await updateNumeric(cookie, undefined);
      expect(noBody.statusCode).toBe(400);
    });

    it('answers 401 without a session and 403 from a foreign origin', async () => {
      expect((await updateNumeric(undefined, { status: 3, taxYear: YEAR })).statusCode).toBe(401);
      const { cookie, user } = await signInUser();
      await setStatusRow(db(), user.id, YEAR, 'documents_pending');
      await addRequiredDocuments(db(), user.id, YEAR);
      const foreign = await ctx.app.inject({
        method: 'POST',
        url: '/api/tax-status/update-numeric',
        payload: { status: 3, taxYear: YEAR },
        headers: { cookie, origin: 'https://evil.example' },
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().error.code).toBe('FOREIGN_ORIGIN');
      expect(await statusRow(db(), user.id, YEAR)).toBe('documents_pending');
    });

    it("changes only the caller's own status, judged by the caller's own documents", async () => {
      const anna = await signInUser('anna@example.ch');
      const ben = await signIn(ctx, 'ben@example.ch');
      await setStatusRow(db(), anna.user.id, YEAR, 'documents_pending');
      await setStatusRow(db(), ben.user.id, YEAR, 'documents_pending');
      await addRequiredDocuments(db(), anna.user.id, YEAR);
      // Ben has no documents: Anna's do not count for him, and his call cannot move hers.
      expect((await updateNumeric(ben.cookie, { status: 3, taxYear: YEAR })).statusCode).toBe(403);
      expect(await statusRow(db(), anna.user.id, YEAR)).toBe('documents_pending');
      expect((await updateNumeric(anna.cookie, { status: 3, taxYear: YEAR })).statusCode).toBe(200);
      expect(await statusRow(db(), ben.user.id, YEAR)).toBe('documents_pending');
    });
  });

  describe('PATCH /api/user/tax-status', () => {
    it("lets the admin set another user's status by name or id, with an audit event naming both", async () => {
      const admin = await signInAdmin();
      const anna = await signIn(ctx, 'anna@example.ch');
      const byName = await patchStatus(admin.cookie, { taxStatus: 'documents_pending', taxYear: YEAR, userId: anna.user.id });
      expect(byName.statusCode).toBe(200);
      expect(byName.json()).toMatchObject({ userId: anna.user.id, taxYear: YEAR, status: 'documents_pending', current_status_id: 2 });
      const byId = await patchStatus(admin.cookie, { taxStatus: 5, taxYear: 2024, userId: anna.user.id });
      expect(byId.json()).toMatchObject({ status: 'review_required', current_status_id: 5 });

      // What the user sees afterwards: the status endpoint and GET /api/user agree.
      expect((await get(ctx.app, `/api/tax-status?taxYear=${YEAR}`, { cookie: anna.cookie })).json().status).toBe('documents_pending');
      const user = (await get(ctx.app, '/api/user', { cookie: anna.cookie })).json<UserResponse>();
      expect(user.taxStatus).toBe('documents_pending');
      expect(user.taxYearStatuses).toEqual([
        { taxYear: YEAR, status: 'documents_pending' },
        { taxYear: 2024, status: 'review_required' },
      ]);

      const [event] = await db().select().from(auditEvents).where(eq(auditEvents.action, 'tax_status.admin_set'));
      expect(event).toMatchObject({ actorUserId: admin.user.id, subjectUserId: anna.user.id, details: { taxYear: YEAR, from: 1, to: 2 } });
    });

    it('with allYears sets every year of the account (the dashboard years and any stored one), one audit event per year', async () => {
      const admin = await signInAdmin();
      const anna = await signIn(ctx, 'anna@example.ch');
      await setStatusRow(db(), anna.user.id, 2021, 'completed');
      await setStatusRow(db(), anna.user.id, 2024, 'documents_pending');
      const response = await patchStatus(admin.cookie, { taxStatus: 'processing', allYears: true, userId: anna.user.id });
      expect(response.statusCode).toBe(200);
      // The dashboard's years as of 15 March 2026 are 2023–2025; 2021 has a stored status.
      expect(response.json()).toMatchObject({ userId: anna.user.id, taxYear: YEAR, current_status_id: 4, taxYears: [2021, 2023, 2024, YEAR] });
      for (const year of [2021, 2023, 2024, YEAR]) expect(await statusRow(db(), anna.user.id, year)).toBe('processing');
      expect(await statusRow(db(), admin.user.id, YEAR)).toBeUndefined();
      const events = await db().select().from(auditEvents).where(eq(auditEvents.action, 'tax_status.admin_set')).orderBy(auditEvents.id);
      expect(events.map((e) => e.details)).toEqual([
        { taxYear: 2021, from: 6, to: 4 },
        { taxYear: 2023, from: 1, to: 4 },
        { taxYear: 2024, from: 2, to: 4 },
        { taxYear: YEAR, from: 1, to: 4 },
      ]);
      expect((await patchStatus(admin.cookie, { taxStatus: 2, taxYear: 2024 })).json()).toMatchObject({ taxYears: [2024] });
    });

    it('refuses allYears together with a year, or anything but true (400 naming allYears), changing nothing', async () => {
      const admin = await signInAdmin();
      for (const payload of [
        { taxStatus: 2, allYears: true, taxYear: YEAR },
        { taxStatus: 2, allYears: false },
        { taxStatus: 2, allYears: 'yes' },
      ]) {
        const response = await patchStatus(admin.cookie, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error, JSON.stringify(payload)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'allYears' });
      }
      expect(await statusRow(db(), admin.user.id, YEAR)).toBeUndefined();
    });

    it("defaults to the admin's own account and the year in preparation", async () => {
      const admin = await signInAdmin();
      const response = await patchStatus(admin.cookie, { taxStatus: 'completed' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ userId: admin.user.id, taxYear: YEAR, current_status_id: 6 });
      expect(await statusRow(db(), admin.user.id, YEAR)).toBe('completed');
    });

    it('refuses everyone but admins with 403 FORBIDDEN, for their own data too', async () => {
      const anna = await signInUser('anna@example.ch');
      const ben = await signIn(ctx, 'ben@example.ch');
      for (const payload of [{ taxStatus: 'completed' }, { taxStatus: 6, taxYear: YEAR, userId: ben.user.id }]) {
        const response = await patchStatus(anna.cookie, payload);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
      expect(await statusRow(db(), anna.user.id, YEAR)).toBeUndefined();
      expect(await statusRow(db(), ben.user.id, YEAR)).toBeUndefined();
      expect((await patchStatus(undefined, { taxStatus: 'completed' })).statusCode).toBe(401);
    });

    it('answers 404 for an unknown user and 400 for an unknown status, year or user id', async () => {
      const admin = await signInAdmin();
      for (const payload of [{ taxStatus: 'completed', userId: 999 }, { taxStatus: 'completed', allYears: true, userId: 999 }]) {
        const unknown = await patchStatus(admin.cookie, payload);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().error).toMatchObject({ code: 'NOT_FOUND', field: 'userId' });
      }
      expect(await db().select().from(auditEvents).where(eq(auditEvents.action, 'tax_status.admin_set'))).toEqual([]);
      const cases: [unknown, string][] = [
        [{ taxStatus: 'done' }, 'taxStatus'],
        [{ taxStatus: 0 }, 'taxStatus'],
        [{ taxStatus: 7 }, 'taxStatus'],
        [{}, 'taxStatus'],
        [{ taxStatus: 'completed', taxYear: 2015 }, 'taxYear'],
        [{ taxStatus: 'completed', taxYear: 'next' }, 'taxYear'],
        [{ taxStatus: 'completed', userId: 'me' }, 'userId'],
        [{ taxStatus: 'completed', userId: -1 }, 'userId'],
        [{ taxStatus: 'completed', userId: 99_999_999_999 }, 'userId'], // beyond the database's integers
      ];
      for (const [payload, field] of cases) {
        const response = await patchStatus(admin.cookie, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error, JSON.stringify(payload)).toMatchObject({ code: 'VALIDATION_ERROR', field });
      }
      expect(await statusRow(db(), admin.user.id, YEAR)).toBeUndefined();
    });
  });
});
