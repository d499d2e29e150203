import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReturnStatusResponse, ThreadResponse } from '@taxli/domain';
import { auditEvents, messages } from '../../db/schema.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { transmittedPerson } from '../../test/expert-helpers.js';
import { setStatusRow, statusRow } from '../../test/status-helpers.js';
import { expertApi, noticeMailsTo, personApi, signInExpert } from '../../test/return-work-helpers.js';
import { openText } from '../../storage/sealed-text.js';
import { MESSAGE_SEAL } from '../messages/message.service.js';

const YEAR = 2025;

describe.each(drivers)("the person's answer to the prepared return (%s)", (driver) => {
  const ctx = useTestApp(driver);
  const auditOf = (action: string) => ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));

  /** Anna's 2025 is up for her review (status 5). */
  async function inReview() {
    const anna = await transmittedPerson(ctx, 'anna@example.ch', YEAR);
    await setStatusRow(ctx.database.db, anna.user.id, YEAR, 'review_required');
    return { anna, person: personApi(ctx, anna.cookie) };
  }

  describe('POST /api/tax/approve', () => {
    it('moves 5 → 6, audited as the person, and mails a confirmation', async () => {
      const { anna, person } = await inReview();
      const response = await person.approve({ taxYear: YEAR });
      expect(response.statusCode).toBe(200);
      expect(response.json<ReturnStatusResponse>()).toEqual({ userId: anna.user.id, taxYear: YEAR, status: 6, statusName: 'completed' });
      expect(await statusRow(ctx.database.db, anna.user.id, YEAR)).toBe('completed');
      expect(await auditOf('tax_status.approve')).toMatchObject([{ actorUserId: anna.user.id, subjectUserId: anna.user.id, details: { taxYear: YEAR, from: 5, to: 6 } }]);
      expect(noticeMailsTo(ctx, 'anna@example.ch').map((m) => m.subject)).toEqual(['Thank you for approving your tax return']);
    });

    it('answers 409 naming the current status at any other status, and changes nothing', async () => {
      const anna = await transmittedPerson(ctx, 'anna@example.ch', YEAR);
      const person = personApi(ctx, anna.cookie);
      const response = await person.approve({ taxYear: YEAR });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({ code: 'INVALID_STATUS', message: 'The return is at status 4 (Transmitted); this needs status 5 (Reviewed).' });
      const before = await person.approve({ taxYear: 2024 });
      expect(before.statusCode).toBe(409);
      expect(before.json().error.message).toMatch(/^The return is at status 1 \(Initial\)/);
      expect(await statusRow(ctx.database.db, anna.user.id, YEAR)).toBe('processing');
      expect(await auditOf('tax_status.approve')).toHaveLength(0);
      expect(noticeMailsTo(ctx, 'anna@example.ch')).toHaveLength(0);
    });

    it('lets exactly one of two approvals at the same moment win', async () => {
      const { person } = await inReview();
      const answers = await Promise.all([person.approve({ taxYear: YEAR }), person.approve({ taxYear: YEAR })]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().error.message).toMatch(/^The return is at status 6 \(Completed\)/);
      expect(await auditOf('tax_status.approve')).toHaveLength(1);
      expect(noticeMailsTo(ctx, 'anna@example.ch')).toHaveLength(1);
    });

    it("acts on the caller's own year only, and checks the year", async () => {
      const { anna } = await inReview();
      const ben = await transmittedPerson(ctx, 'ben@example.ch', YEAR);
      const benApprove = await personApi(ctx, ben.cookie).approve({ taxYear: YEAR, userId: anna.user.id });
      expect(benApprove.statusCode).toBe(400); // a strict body: no user id can be named
      expect((await personApi(ctx, ben.cookie).approve({ taxYear: YEAR })).statusCode).toBe(409);
      expect(await statusRow(ctx.database.db, anna.user.id, YEAR)).toBe('review_required');
      const outOfRange = await personApi(ctx, anna.cookie).approve({ taxYear: 2030 });
      expect(outOfRange.statusCode).toBe(400);
      expect(outOfRange.json().error.field).toBe('taxYear');
      expect((await personApi(ctx, anna.cookie).approve({})).statusCode).toBe(400);
    });
  });

  describe('POST /api/tax/request-changes', () => {
    it("moves 5 → 4 and puts the person's message into the year's thread, sealed; the expert sees it unread", async () => {
      const { anna, person } = await inReview();
      const response = await person.requestChanges({ taxYear: YEAR, message: '  My pillar 3a amount is CHF 7056, not 6883.  ' });
      expect(response.statusCode).toBe(200);
      expect(response.json<ReturnStatusResponse>()).toEqual({ userId: anna.user.id, taxYear: YEAR, status: 4, statusName: 'processing' });
      expect(await auditOf('tax_status.request_changes')).toMatchObject([{ actorUserId: anna.user.id, details: { taxYear: YEAR, from: 5, to: 4 } }]);

      const [row] = await ctx.database.db.select().from(messages);
      expect(row).toMatchObject({ userId: anna.user.id, taxYear: YEAR, fromExpert: false, readAt: null });
      expect(openText(ctx.app.deps.config.masterKey, MESSAGE_SEAL, row!.body)).toBe('My pillar 3a amount is CHF 7056, not 6883.');

      const erika = await signInExpert(ctx);
      const thread = (await expertApi(ctx, erika.cookie, anna.user.id, YEAR).readThread()).json<ThreadResponse>();
      expect(thread.unread).toBe(1);
      expect(thread.messages).toMatchObject([{ from: 'person', authorFirstName: 'Anna', body: 'My pillar 3a amount is CHF 7056, not 6883.' }]);

      const mails = noticeMailsTo(ctx, 'anna@example.ch');
      expect(mails.map((m) => m.subject)).toEqual(['Your tax return is being revised']);
      expect(`${mails[0]!.text}${mails[0]!.html}`).not.toMatch(/7056|6883/);
    });

    it('refuses a blank message (400 naming message) and any status but 5 (409), storing nothing', async () => {
      const { anna, person } = await inReview();
      const blank = await person.requestChanges({ taxYear: YEAR, message: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.field).toBe('message');
      await setStatusRow(ctx.database.db, anna.user.id, YEAR, 'completed');
      const late = await person.requestChanges({ taxYear: YEAR, message: 'Too late?' });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toMatch(/^The return is at status 6 \(Completed\)/);
      expect(await ctx.database.db.select().from(messages)).toHaveLength(0);
    });

    it('answers 401 without a session', async () => {
      const response = await personApi(ctx, '').requestChanges({ taxYear: YEAR, message: 'x' });
      expect(response.statusCode).toBe(401);
    });
  });
});
