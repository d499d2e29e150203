import { afterEach, describe, expect, it } from 'vitest';
import { YEAR_NOTIFICATION_IDS, type ActiveLanguage, type Notification } from '@taxli/domain';
import { resources } from '@taxli/i18n';
import { messages } from '../../db/schema.js';
import { drivers, TEST_ORIGIN, useTestApp } from '../../test/build-test-app.js';
import { get } from '../../test/auth-helpers.js';
import { transmittedPerson } from '../../test/expert-helpers.js';
import { setStatusRow } from '../../test/status-helpers.js';
import { addPreparedReturn, expertApi, noticeMailsTo, personApi, setLanguage, signInExpert } from '../../test/return-work-helpers.js';
import { multipart, uploadParts } from '../../test/multipart.js';
import { samplePdf } from '../../test/document-samples.js';
import { createMailer } from '../../mail/mailer.js';
import { startSmtpReceiver } from '../../test/smtp-receiver.js';
import type { PersonNoticeKind } from './person-notices.js';

const YEAR = 2025;

describe.each(drivers)("what reaches the person of the expert's work (%s)", (driver) => {
  const ctx = useTestApp(driver);

  async function setUp() {
    const anna = await transmittedPerson(ctx, 'anna@example.ch', YEAR);
    const erika = await signInExpert(ctx);
    return { anna, erika, expert: expertApi(ctx, erika.cookie, anna.user.id, YEAR), person: personApi(ctx, anna.cookie) };
  }

  describe('the bell', () => {
    const yearNotices = async (cookie: string) => {
      const response = await get(ctx.app, '/api/notifications', { cookie });
      expect(response.statusCode).toBe(200);
      return response
        .json<Notification[]>()
        .filter((n) => (YEAR_NOTIFICATION_IDS as readonly string[]).includes(n.id))
        .map(({ id, taxYear, actionUrl }) => ({ id, taxYear, actionUrl }));
    };

    it('tells of each step of the expert\'s work while it is open, and forgets it once the person dealt with it', async () => {
      const { anna, erika, expert, person } = await setUp();
      expect(await yearNotices(anna.cookie)).toEqual([]);

      await expert.sendMessage({ message: 'One question' });
      expect(await yearNotices(anna.cookie)).toEqual([{ id: 'expert-message', taxYear: YEAR, actionUrl: '/?year=2025#messages' }]);
      await person.thread(YEAR);
      expect(await yearNotices(anna.cookie)).toEqual([]);

      await expert.requestDocument({ categoryId: 22, note: '' });
      expect(await yearNotices(anna.cookie)).toEqual([{ id: 'document-request', taxYear: YEAR, actionUrl: '/?year=2025#document-requests' }]);
      ctx.clock.advanceMinutes(1);
      const { payload, contentType } = multipart(uploadParts(22, YEAR, [{ filename: '3a.pdf', data: samplePdf() }]));
      const upload = await ctx.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { origin: TEST_ORIGIN, 'content-type': contentType, cookie: anna.cookie } });
      expect(upload.statusCode).toBe(200);
      expect(await yearNotices(anna.cookie)).toEqual([]);

      await addPreparedReturn(ctx, anna.user.id, YEAR, erika.user.id);
      await expert.setStatus({ status: 5 });
      expect(await yearNotices(anna.cookie)).toEqual([{ id: 'review-required', taxYear: YEAR, actionUrl: '/?year=2025' }]);
      await person.approve({ taxYear: YEAR });
      expect(await yearNotices(anna.cookie)).toEqual([]);

      await expert.filed({ filedOn: '2026-03-10' });
      expect(await yearNotices(anna.cookie)).toEqual([{ id: 'return-filed', taxYear: YEAR, actionUrl: '/?year=2025' }]);
    });

    it("lists every year's notices, newest year first, and only the caller's", async () => {
      const { anna, erika } = await setUp();
      await setStatusRow(ctx.database.db, anna.user.id, 2024, 'review_required');
      await expertApi(ctx, erika.cookie, anna.user.id, 2024).sendMessage({ message: 'About 2024' });
      await expertApi(ctx, erika.cookie, anna.user.id, YEAR).requestDocument({ categoryId: 5 });
      expect((await yearNotices(anna.cookie)).map((n) => `${n.taxYear} ${n.id}`)).toEqual(['2025 document-request', '2024 expert-message', '2024 review-required']);
      const ben = await transmittedPerson(ctx, 'ben@example.ch', YEAR);
      expect(await yearNotices(ben.cookie)).toEqual([]);
    });
  });

  describe('the e-mails', () => {
    it("mails every kind of news in the person's language at that moment, with a link into the app and no detail", async () => {
      const { anna, erika, expert, person } = await setUp();
      const lastMail = () => noticeMailsTo(ctx, 'anna@example.ch').at(-1)!;
      const expectMail = (language: ActiveLanguage, kind: PersonNoticeKind, link: string) => {
        const mail = lastMail();
        expect(mail.subject).toBe(resources[language].mail.personNotice[kind].subject);
        expect(mail.html).toContain(`<html lang="${language}">`);
        expect(mail.text).toContain(`\n${TEST_ORIGIN}${link}\n`);
        expect(`${mail.text}${mail.html}`).not.toMatch(/Muster|secret|CHF|Säule/);
      };

      await setLanguage(ctx, anna.user.id, 'de');
      await expert.sendMessage({ message: 'A secret question about CHF 7056' });
      expectMail('de', 'expertMessage', '/?year=2025#messages');

      await setLanguage(ctx, anna.user.id, 'fr');
      await expert.requestDocument({ categoryId: 22, note: 'Säule 3a' });
      expectMail('fr', 'documentRequest', '/?year=2025#document-requests');

      await setLanguage(ctx, anna.user.id, 'it');
      await addPreparedReturn(ctx, anna.user.id, YEAR, erika.user.id);
      await expert.setStatus({ status: 5 });
      expectMail('it', 'reviewReady', '/?year=2025');

      await setLanguage(ctx, anna.user.id, 'gsw');
      await expert.setStatus({ status: 4, note: 'A secret correction' });
      expectMail('gsw', 'changesInProgress', '/?year=2025');

      await setLanguage(ctx, anna.user.id, 'en');
      await expert.setStatus({ status: 5 });
      await person.requestChanges({ taxYear: YEAR, message: 'secret: CHF 10' });
      expectMail('en', 'changesInProgress', '/?year=2025');

      // A language that is not active (listed, not selectable) reads as English.
      await setLanguage(ctx, anna.user.id, 'ja');
      await expert.setStatus({ status: 5 });
      await person.approve({ taxYear: YEAR });
      expectMail('en', 'approved', '/?year=2025');

      await setLanguage(ctx, anna.user.id, 'fr');
      await expert.filed({ filedOn: '2026-03-02' });
      expectMail('fr', 'filed', '/?year=2025');
      expect(lastMail().text).toContain('2 mars 2026');

      expect(noticeMailsTo(ctx, 'anna@example.ch')).toHaveLength(9);
      expect(noticeMailsTo(ctx, 'erika@taxli.test')).toEqual([]);
    });

    it('keeps what was done when the mail cannot be sent, and logs the failure without the address or the reply', async () => {
      const { expert } = await setUp();
      ctx.mailer.failWith = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <anna@example.ch>: Anna Muster unknown"), {
        code: 'EENVELOPE',
        response: '550 5.1.1 <anna@example.ch>: Anna Muster unknown',
        responseCode: 550,
        command: 'RCPT TO',
      });
      const response = await expert.sendMessage({ message: 'Still stored' });
      expect(response.statusCode).toBe(201);
      expect(await ctx.database.db.select().from(messages)).toHaveLength(1);
      const failure = ctx.logs.map((line) => JSON.parse(line) as { msg: string; kind?: string; err?: Record<string, unknown> }).find((line) => line.msg === 'person notice mail failed');
      expect(failure).toMatchObject({ kind: 'expertMessage', err: { code: 'EENVELOPE', responseCode: 550 } });
      expect(ctx.logs.join('\n')).not.toMatch(/anna@example|Muster|Still stored/i);
    });
  });

  describe('over real SMTP', () => {
    let close: (() => Promise<void>) | undefined;
    afterEach(async () => {
      await close?.();
      close = undefined;
    });

    it("delivers the expert's message notice to the person's mailbox, in their language", async () => {
      const receiver = await startSmtpReceiver();
      const { received } = receiver;
      close = receiver.close;

      const { anna, erika } = await setUp();
      await setLanguage(ctx, anna.user.id, 'de');
      await ctx.rebuild({}, createMailer({ smtpUrl: receiver.url, mailFrom: 'Taxli <no-reply@taxli.test>' }));

      const response = await expertApi(ctx, erika.cookie, anna.user.id, YEAR).sendMessage({ message: 'Bitte rufen Sie mich an' });
      expect(response.statusCode).toBe(201);
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['anna@example.ch']);
      const raw = received[0]!.raw;
      expect(raw).toMatch(/^Subject: Neue Nachricht bei Taxli\r?$/m);
      // Quoted-printable: soft line breaks and '=' undone, as a mail reader shows it.
      const shown = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(shown).toContain(`${TEST_ORIGIN}/?year=2025#messages`);
      expect(shown).not.toContain('rufen Sie mich an');
    });
  });
});
