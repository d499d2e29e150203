import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { DocumentRequestSummary, ReturnStatusResponse, ThreadMessage, ThreadResponse } from '@taxli/domain';
import { auditEvents, documentRequests, messages, returnCases } from '../../db/schema.js';
import { drivers, TEST_ORIGIN, TEST_START, useTestApp, type TestContext } from '../../test/build-test-app.js';
import { signIn } from '../../test/auth-helpers.js';
import { transmittedPerson } from '../../test/expert-helpers.js';
import { setStatusRow, statusRow } from '../../test/status-helpers.js';
import { addPreparedReturn, expertApi, noticeMailsTo, personApi, signInExpert } from '../../test/return-work-helpers.js';
import { multipart, uploadParts } from '../../test/multipart.js';
import { samplePdf } from '../../test/document-samples.js';
import { openText } from '../../storage/sealed-text.js';
import { MESSAGE_SEAL, MESSAGES_PER_HOUR } from '../messages/message.service.js';
import { DOCUMENT_REQUEST_NOTE_SEAL } from './document-request-note.js';

const YEAR = 2025;
const NOW = new Date(TEST_START).toISOString();

/** Makes the database refuse audit events of `action` while `work` runs (as audit-integrity.test.ts does). */
async function withAuditRefused(ctx: TestContext, action: string, work: () => Promise<void>): Promise<void> {
  const db = ctx.database.db;
  await db.execute(sql.raw(`create or replace function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`));
  await db.execute(sql.raw(`create trigger refuse_audit before insert on audit_events for each row when (new.action = '${action}') execute function refuse_audit()`));
  try {
    await work();
  } finally {
    await db.execute(sql.raw('drop trigger if exists refuse_audit on audit_events'));
  }
}

describe.each(drivers)("the expert's work on a return (%s)", (driver) => {
  const ctx = useTestApp(driver);
  const auditOf = (action: string) => ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));

  /** Anna's 2025 is transmitted (status 4); Erika is an expert. */
  async function setUp() {
    const anna = await transmittedPerson(ctx, 'anna@example.ch', YEAR);
    const erika = await signInExpert(ctx);
    return { anna, erika, expert: expertApi(ctx, erika.cookie, anna.user.id, YEAR), person: personApi(ctx, anna.cookie) };
  }

  describe('the thread', () => {
    it("shows the expert the person's messages, marks them read, and answers with the expert's message (201, sealed, mailed)", async () => {
      const { anna, erika, expert, person } = await setUp();
      expect((await person.sendMessage({ message: 'Is my Säule 3a certificate enough?', taxYear: YEAR })).statusCode).toBe(201);

      const read = await expert.readThread();
      expect(read.statusCode).toBe(200);
      expect(read.json<ThreadResponse>()).toEqual({
        taxYear: YEAR,
        unread: 1,
        messages: [{ id: expect.any(Number), from: 'person', authorFirstName: 'Anna', body: 'Is my Säule 3a certificate enough?', createdAt: NOW, readAt: NOW }],
      });
      expect((await expert.readThread()).json<ThreadResponse>().unread).toBe(0);
      const reads = await auditOf('expert.read_thread');
      expect(reads).toHaveLength(2);
      expect(reads[0]).toMatchObject({ actorUserId: erika.user.id, subjectUserId: anna.user.id, details: { taxYear: YEAR, messages: 1, unread: 1 } });

      ctx.clock.advanceMinutes(5);
      const answer = await expert.sendMessage({ message: '  Yes, it is. Thanks!  ' });
      expect(answer.statusCode).toBe(201);
      const message = answer.json<ThreadMessage>();
      expect(message).toEqual({ id: expect.any(Number), from: 'expert', authorFirstName: 'Erika', body: 'Yes, it is. Thanks!', createdAt: expect.any(String), readAt: null });

      const [row] = await ctx.database.db.select().from(messages).where(eq(messages.id, message.id));
      expect(row).toMatchObject({ userId: anna.user.id, taxYear: YEAR, expertUserId: erika.user.id, fromExpert: true, readAt: null });
      expect(row!.body).not.toContain('Thanks');
      expect(openText(ctx.app.deps.config.masterKey, MESSAGE_SEAL, row!.body)).toBe('Yes, it is. Thanks!');
      expect(await auditOf('expert.send_message')).toMatchObject([{ actorUserId: erika.user.id, subjectUserId: anna.user.id, details: { taxYear: YEAR, messageId: message.id } }]);

      // The person reads it: the experts' message is then read, once.
      const thread = (await person.thread(YEAR)).json<ThreadResponse>();
      expect(thread.unread).toBe(1);
      expect(thread.messages.map((m) => [m.from, m.authorFirstName, m.body])).toEqual([
        ['person', 'Anna', 'Is my Säule 3a certificate enough?'],
        ['expert', 'Erika', 'Yes, it is. Thanks!'],
      ]);
      expect(thread.messages[1]!.readAt).not.toBeNull();
      expect((await person.thread(YEAR)).json<ThreadResponse>().unread).toBe(0);

      // One mail tells of the message: not what it says.
      const mails = noticeMailsTo(ctx, 'anna@example.ch');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('New message from your Taxli expert');
      expect(`${mails[0]!.text}${mails[0]!.html}`).not.toContain('Thanks');
      expect(mails[0]!.text).toContain(`${TEST_ORIGIN}/?year=2025#messages`);
    });

    it("counts the expert's messages against no hourly limit, and the person's limit only on the person's own", async () => {
      const { expert, person } = await setUp();
      for (let i = 0; i < MESSAGES_PER_HOUR + 5; i++) expect((await expert.sendMessage({ message: `answer ${i}` })).statusCode).toBe(201);
      for (let i = 0; i < MESSAGES_PER_HOUR; i++) expect((await person.sendMessage({ message: `question ${i}` })).statusCode).toBe(201);
      expect((await person.sendMessage({ message: 'one too many' })).statusCode).toBe(429);
    });

    it("keeps the message's body rules: blank, too long or not text is 400 naming message, and nothing is stored", async () => {
      const { expert } = await setUp();
      for (const payload of [{ message: '   ' }, { message: 'a'.repeat(5001) }, { message: 42 }, {}]) {
        const response = await expert.sendMessage(payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'message' });
      }
      expect((await expert.sendMessage({ message: 'a'.repeat(5000) })).statusCode).toBe(201);
      expect(await ctx.database.db.select().from(messages)).toHaveLength(1);
    });
  });

  describe('404 and 403', () => {
    it('answers 404 RETURN_NOT_FOUND for an unknown person and for a year before status 3, on every route', async () => {
      const { anna, erika } = await setUp();
      await setStatusRow(ctx.database.db, anna.user.id, 2024, 'documents_pending');
      const cases = [expertApi(ctx, erika.cookie, 999_999, YEAR), expertApi(ctx, erika.cookie, anna.user.id, 2024), expertApi(ctx, erika.cookie, anna.user.id, 2023)];
      for (const api of cases) {
        const answers = [
          await api.readThread(),
          await api.sendMessage({ message: 'hello' }),
          await api.requestDocument({ categoryId: 5, note: '' }),
          await api.setStatus({ status: 5 }),
          await api.filed({ filedOn: '2026-03-01' }),
        ];
        for (const answer of answers) {
          expect(answer.statusCode).toBe(404);
          expect(answer.json().error.code).toBe('RETURN_NOT_FOUND');
        }
      }
      expect(await ctx.database.db.select().from(messages)).toHaveLength(0);
    });

    it('refuses a person (403) on the expert routes, even on their own return', async () => {
      const { anna } = await setUp();
      const own = expertApi(ctx, anna.cookie, anna.user.id, YEAR);
      for (const answer of [await own.readThread(), await own.sendMessage({ message: 'hi' }), await own.setStatus({ status: 5 })]) {
        expect(answer.statusCode).toBe(403);
      }
    });
  });

  describe('document requests', () => {
    it('stores the request with its note sealed (201), audits it, and mails the person a link to the category, not the note', async () => {
      const { anna, erika, expert } = await setUp();
      const response = await expert.requestDocument({ categoryId: 22, note: '  The 2025 certificate of your Säule 3a, please.  ' });
      expect(response.statusCode).toBe(201);
      const request = response.json<DocumentRequestSummary>();
      expect(request).toEqual({ id: expect.any(Number), categoryId: 22, note: 'The 2025 certificate of your Säule 3a, please.', createdAt: NOW, fulfilledAt: null });

      const [row] = await ctx.database.db.select().from(documentRequests);
      expect(row).toMatchObject({ userId: anna.user.id, taxYear: YEAR, categoryId: 22, requestedBy: erika.user.id, fulfilledAt: null });
      expect(row!.note).not.toContain('Säule');
      expect(openText(ctx.app.deps.config.masterKey, DOCUMENT_REQUEST_NOTE_SEAL, row!.note)).toBe('The 2025 certificate of your Säule 3a, please.');
      expect(await auditOf('expert.request_document')).toMatchObject([{ actorUserId: erika.user.id, subjectUserId: anna.user.id, details: { taxYear: YEAR, requestId: request.id, categoryId: 22 } }]);

      const [mail] = noticeMailsTo(ctx, 'anna@example.ch');
      expect(mail!.subject).toBe('Your Taxli expert needs a document');
      expect(mail!.text).toContain(`${TEST_ORIGIN}/?year=2025#document-requests`);
      expect(`${mail!.text}${mail!.html}`).not.toMatch(/Säule|certificate/);
    });

    it('refuses an unknown category and an over-long note (400 naming the field), and any status but 4 (409 naming it)', async () => {
      const { anna, expert } = await setUp();
      for (const [payload, field] of [
        [{ categoryId: 99, note: '' }, 'categoryId'],
        [{ categoryId: 'five', note: '' }, 'categoryId'],
        [{ categoryId: 5, note: 'a'.repeat(2001) }, 'note'],
      ] as const) {
        const response = await expert.requestDocument(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field });
      }
      await setStatusRow(ctx.database.db, anna.user.id, YEAR, 'review_required');
      const response = await expert.requestDocument({ categoryId: 5 });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'INVALID_STATUS', message: expect.stringContaining('The return is at status 5 (Reviewed)') });
      expect(await ctx.database.db.select().from(documentRequests)).toHaveLength(0);
      expect(noticeMailsTo(ctx, 'anna@example.ch')).toHaveLength(0);
    });

    it('is fulfilled by a new file in its category uploaded after it; a file elsewhere or from before leaves it open', async () => {
      const { anna, expert } = await setUp();
      const upload = async (categoryId: number, filename: string, data: Buffer) => {
        const { payload, contentType } = multipart(uploadParts(categoryId, YEAR, [{ filename, data }]));
        const response = await ctx.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { origin: TEST_ORIGIN, 'content-type': contentType, cookie: anna.cookie } });
        expect(response.statusCode).toBe(200);
      };
      const requested = await expert.requestDocument({ categoryId: 22, note: 'Säule 3a' });
      const other = await expert.requestDocument({ categoryId: 23, note: '' });
      ctx.clock.advanceMinutes(1);
      await upload(5, 'lohnausweis.pdf', samplePdf());
      const open = () => ctx.database.db.select().from(documentRequests).orderBy(documentRequests.id);
      expect((await open()).map((r) => r.fulfilledAt)).toEqual([null, null]);

      await upload(22, 'saeule-3a.pdf', Buffer.concat([samplePdf(), Buffer.from('3a')]));
      const rows = await open();
      expect(rows.map((r) => [r.id, r.fulfilledAt?.toISOString() ?? null])).toEqual([
        [requested.json<DocumentRequestSummary>().id, new Date(TEST_START + 60_000).toISOString()],
        [other.json<DocumentRequestSummary>().id, null],
      ]);
      expect(await auditOf('document_request.fulfil')).toMatchObject([{ subjectUserId: anna.user.id, details: { taxYear: YEAR, categoryId: 22, fulfilled: 1 } }]);

      // A new request of the same category is open again until the next file.
      await expert.requestDocument({ categoryId: 22, note: 'page 2 too' });
      expect((await open()).filter((r) => r.fulfilledAt === null).map((r) => r.categoryId)).toEqual([23, 22]);
    });
  });

  describe('statuses', () => {
    it('moves 4 → 5 only with a prepared return (409 PREPARED_RETURN_MISSING otherwise), audited, and mails the person', async () => {
      const { anna, erika, expert } = await setUp();
      const refused = await expert.setStatus({ status: 5 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('PREPARED_RETURN_MISSING');
      expect(await statusRow(ctx.database.db, anna.user.id, YEAR)).toBe('processing');

      await addPreparedReturn(ctx, anna.user.id, YEAR, erika.user.id);
      const moved = await expert.setStatus({ status: 5 });
      expect(moved.statusCode).toBe(200);
      expect(moved.json<ReturnStatusResponse>()).toEqual({ userId: anna.user.id, taxYear: YEAR, status: 5, statusName: 'review_required' });
      expect(await statusRow(ctx.database.db, anna.user.id, YEAR)).toBe('review_required');
      expect(await auditOf('tax_status.expert_move')).toMatchObject([{ actorUserId: erika.user.id, subjectUserId: anna.user.id, details: { taxYear: YEAR, from: 4, to: 5 } }]);
      expect(noticeMailsTo(ctx, 'anna@example.ch').map((m) => m.subject)).toEqual(['Your tax return is ready for review']);
    });

    it('moves 5 → 4 only with a note (400 naming note), which lands in the thread as the expert\'s message', async () => {
      const { anna, erika, expert, person } = await setUp();
      await setStatusRow(ctx.database.db, anna.user.id, YEAR, 'review_required');
      for (const payload of [{ status: 4 }, { status: 4, note: '   ' }]) {
        const response = await expert.setStatus(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'note' });
      }
      const moved = await expert.setStatus({ status: 4, note: 'I found a second salary statement; correcting it.' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json<ReturnStatusResponse>()).toMatchObject({ status: 4, statusName: 'processing' });
      const thread = (await person.thread(YEAR)).json<ThreadResponse>();
      expect(thread.messages).toMatchObject([{ from: 'expert', authorFirstName: 'Erika', body: 'I found a second salary statement; correcting it.' }]);
      expect(await auditOf('tax_status.expert_move')).toMatchObject([{ actorUserId: erika.user.id, details: { from: 5, to: 4 } }]);
      const mails = noticeMailsTo(ctx, 'anna@example.ch');
      expect(mails.map((m) => m.subject)).toEqual(['Your tax return is being revised']);
      expect(mails[0]!.text).not.toContain('salary');
    });

    it('answers 409 INVALID_STATUS naming the current status for a move the year is not at', async () => {
      const { anna, erika, expert } = await setUp();
      await addPreparedReturn(ctx, anna.user.id, YEAR, erika.user.id);
      const back = await expert.setStatus({ status: 4, note: 'again' });
      expect(back.statusCode).toBe(409);
      expect(back.json().error).toEqual({ code: 'INVALID_STATUS', message: 'The return is at status 4 (Transmitted); this needs status 5 (Reviewed).' });
      await setStatusRow(ctx.database.db, anna.user.id, YEAR, 'completed');
      const forward = await expert.setStatus({ status: 5 });
      expect(forward.statusCode).toBe(409);
      expect(forward.json().error.message).toMatch(/^The return is at status 6 \(Completed\)/);
      for (const payload of [{ status: 6 }, { status: 3 }, { status: '5' }]) expect((await expert.setStatus(payload)).statusCode).toBe(400);
      expect(await auditOf('tax_status.expert_move')).toHaveLength(0);
    });

    it('lets exactly one of two experts moving 4 → 5 at the same moment win', async () => {
      const { anna, erika } = await setUp();
      const max = await signInExpert(ctx, 'max@taxli.test', 'Max');
      await addPreparedReturn(ctx, anna.user.id, YEAR, erika.user.id);
      const answers = await Promise.all([
        expertApi(ctx, erika.cookie, anna.user.id, YEAR).setStatus({ status: 5, note: 'Ready from Erika' }),
        expertApi(ctx, max.cookie, anna.user.id, YEAR).setStatus({ status: 5, note: 'Ready from Max' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().error.message).toMatch(/^The return is at status 5 \(Reviewed\)/);
      expect(await auditOf('tax_status.expert_move')).toHaveLength(1);
      // Only the winner's note is in the thread, and one mail went out.
      expect(await ctx.database.db.select().from(messages)).toHaveLength(1);
      expect(noticeMailsTo(ctx, 'anna@example.ch')).toHaveLength(1);
    });
  });

  describe('each step and its audit event are one', () => {
    it('a move whose audit event cannot be written moves nothing, posts no note and mails nothing', async () => {
      const { anna, expert } = await setUp();
      await setStatusRow(ctx.database.db, anna.user.id, YEAR, 'review_required');
      await withAuditRefused(ctx, 'tax_status.expert_move', async () => {
        expect((await expert.setStatus({ status: 4, note: 'Correcting the salary' })).statusCode).toBe(500);
      });
      expect(await statusRow(ctx.database.db, anna.user.id, YEAR)).toBe('review_required');
      expect(await ctx.database.db.select().from(messages)).toHaveLength(0);
      expect(noticeMailsTo(ctx, 'anna@example.ch')).toHaveLength(0);
    });

    it('a thread read, a message or a request whose audit event cannot be written leaves no trace', async () => {
      const { expert, person } = await setUp();
      await person.sendMessage({ message: 'A question' });
      await withAuditRefused(ctx, 'expert.read_thread', async () => {
        expect((await expert.readThread()).statusCode).toBe(500);
      });
      expect((await ctx.database.db.select().from(messages))[0]!.readAt).toBeNull();
      await withAuditRefused(ctx, 'expert.send_message', async () => {
        expect((await expert.sendMessage({ message: 'An answer' })).statusCode).toBe(500);
      });
      await withAuditRefused(ctx, 'expert.request_document', async () => {
        expect((await expert.requestDocument({ categoryId: 5 })).statusCode).toBe(500);
      });
      expect(await ctx.database.db.select().from(messages)).toHaveLength(1);
      expect(await ctx.database.db.select().from(documentRequests)).toHaveLength(0);
      expect(noticeMailsTo(ctx, 'anna@example.ch')).toHaveLength(0);
    });
  });

  describe('the race-safe move of the tax-status service', () => {
    it('moves a year once when two moves from the same status run at the same moment, and tells the loser where the year is', async () => {
      const { anna, erika } = await setUp();
      const max = await signInExpert(ctx, 'max@taxli.test', 'Max');
      const move = (actorUserId: number) =>
        ctx.app.services.taxStatus.moveIfAt({ userId: anna.user.id, taxYear: YEAR, from: 4, to: 5, actorUserId, action: 'tax_status.expert_move' });
      const outcomes = await Promise.all([move(erika.user.id), move(max.user.id), move(erika.user.id)]);
      expect(outcomes.filter((o) => o.moved)).toHaveLength(1);
      expect(outcomes.filter((o) => !o.moved)).toEqual([
        { moved: false, current: 5 },
        { moved: false, current: 5 },
      ]);
      expect(await auditOf('tax_status.expert_move')).toHaveLength(1);
    });
  });

  describe('the filing date', () => {
    it('is recorded at status 6 only, not in the future nor before the year could be filed (400 naming filedOn)', async () => {
      const { anna, erika, expert } = await setUp();
      const early = await expert.filed({ filedOn: '2026-03-01' });
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toMatch(/^The return is at status 4 \(Transmitted\)/);

      await setStatusRow(ctx.database.db, anna.user.id, YEAR, 'completed');
      for (const [filedOn, fieldCode] of [
        ['2026-03-16', 'DATE_IN_FUTURE'],
        ['2025-12-31', 'DATE_TOO_EARLY'],
        ['2026-02-30', 'INVALID_FORMAT'],
        ['1.3.2026', 'INVALID_FORMAT'],
      ] as const) {
        const response = await expert.filed({ filedOn });
        expect(response.statusCode, filedOn).toBe(400);
        expect(response.json().error, filedOn).toMatchObject({ code: 'VALIDATION_ERROR', field: 'filedOn', fieldCode });
      }
      const recorded = await expert.filed({ filedOn: '2026-03-02' });
      expect(recorded.statusCode).toBe(200);
      expect(recorded.json()).toEqual({ userId: anna.user.id, taxYear: YEAR, filedOn: '2026-03-02' });
      const [row] = await ctx.database.db.select().from(returnCases).where(and(eq(returnCases.userId, anna.user.id), eq(returnCases.taxYear, YEAR)));
      expect(row?.filedOn).toBe('2026-03-02');
      expect(await auditOf('expert.record_filed')).toMatchObject([{ actorUserId: erika.user.id, subjectUserId: anna.user.id, details: { taxYear: YEAR, changed: true } }]);

      // The mail names the date; recording the same date again mails nothing new.
      expect((await expert.filed({ filedOn: '2026-03-02' })).statusCode).toBe(200);
      const mails = noticeMailsTo(ctx, 'anna@example.ch');
      expect(mails.map((m) => m.subject)).toEqual(['Your tax return has been filed']);
      expect(mails[0]!.text).toContain('2 March 2026');
    });
  });

  it('never writes the texts of messages or notes to the log or the audit trail', async () => {
    const { anna, erika, expert } = await setUp();
    await expert.sendMessage({ message: 'Your AHV number 756.1234.5678.97 is on file' });
    await expert.requestDocument({ categoryId: 5, note: 'Lohnausweis Muster AG' });
    await setStatusRow(ctx.database.db, anna.user.id, YEAR, 'review_required');
    await addPreparedReturn(ctx, anna.user.id, YEAR, erika.user.id);
    await expert.setStatus({ status: 4, note: 'Muster AG correction' });
    const events = await ctx.database.db.select().from(auditEvents);
    expect(JSON.stringify(events)).not.toMatch(/756\.1234|Muster AG/);
    expect(ctx.logs.join('\n')).not.toMatch(/756\.1234|Muster AG/);
  });

  it('lets an admin do the expert work too', async () => {
    const anna = await transmittedPerson(ctx, 'anna@example.ch', YEAR);
    const admin = await signIn(ctx, 'admin@example.ch');
    const response = await expertApi(ctx, admin.cookie, anna.user.id, YEAR).sendMessage({ message: 'Hello from the admin' });
    expect(response.statusCode).toBe(201);
  });
});
