import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TransmitResponse } from '@taxli/domain';
import { auditEvents, transmissionFiles, transmissions } from '../../db/schema.js';
import { drivers, TEST_START, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { addDocument, addRequiredDocuments, addVersion, markSectionComplete, send, setStatusRow, statusRow } from '../../test/status-helpers.js';

const YEAR = 2025;

describe.each(drivers)('POST /api/tax-year-status/transmit (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const db = () => ctx.database.db;
  const transmit = (cookie: string | undefined, payload: unknown = { taxYear: YEAR }) =>
    send(ctx.app, 'POST', '/api/tax-year-status/transmit', cookie, payload);

  /** An ordinary user (the admin account is created first) whose year is ready to transmit. */
  async function readyUser(email = 'anna@example.ch') {
    await signIn(ctx, 'admin@example.ch').catch(() => undefined);
    const signedIn = await signIn(ctx, email);
    await setStatusRow(db(), signedIn.user.id, YEAR, 'documents_submitted');
    await markSectionComplete(db(), signedIn.user.id, YEAR);
    return signedIn;
  }
  const frozenVersionIds = async () =>
    (await db().select({ id: transmissionFiles.documentVersionId }).from(transmissionFiles)).map((r) => r.id).sort((a, b) => a - b);

  it('moves 3 → 4, answers the contract shape and records an audit event', async () => {
    const { cookie, user } = await readyUser();
    await addRequiredDocuments(db(), user.id, YEAR);
    const response = await transmit(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json<TransmitResponse>()).toEqual({
      success: true,
      taxYear: YEAR,
      status: 'processing',
      current_status_id: 4,
      transmittedAt: new Date(TEST_START).toISOString(),
      fileCount: 6,
    });
    expect(await statusRow(db(), user.id, YEAR)).toBe('processing');
    expect((await get(ctx.app, `/api/tax-status?taxYear=${YEAR}`, { cookie })).json()).toMatchObject({
      current_status_id: 4,
      transmittedAt: new Date(TEST_START).toISOString(),
    });
    const [event] = await db().select().from(auditEvents).where(eq(auditEvents.action, 'tax_status.transmit'));
    expect(event).toMatchObject({ actorUserId: user.id, subjectUserId: user.id, details: { taxYear: YEAR, fileCount: 6 } });
  });

  it('freezes exactly the latest version of each document of that year; later versions are not in it', async () => {
    const { cookie, user } = await readyUser();
    const salary = await addDocument(db(), user.id, YEAR, 5, 'lohnausweis.pdf', 3);
    const bank = await addDocument(db(), user.id, YEAR, 1, 'bank.pdf', 1);
    const extra = await addDocument(db(), user.id, YEAR, 22, 'saeule-3a.pdf', 2);
    // The rest of the checklist (the transmit refuses an open item, D19).
    const rest = [];
    for (const categoryId of [2, 3, 4, 21]) rest.push((await addDocument(db(), user.id, YEAR, categoryId, `doc-${categoryId}.pdf`)).versionIds[0]!);
    await addDocument(db(), user.id, YEAR - 1, 1, 'last-year.pdf', 1);
    const stranger = await signIn(ctx, 'ben@example.ch');
    await addDocument(db(), stranger.user.id, YEAR, 1, 'bank.pdf', 1);

    const response = await transmit(cookie);
    expect(response.json().fileCount).toBe(7);
    const expected = [salary.versionIds[2]!, bank.versionIds[0]!, extra.versionIds[1]!, ...rest].sort((a, b) => a - b);
    expect(await frozenVersionIds()).toEqual(expected);

    await addVersion(db(), salary.documentId, 4);
    await addDocument(db(), user.id, YEAR, 2, 'late.pdf', 1);
    expect(await frozenVersionIds()).toEqual(expected);
  });

  it('refuses a year below status 3 with 409 INVALID_STATUS and a message the user understands', async () => {
    const { cookie, user } = await readyUser();
    for (const status of ['profile_incomplete', 'documents_pending']) {
      await setStatusRow(db(), user.id, YEAR, status);
      const response = await transmit(cookie);
      expect(response.statusCode, status).toBe(409);
      expect(response.json().error).toEqual({
        code: 'INVALID_STATUS',
        message: 'Documents can be transmitted only once all required documents are uploaded (status Documents).',
      });
      expect(await statusRow(db(), user.id, YEAR)).toBe(status);
    }
    // A year without any row is status 1 too.
    expect((await transmit(cookie, { taxYear: 2024 })).json().error.code).toBe('INVALID_STATUS');
    expect(await db().select().from(transmissions)).toHaveLength(0);
  });

  it('refuses a year already transmitted or further along with 409 INVALID_STATUS', async () => {
    const { cookie, user } = await readyUser();
    for (const status of ['processing', 'review_required', 'completed']) {
      await setStatusRow(db(), user.id, YEAR, status);
      const response = await transmit(cookie);
      expect(response.statusCode, status).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'INVALID_STATUS', message: expect.stringContaining('already been transmitted') });
      expect(await statusRow(db(), user.id, YEAR)).toBe(status);
    }
  });

  it('refuses with 409 ADVANCED_INFO_INCOMPLETE while the section is not marked complete, and writes nothing', async () => {
    await signIn(ctx, 'admin@example.ch');
    const { cookie, user } = await signIn(ctx, 'anna@example.ch');
    await setStatusRow(db(), user.id, YEAR, 'documents_submitted');
    await addRequiredDocuments(db(), user.id, YEAR);
    const response = await transmit(cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'ADVANCED_INFO_INCOMPLETE',
      message: 'Complete the Advanced Tax Information section before transmitting.',
    });
    expect(await statusRow(db(), user.id, YEAR)).toBe('documents_submitted');
    expect(await db().select().from(transmissions)).toHaveLength(0);

    // Completed for another year does not count; completed, then opened again, does not either.
    await markSectionComplete(db(), user.id, 2024);
    expect((await transmit(cookie)).json().error.code).toBe('ADVANCED_INFO_INCOMPLETE');
    const put = (completed: boolean) => send(ctx.app, 'PUT', '/api/advanced-tax-info/completion', cookie, { taxYear: YEAR, completed });
    await put(true);
    await put(false);
    expect((await transmit(cookie)).json().error.code).toBe('ADVANCED_INFO_INCOMPLETE');
    await put(true);
    expect((await transmit(cookie)).statusCode).toBe(200);
  });

  it('lets exactly one of two parallel transmits succeed; the other gets 409', async () => {
    const { cookie, user } = await readyUser();
    await addRequiredDocuments(db(), user.id, YEAR);
    const answers = await Promise.all([transmit(cookie), transmit(cookie), transmit(cookie)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.code).toBe('INVALID_STATUS');
    expect(await db().select().from(transmissions)).toHaveLength(1);
    expect(await frozenVersionIds()).toHaveLength(6);
  });

  it('refuses bad input with 400 naming taxYear', async () => {
    const { cookie, user } = await readyUser();
    for (const payload of [{}, { taxYear: 'abc' }, { taxYear: '2025' }, { taxYear: 2025.5 }, { taxYear: 2015 }, { taxYear: 2028 }]) {
      const response = await transmit(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error, JSON.stringify(payload)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'taxYear' });
    }
    expect(await statusRow(db(), user.id, YEAR)).toBe('documents_submitted');
  });

  it('answers 401 without a session', async () => {
    const response = await transmit(undefined);
    expect(response.statusCode).toBe(401);
  });

  it("transmits only the caller's own year and documents", async () => {
    const anna = await readyUser('anna@example.ch');
    const ben = await signIn(ctx, 'ben@example.ch');
    await addRequiredDocuments(db(), anna.user.id, YEAR);
    // Ben's year is at status 1: Anna's readiness does not make his transmittable.
    expect((await transmit(ben.cookie)).statusCode).toBe(409);
    expect(await statusRow(db(), anna.user.id, YEAR)).toBe('documents_submitted');
    await setStatusRow(db(), ben.user.id, YEAR, 'documents_submitted');
    await markSectionComplete(db(), ben.user.id, YEAR);
    // Anna's documents do not fill Ben's checklist.
    const refused = await transmit(ben.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CHECKLIST_INCOMPLETE');
    await addRequiredDocuments(db(), ben.user.id, YEAR);
    const response = await transmit(ben.cookie);
    expect(response.json().fileCount).toBe(6);
    expect(await statusRow(db(), anna.user.id, YEAR)).toBe('documents_submitted');
  });
});
