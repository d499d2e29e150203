import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createMailer, MailNotConfiguredError } from '../../mail/mailer.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get, requestCode } from '../../test/auth-helpers.js';

describe.each(drivers)('GET /dev/mailbox (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('lists the dev outbox in development, escaped, code included', async () => {
    const printed: string[] = [];
    await ctx.rebuild({ nodeEnv: 'development' }, createMailer({ smtpUrl: undefined, mailFrom: 'x@y.z', nodeEnv: 'development' }, (l) => printed.push(l)));
    const sent = await requestCode(ctx, "o'brien@example.ch");
    expect(sent.statusCode).toBe(200);
    const page = await get(ctx.app, '/dev/mailbox', { headers: { host: 'localhost:8080' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Your Taxli sign-in code');
    expect(page.body).toMatch(/\b\d{6}\b/);
    expect(page.body).toContain('o&#39;brien@example.ch');
    expect(page.body).not.toContain("o'brien");
    // The documented dev behaviour: the mail, code included, is printed for the developer.
    expect(printed.join('\n')).toMatch(/\[dev outbox\][\s\S]*\b\d{6}\b/);
  });

  it('answers only this machine: a request from another address or through a proxy gets 404', async () => {
    await ctx.rebuild({ nodeEnv: 'development' }, createMailer({ smtpUrl: undefined, mailFrom: 'x@y.z', nodeEnv: 'development' }, () => undefined));
    await requestCode(ctx, 'anna@example.ch');
    expect((await get(ctx.app, '/dev/mailbox', { headers: { host: 'localhost:8080' } })).statusCode).toBe(200);
    expect((await get(ctx.app, '/dev/mailbox', { remoteAddress: '192.168.1.20' })).statusCode).toBe(404);
    expect((await get(ctx.app, '/dev/mailbox', { headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
  });

  it('answers 403 to a request from this machine that names another host (DNS rebinding), 200 under its own names', async () => {
    await ctx.rebuild({ nodeEnv: 'development' }, createMailer({ smtpUrl: undefined, mailFrom: 'x@y.z', nodeEnv: 'development' }, () => undefined));
    await requestCode(ctx, 'anna@example.ch');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const fetchWithHost = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest({ host: '127.0.0.1', port, path: '/dev/mailbox', headers: { host } }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
        request.end();
      });

    for (const host of [`attacker.example:${port}`, 'attacker.example', `localhost.attacker.example:${port}`, `127.0.0.1:${port + 1}`, 'localhost']) {
      const refused = await fetchWithHost(host);
      expect({ host, status: refused.status }).toEqual({ host, status: 403 });
      expect(JSON.parse(refused.body).error.code).toBe('FORBIDDEN');
      expect(refused.body).not.toMatch(/\b\d{6}\b/);
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`, 'localhost:8080']) {
      const page = await fetchWithHost(host);
      expect({ host, status: page.status }).toEqual({ host, status: 200 });
      expect(page.body).toContain('Your Taxli sign-in code');
    }
  });

  it('does not exist with a real mail server configured', async () => {
    expect((await get(ctx.app, '/dev/mailbox')).statusCode).toBe(404);
  });

  it('does not exist in production, where mail without SMTP_URL fails instead of being logged', async () => {
    const printed: string[] = [];
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'x@y.z', nodeEnv: 'production' }, (l) => printed.push(l));
    expect(mailer.outbox).toBeUndefined();
    await expect(mailer.send({ to: 'a@b.ch', subject: 's', text: 't', html: 'h' })).rejects.toBeInstanceOf(MailNotConfiguredError);
    await ctx.rebuild({ nodeEnv: 'production' }, mailer);
    expect((await get(ctx.app, '/dev/mailbox')).statusCode).toBe(404);
    const response = await requestCode(ctx, 'anna@example.ch');
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('VERIFICATION_ERROR');
    expect(printed).toHaveLength(0);
  });
});
