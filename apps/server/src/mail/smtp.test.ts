import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createMailer } from './mailer.js';
import { drivers, useTestApp } from '../test/build-test-app.js';
import { requestCode, verifyCode } from '../test/auth-helpers.js';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startReceiver(rejectRecipient?: string): Promise<{ port: number; mails: Received[]; close(): Promise<void> }> {
  const mails: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!rejectRecipient) return callback();
      // As real servers word it: the reply quotes the address and the mailbox owner's name.
      callback(Object.assign(new Error(rejectRecipient.replace('%s', address.address)), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom === false ? undefined : session.envelope.mailFrom.address;
        mails.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(drivers)('sign-in code over real SMTP (%s)', (driver) => {
  const ctx = useTestApp(driver);
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await receiver.close();
  });

  it('delivers the code in the requested language, and the code signs in', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${receiver.port}`, mailFrom: 'Taxli <no-reply@taxli.test>' });
    await ctx.rebuild({}, mailer);
    const response = await requestCode(ctx, 'anna@example.ch', { language: 'de' });
    expect(response.statusCode).toBe(200);

    expect(receiver.mails).toHaveLength(1);
    const mail = receiver.mails[0]!;
    expect(mail.to).toEqual(['anna@example.ch']);
    expect(mail.from).toBe('no-reply@taxli.test');
    expect(mail.raw).toMatch(/^Subject: Ihr Taxli-Anmeldecode\r?$/m);
    expect(mail.raw).toMatch(/multipart\/alternative/);
    const code = mail.raw.match(/^ {4}(\d{6})\r?$/m)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    expect((await verifyCode(ctx, 'anna@example.ch', code!)).statusCode).toBe(200);
  });

  it("logs a refused recipient with the reply's code and a fixed text: neither the name nor the address the reply quotes", async () => {
    await receiver.close();
    receiver = await startReceiver('5.1.1 <%s>: mailbox of Annabella Zwicky-Brändli unavailable (user Zwicky)');
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${receiver.port}`, mailFrom: 'Taxli <no-reply@taxli.test>' });
    await ctx.rebuild({}, mailer);
    const response = await requestCode(ctx, 'annabella.zwicky@example.ch');
    expect(response.statusCode).toBe(503);
    expect(receiver.mails).toHaveLength(0);

    const failure = ctx.logs.map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> }).find((line) => line.msg === 'sign-in code mail failed');
    expect(failure?.err).toMatchObject({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO', message: expect.stringMatching(/^The mail server refused/) });
    expect(ctx.logs.join('\n')).not.toMatch(/annabella|zwicky|brändli|example\.ch|mailbox of/i);
  });

  it('answers 503 VERIFICATION_ERROR when the mail server is unreachable', async () => {
    await receiver.close();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${receiver.port}`, mailFrom: 'Taxli <no-reply@taxli.test>' });
    await ctx.rebuild({}, mailer);
    const response = await requestCode(ctx, 'anna@example.ch');
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toEqual({ code: 'VERIFICATION_ERROR', message: 'Failed to send verification code' });
    receiver = await startReceiver();
  });
});
