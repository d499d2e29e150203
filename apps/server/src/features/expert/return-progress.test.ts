import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReturnProgressResponse } from '@taxli/domain';
import { documentRequests, messages, preparedReturns, returnCases, users } from '../../db/schema.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { signInAs, transmittedPerson } from '../../test/expert-helpers.js';
import { setStatusRow } from '../../test/status-helpers.js';
import { sealText } from '../../storage/sealed-text.js';
import { DOCUMENT_REQUEST_NOTE_SEAL } from './document-request-note.js';

const YEAR = 2025;

describe.each(drivers)('GET /api/tax/return-progress (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const progress = async (cookie: string, query = '') => {
    const response = await get(ctx.app, `/api/tax/return-progress${query}`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReturnProgressResponse>();
  };

  /** An expert's work on Anna's year, written as the other parts of the back office store it. */
  async function expertWork(annaId: number, expertId: number) {
    const db = ctx.database.db;
    const seal = (note: string) => sealText(ctx.app.deps.config.masterKey, DOCUMENT_REQUEST_NOTE_SEAL, note);
    const now = new Date(ctx.clock.now);
    await db.insert(returnCases).values({ userId: annaId, taxYear: YEAR, assigneeUserId: expertId, filedOn: '2026-03-12' });
    await db.insert(documentRequests).values([
      { userId: annaId, taxYear: YEAR, categoryId: 5, note: seal('Your salary statement, please'), requestedBy: expertId, createdAt: now },
      { userId: annaId, taxYear: YEAR, categoryId: 1, note: seal('Bank statement'), requestedBy: expertId, createdAt: now, fulfilledAt: now },
    ]);
    await db.insert(preparedReturns).values({ userId: annaId, taxYear: YEAR, version: 1, sha256: 'b'.repeat(64), sizeBytes: 4096, storageKey: 'prepared/anna', wrappedKey: 'wrapped', createdAt: now });
    await db.insert(messages).values([
      { userId: annaId, taxYear: YEAR, body: 'sealed', fromExpert: true, expertUserId: expertId },
      { userId: annaId, taxYear: YEAR, body: 'sealed', fromExpert: true, expertUserId: expertId, readAt: now },
      { userId: annaId, taxYear: YEAR, body: 'sealed' },
      { userId: annaId, taxYear: 2024, body: 'sealed', fromExpert: true, expertUserId: expertId },
    ]);
    return now;
  }

  it("shows the person the expert's first name, open requests, unread expert messages and the filing date of their year", async () => {
    const anna = await transmittedPerson(ctx, 'anna@example.ch', YEAR);
    const erika = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    await ctx.database.db.update(users).set({ firstName: 'Erika', lastName: 'Beispiel' }).where(eq(users.id, erika.user.id));
    const requestedAt = await expertWork(anna.user.id, erika.user.id);
    // The year in preparation (2025 on the test clock) when none is named.
    for (const query of ['', `?taxYear=${YEAR}`]) {
      expect(await progress(anna.cookie, query)).toEqual({
        taxYear: YEAR,
        status: 4,
        expertFirstName: 'Erika',
        openRequests: [{ id: expect.any(Number), categoryId: 5, note: 'Your salary statement, please', createdAt: requestedAt.toISOString(), fulfilledAt: null }],
        // Status 4: the expert is still preparing the return; the person does not see it yet.
        preparedReturn: null,
        filedOn: '2026-03-12',
        unreadMessages: 1,
      });
    }
    await setStatusRow(ctx.database.db, anna.user.id, YEAR, 'review_required');
    expect((await progress(anna.cookie)).preparedReturn).toEqual({ version: 1, size: 4096, sha256: 'b'.repeat(64), uploadedAt: requestedAt.toISOString() });
  });

  it('shows nothing of it before transmission, whatever rows exist, and only ever the caller’s own years', async () => {
    const erika = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    const anna = await signIn(ctx, 'anna@example.ch');
    await setStatusRow(ctx.database.db, anna.user.id, YEAR, 'documents_submitted');
    await expertWork(anna.user.id, erika.user.id);
    const empty = { taxYear: YEAR, status: 3, expertFirstName: null, openRequests: [], preparedReturn: null, filedOn: null, unreadMessages: 0 };
    expect(await progress(anna.cookie)).toEqual(empty);
    // Ben sees his own (empty) year, not Anna's, whatever he adds to the query.
    const ben = await signIn(ctx, 'ben@example.ch');
    expect(await progress(ben.cookie, `?taxYear=${YEAR}&userId=${anna.user.id}`)).toEqual({ ...empty, status: 1 });
    expect((await get(ctx.app, '/api/tax/return-progress?taxYear=1990', { cookie: ben.cookie })).statusCode).toBe(400);
  });
});
