import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ChecklistResponse } from '@taxli/domain';
import { auditEvents, checklistNotApplicable } from '../../db/schema.js';
import { drivers, TEST_ORIGIN, TEST_START, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { multipart, uploadParts } from '../../test/multipart.js';
import { samplePdf } from '../../test/document-samples.js';
import { addDocument, send, setStatusRow, statusRow } from '../../test/status-helpers.js';
import { wizardFinalSubmit } from '../../test/tax-profile-fixture.js';

const YEAR = 2025;
/** The fixture's person: married, employed, one child of 7, investments, Pillar 3a (no deductions answer). */
const MARRIED_CHECKLIST = [1, 2, 5, 3, 21, 4, 30, 26, 31, 32, 22, 10, 11];

describe.each(drivers)('the personal checklist (D19) (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const db = () => ctx.database.db;

  /** An ordinary user (the admin account is created first). */
  async function person(email = 'anna@example.ch') {
    await signIn(ctx, 'admin@example.ch').catch(() => undefined);
    return signIn(ctx, email);
  }
  /** A person whose year's tax profile is complete (status 2), with the fixture's answers and `overrides`. */
  async function profiled(overrides: Record<string, unknown> = {}, email?: string) {
    const signedIn = await person(email);
    const response = await send(ctx.app, 'PUT', `/api/user/profile?taxYear=${YEAR}`, signedIn.cookie, wizardFinalSubmit(YEAR, overrides));
    expect(response.statusCode).toBe(200);
    expect(await statusRow(db(), signedIn.user.id, YEAR)).toBe('documents_pending');
    return signedIn;
  }
  const checklist = async (cookie: string, year: number | string = YEAR) => get(ctx.app, `/api/checklist?taxYear=${year}`, { cookie });
  const itemUrl = (categoryId: number | string, year: number | string = YEAR) => `/api/checklist/${year}/items/${categoryId}/not-applicable`;
  const mark = (cookie: string | undefined, categoryId: number | string, payload: unknown = { reason: 'We have one joint account.' }, year?: number) =>
    send(ctx.app, 'PUT', itemUrl(categoryId, year), cookie, payload);
  const unmark = (cookie: string | undefined, categoryId: number | string) =>
    ctx.app.inject({ method: 'DELETE', url: itemUrl(categoryId), headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
  const upload = (cookie: string, categoryId: number) => {
    const { payload, contentType } = multipart(uploadParts(categoryId, YEAR, [{ filename: `doc-${categoryId}.pdf`, data: samplePdf() }]));
    return ctx.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { origin: TEST_ORIGIN, 'content-type': contentType, cookie } });
  };
  const addFiles = async (userId: number, categoryIds: number[]) => {
    for (const categoryId of categoryIds) await addDocument(db(), userId, YEAR, categoryId, `doc-${categoryId}.pdf`);
  };
  const events = (action: string) => db().select().from(auditEvents).where(eq(auditEvents.action, action));

  describe('GET /api/checklist', () => {
    it('is D3’s six with the "no profile" reason while the year has no completed profile', async () => {
      const { cookie } = await person();
      const response = await checklist(cookie);
      expect(response.statusCode).toBe(200);
      const answer = response.json<ChecklistResponse>();
      expect(answer).toMatchObject({ taxYear: YEAR, personalised: false, percent: 0, ruledOutCategoryIds: [], current_status_id: 1 });
      expect(answer.items.map((item) => item.categoryId)).toEqual([1, 2, 3, 4, 5, 21]);
      expect(answer.items[0]).toEqual({ categoryId: 1, reason: { key: 'noProfile', params: {} }, hasFile: false, notApplicable: null });
    });

    it('follows the completed profile’s answers, with reasons, files and the percentage', async () => {
      const { cookie, user } = await profiled();
      await addFiles(user.id, [1, 5, 30, 41]);
      const answer = (await checklist(cookie)).json<ChecklistResponse>();
      expect(answer.personalised).toBe(true);
      expect(answer.items.map((item) => item.categoryId)).toEqual(MARRIED_CHECKLIST);
      expect(answer.items.find((item) => item.categoryId === 31)?.reason).toEqual({ key: 'children', params: { count: 1 } });
      expect(answer.items.find((item) => item.categoryId === 30)).toMatchObject({ reason: { key: 'married' }, hasFile: true });
      // 3 of 13 items have a file (41 is not on the list): 23 %.
      expect(answer.percent).toBe(23);
      expect(answer.ruledOutCategoryIds).toEqual(expect.arrayContaining([13, 14, 16, 17, 35]));
    });

    it('asks no salary statement of a retired single person', async () => {
      const { cookie } = await profiled({ maritalStatus: 'individual', employmentType: 'retired', hasChildren: false, numberOfChildren: 0, childrenAges: [], hasInvestments: false, hasPillar3a: false });
      const answer = (await checklist(cookie)).json<ChecklistResponse>();
      expect(answer.items.map((item) => item.categoryId)).toEqual([1, 2, 4]);
      expect(answer.items.find((item) => item.categoryId === 4)?.reason.key).toBe('everyone');
      expect(answer.ruledOutCategoryIds).toEqual(expect.arrayContaining([5, 3, 21]));
    });

    it('refuses a year outside the offered range and a caller who is not signed in', async () => {
      const { cookie } = await person();
      const outOfRange = await checklist(cookie, 1999);
      expect(outOfRange.statusCode).toBe(400);
      expect(outOfRange.json().error).toMatchObject({ field: 'taxYear', fieldCode: 'TAX_YEAR_OUT_OF_RANGE' });
      expect((await get(ctx.app, `/api/checklist?taxYear=${YEAR}`)).statusCode).toBe(401);
    });
  });

  describe('not applicable', () => {
    it('marks an item with its trimmed reason and undoes it; the percentage counts the mark', async () => {
      const { cookie, user } = await profiled();
      const marked = await mark(cookie, 26, { reason: '  We have one joint account.  ' });
      expect(marked.statusCode).toBe(200);
      const answer = marked.json<ChecklistResponse>();
      expect(answer.items.find((item) => item.categoryId === 26)?.notApplicable).toEqual({ reason: 'We have one joint account.', at: new Date(TEST_START).toISOString() });
      expect(answer.percent).toBe(8);
      const [row] = await db().select().from(checklistNotApplicable).where(and(eq(checklistNotApplicable.userId, user.id), eq(checklistNotApplicable.categoryId, 26)));
      expect(row).toMatchObject({ taxYear: YEAR, reason: 'We have one joint account.' });
      // The audit keeps ids, never the person's words.
      const [event] = await events('checklist.not_applicable');
      expect(event).toMatchObject({ actorUserId: user.id, details: { taxYear: YEAR, categoryId: 26 } });
      expect(JSON.stringify(event!.details)).not.toContain('joint');

      // A second mark replaces the reason.
      expect((await mark(cookie, 26, { reason: 'Joint account' })).json<ChecklistResponse>().items.find((i) => i.categoryId === 26)?.notApplicable?.reason).toBe('Joint account');

      const undone = await unmark(cookie, 26);
      expect(undone.statusCode).toBe(200);
      expect(undone.json<ChecklistResponse>().items.find((item) => item.categoryId === 26)?.notApplicable).toBeNull();
      expect(undone.json<ChecklistResponse>().percent).toBe(0);
      expect(await events('checklist.not_applicable_undone')).toHaveLength(1);
      // Nothing left to undo is no error.
      expect((await unmark(cookie, 26)).statusCode).toBe(200);
    });

    it('refuses a missing, blank or too long reason, naming the field, and stores nothing', async () => {
      const { cookie } = await profiled();
      for (const [payload, fieldCode] of [
        [{}, 'REQUIRED'],
        [{ reason: '   ' }, 'REQUIRED'],
        [{ reason: 'x'.repeat(201) }, 'TOO_LONG'],
        [{ reason: 12 }, 'WRONG_TYPE'],
      ] as const) {
        const response = await mark(cookie, 26, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'reason', fieldCode });
      }
      expect((await mark(cookie, 26, { reason: 'x'.repeat(200) })).statusCode).toBe(200);
      expect(await db().select().from(checklistNotApplicable)).toHaveLength(1);
    });

    it('refuses a category that is not on the person’s checklist (404 naming categoryId) and a bad id (400)', async () => {
      const { cookie } = await profiled();
      const response = await mark(cookie, 16);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', field: 'categoryId' });
      expect((await unmark(cookie, 16)).statusCode).toBe(404);
      expect((await mark(cookie, 'abc')).statusCode).toBe(400);
      expect(await db().select().from(checklistNotApplicable)).toHaveLength(0);
    });

    it('refuses to mark or undo after transmission (409 DOCUMENTS_TRANSMITTED)', async () => {
      const { cookie, user } = await profiled();
      expect((await mark(cookie, 26)).statusCode).toBe(200);
      await setStatusRow(db(), user.id, YEAR, 'processing');
      for (const response of [await mark(cookie, 30), await unmark(cookie, 26)]) {
        expect(response.statusCode).toBe(409);
        expect(response.json().error.code).toBe('DOCUMENTS_TRANSMITTED');
      }
      expect(await db().select().from(checklistNotApplicable)).toHaveLength(1);
    });

    it('needs a session and keeps each person’s marks apart', async () => {
      expect((await mark(undefined, 26)).statusCode).toBe(401);
      const anna = await profiled();
      const ben = await profiled({}, 'ben@example.ch');
      expect((await mark(anna.cookie, 26)).statusCode).toBe(200);
      const bens = (await checklist(ben.cookie)).json<ChecklistResponse>();
      expect(bens.items.find((item) => item.categoryId === 26)?.notApplicable).toBeNull();
    });
  });

  describe('the 2 → 3 move (D1) follows the checklist', () => {
    it('does not move when D3’s six have files but the answers call for more', async () => {
      const { cookie, user } = await profiled();
      for (const categoryId of [1, 2, 3, 4, 5]) await addFiles(user.id, [categoryId]);
      expect((await upload(cookie, 21)).statusCode).toBe(200);
      expect(await statusRow(db(), user.id, YEAR)).toBe('documents_pending');
    });

    it('moves when the last open item is marked not applicable, as an upload would, and back when it is undone', async () => {
      const { cookie, user } = await profiled();
      await addFiles(user.id, MARRIED_CHECKLIST.filter((id) => id !== 26));
      const marked = await mark(cookie, 26);
      expect(marked.json<ChecklistResponse>()).toMatchObject({ percent: 100, current_status_id: 3 });
      expect(await statusRow(db(), user.id, YEAR)).toBe('documents_submitted');
      const advance = (await events('tax_status.auto_advance')).find((event) => event.details?.to === 3);
      expect(advance).toMatchObject({ actorUserId: user.id, subjectUserId: user.id, details: { taxYear: YEAR, from: 2, to: 3 } });
      expect((await get(ctx.app, `/api/tax-status?taxYear=${YEAR}`, { cookie })).json()).toMatchObject({ current_status_id: 3 });

      const undone = await unmark(cookie, 26);
      expect(undone.json<ChecklistResponse>()).toMatchObject({ current_status_id: 2 });
      expect(await statusRow(db(), user.id, YEAR)).toBe('documents_pending');
      expect(await events('tax_status.auto_revert')).toHaveLength(1);
    });

    it('counts marks when an upload completes the list', async () => {
      const { cookie, user } = await profiled();
      const toMark = [26, 32, 11];
      await addFiles(user.id, MARRIED_CHECKLIST.filter((id) => !toMark.includes(id) && id !== 22));
      for (const categoryId of toMark) expect((await mark(cookie, categoryId)).json<ChecklistResponse>().current_status_id).toBe(2);
      expect((await upload(cookie, 22)).statusCode).toBe(200);
      expect(await statusRow(db(), user.id, YEAR)).toBe('documents_submitted');
    });

    it('service: openChecklistItems names what is still open', async () => {
      const { cookie, user } = await profiled();
      await addFiles(user.id, MARRIED_CHECKLIST.filter((id) => id !== 26 && id !== 10));
      expect((await ctx.app.services.checklist.openItems(user.id, YEAR)).map((item) => item.categoryId)).toEqual([26, 10]);
      await mark(cookie, 26);
      expect((await ctx.app.services.checklist.openItems(user.id, YEAR)).map((item) => item.categoryId)).toEqual([10]);
    });
  });
});
