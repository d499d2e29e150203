import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { REQUIRED_CATEGORY_IDS } from '@taxli/domain';
import { drivers, TEST_ORIGIN, useTestApp, type TestContext } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { multipart, uploadParts } from '../../test/multipart.js';
import { setLanguage } from '../../test/return-work-helpers.js';
import { markSectionComplete, send, setStatusRow } from '../../test/status-helpers.js';
import { createMailer } from '../../mail/mailer.js';
import { startSmtpReceiver } from '../../test/smtp-receiver.js';
import { pdfLines } from '../../test/pdf-lines.js';

const YEAR = 2025;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const pdfBytes = (text: string) => Buffer.from(`%PDF-1.7\n${text.repeat(50)}\n%%EOF\n`);

async function upload(ctx: TestContext, cookie: string, categoryId: number, filename: string, data: Buffer) {
  const { payload, contentType } = multipart(uploadParts(categoryId, YEAR, [{ filename, data }]));
  const response = await ctx.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { origin: TEST_ORIGIN, 'content-type': contentType, cookie } });
  expect(response.json().files[0].status).toBe('fulfilled');
}

describe.each(drivers)('the transmission receipt (%s)', (driver) => {
  const ctx = useTestApp(driver);
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  /** A person with one uploaded file per required category (real bytes), ready to transmit. */
  async function readyPerson() {
    await signIn(ctx, 'admin@example.ch');
    const anna = await signIn(ctx, 'anna@example.ch');
    const files = new Map<string, Buffer>();
    for (const categoryId of REQUIRED_CATEGORY_IDS) {
      const name = `Beleg ${categoryId}.pdf`;
      files.set(name, pdfBytes(`document ${categoryId}`));
      await upload(ctx, anna.cookie, categoryId, name, files.get(name)!);
    }
    await setStatusRow(ctx.database.db, anna.user.id, YEAR, 'documents_submitted');
    await markSectionComplete(ctx.database.db, anna.user.id, YEAR);
    return { anna, files };
  }

  it('is a PDF listing every document sent with its SHA-256, and not a file added after the transmission', async () => {
    const { anna, files } = await readyPerson();
    const before = await get(ctx.app, `/api/tax/receipt?taxYear=${YEAR}`, { cookie: anna.cookie });
    expect(before.statusCode).toBe(404);
    expect(before.json().error.code).toBe('NOT_TRANSMITTED');

    expect((await send(ctx.app, 'POST', '/api/tax-year-status/transmit', anna.cookie, { taxYear: YEAR, confirmed: true })).statusCode).toBe(200);
    const late = pdfBytes('sent later');
    await upload(ctx, anna.cookie, 22, 'Saeule 3a.pdf', late);

    const response = await get(ctx.app, `/api/tax/receipt?taxYear=${YEAR}`, { cookie: anna.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Taxli-receipt-${YEAR}.pdf"`);
    const text = await pdfLines(response.rawPayload);
    expect(text).toContain('Transmission receipt');
    expect(text).toContain(`Documents sent: ${files.size}`);
    const listed = text.filter((line) => line.startsWith('SHA-256 ')).map((line) => line.slice('SHA-256 '.length));
    expect(listed.sort()).toEqual([...files.values()].map(sha256).sort());
    for (const name of files.keys()) expect(text).toContain(name);
    expect(text).toContain('Category: Salary Statement');
    expect(text).not.toContain('Saeule 3a.pdf');
    expect(listed).not.toContain(sha256(late));
    expect(text).toContain('What happens next');

    // Someone else's year has no receipt for this person.
    const ben = await signIn(ctx, 'ben@example.ch');
    expect((await get(ctx.app, `/api/tax/receipt?taxYear=${YEAR}`, { cookie: ben.cookie })).statusCode).toBe(404);
  });

  it("is written in the person's language", async () => {
    const { anna } = await readyPerson();
    await setLanguage(ctx, anna.user.id, 'fr');
    expect((await send(ctx.app, 'POST', '/api/tax-year-status/transmit', anna.cookie, { taxYear: YEAR })).statusCode).toBe(200);
    const text = await pdfLines((await get(ctx.app, `/api/tax/receipt?taxYear=${YEAR}`, { cookie: anna.cookie })).rawPayload);
    expect(text).toContain('Récépissé de transmission');
    expect(text).toContain('Documents envoyés : 6');
  });

  it("reaches the person's mailbox over SMTP in their language, with the year, the count and what happens next", async () => {
    const receiver = await startSmtpReceiver();
    const { received } = receiver;
    close = receiver.close;

    const { anna } = await readyPerson();
    await setLanguage(ctx, anna.user.id, 'de');
    await ctx.rebuild({}, createMailer({ smtpUrl: receiver.url, mailFrom: 'Taxli <no-reply@taxli.test>' }));

    expect((await send(ctx.app, 'POST', '/api/tax-year-status/transmit', anna.cookie, { taxYear: YEAR, confirmed: true })).statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['anna@example.ch']);
    // Quoted-printable and encoded headers undone, as a mail reader shows them.
    const shown = received[0]!.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const decoded = Buffer.from(shown, 'latin1').toString('utf8');
    expect(decoded).toMatch(/^Subject: .*Steuerjahr/m);
    expect(decoded).toContain('Steuerjahr 2025 an unsere Fachleute übermittelt: 6 Dokumente.');
    expect(decoded).toContain('So geht es weiter');
    expect(decoded).toContain(`${TEST_ORIGIN}/?year=2025`);
    expect(decoded).not.toContain('Beleg 5.pdf');
  });

  it('a failed receipt mail does not undo the transmission', async () => {
    const { anna } = await readyPerson();
    ctx.mailer.failWith = new Error('SMTP down');
    const response = await send(ctx.app, 'POST', '/api/tax-year-status/transmit', anna.cookie, { taxYear: YEAR });
    expect(response.statusCode).toBe(200);
    expect((await get(ctx.app, `/api/tax-status?taxYear=${YEAR}`, { cookie: anna.cookie })).json().current_status_id).toBe(4);
    expect(ctx.logs.join('\n')).toContain('transmission receipt mail failed');
    expect(ctx.logs.join('\n')).not.toContain('anna@example.ch');
  });
});
