import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents, loginCodes, users } from '../../db/schema.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { cookieHeader, REMEMBER_COOKIE, requestCode, signIn, verifyCode } from '../../test/auth-helpers.js';

describe.each(drivers)('POST /api/auth/request-code (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('answers pending and mails a 6-digit code', async () => {
    const response = await requestCode(ctx, 'anna@example.ch');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Verification code sent', status: 'pending' });
    const mail = ctx.mailer.lastTo('anna@example.ch');
    expect(mail?.subject).toBe('Your Taxli sign-in code');
    expect(mail?.text).toMatch(/^ {4}\d{6}$/m);
    expect(mail?.html).toContain(ctx.mailer.codeFor('anna@example.ch'));
    expect(mail?.text).toContain('valid for 10 minutes');
  });

  it('gives the same answer for a known and an unknown address', async () => {
    await signIn(ctx, 'known@example.ch');
    const known = await requestCode(ctx, 'known@example.ch');
    const unknown = await requestCode(ctx, 'nobody@example.ch');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(ctx.mailer.lastTo('nobody@example.ch')).toBeDefined();
  });

  it('normalises the address, so the code reaches the account whatever the case', async () => {
    await requestCode(ctx, '  Anna.Muster@Example.CH ');
    expect(ctx.mailer.lastTo('anna.muster@example.ch')).toBeDefined();
  });

  it('writes the mail in the requested language, else the stored one, else English', async () => {
    await requestCode(ctx, 'de@example.ch', { language: 'de' });
    expect(ctx.mailer.lastTo('de@example.ch')?.subject).toBe('Ihr Taxli-Anmeldecode');

    // The account keeps the language of the request that created it.
    await signIn(ctx, 'fr@example.ch', {}, {});
    await ctx.database.db.update(users).set({ language: 'fr' }).where(eq(users.email, 'fr@example.ch'));
    await requestCode(ctx, 'fr@example.ch');
    expect(ctx.mailer.lastTo('fr@example.ch')?.subject).toBe('Votre code de connexion Taxli');

    await requestCode(ctx, 'new@example.ch');
    expect(ctx.mailer.lastTo('new@example.ch')?.subject).toBe('Your Taxli sign-in code');
  });

  it('has the mail in all five languages, with the code in text and HTML', async () => {
    const subjects = new Set<string>();
    for (const language of ['en', 'de', 'fr', 'it', 'gsw']) {
      const email = `${language}@example.ch`;
      await requestCode(ctx, email, { language });
      const mail = ctx.mailer.lastTo(email)!;
      subjects.add(mail.subject);
      expect(mail.html).toContain(`lang="${language}"`);
      expect(mail.html).toContain(ctx.mailer.codeFor(email));
      expect(mail.text).not.toMatch(/\{\{/);
    }
    expect(subjects.size).toBe(5);
    expect(ctx.mailer.lastTo('gsw@example.ch')?.subject).toBe('Din Taxli-Aamäldecode');
  });

  it('refuses a missing or malformed address and an inactive language, naming the field', async () => {
    const missing = await requestCode(ctx, undefined as unknown as string);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'email' });
    expect(missing.json().error.message).toContain('E-mail is required');

    const bad = await requestCode(ctx, 'not-an-address');
    expect(bad.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'email', message: 'email: E-mail is not a valid address' });

    const language = await requestCode(ctx, 'a@example.ch', { language: 'zh' });
    expect(language.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'language' });
    expect(ctx.mailer.messages).toHaveLength(0);
  });

  it('stores only keyed hashes: no code, address or IP in clear', async () => {
    await requestCode(ctx, 'anna@example.ch', {}, { remoteAddress: '203.0.113.9' });
    const code = ctx.mailer.codeFor('anna@example.ch');
    const rows = await ctx.database.db.select().from(loginCodes);
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain('anna@example.ch');
    expect(stored).not.toContain('203.0.113.9');
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('allows 5 codes per address per rolling hour, then 429 RATE_LIMITED with Retry-After', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(ctx, 'anna@example.ch')).statusCode).toBe(200);
      ctx.clock.advanceMinutes(10);
    }
    // 50 minutes after the first: the sixth is refused until the first is an hour old.
    const refused = await requestCode(ctx, 'anna@example.ch');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(refused.json().error.message).toContain('at most 5 per hour');
    expect(refused.headers['retry-after']).toBe('600');
    expect(ctx.mailer.messages).toHaveLength(5);

    // Other addresses are not affected.
    expect((await requestCode(ctx, 'ben@example.ch')).statusCode).toBe(200);

    ctx.clock.advanceMinutes(10);
    expect((await requestCode(ctx, 'anna@example.ch')).statusCode).toBe(200);
  });

  it('allows 30 codes per IP per hour, whatever the addresses', async () => {
    const from = { remoteAddress: '198.51.100.7' };
    for (let i = 0; i < 30; i++) {
      expect((await requestCode(ctx, `user${i}@example.ch`, {}, from)).statusCode).toBe(200);
    }
    const refused = await requestCode(ctx, 'user30@example.ch', {}, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().error.message).toContain('at most 30 per hour');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);

    // Another IP still may.
    expect((await requestCode(ctx, 'user30@example.ch', {}, { remoteAddress: '198.51.100.8' })).statusCode).toBe(200);
  });

  describe('strangers cannot lock the owner out (DECISIONS D13)', () => {
    const stranger = { remoteAddress: '198.51.100.66' };
    const owner = { remoteAddress: '203.0.113.10' };
    /** Five requests for the address from one IP: that IP's share of it is used up. */
    const exhaust = async (email: string, from: { remoteAddress: string }) => {
      for (let i = 0; i < 5; i++) expect((await requestCode(ctx, email, {}, from)).statusCode).toBe(200);
      expect((await requestCode(ctx, email, {}, from)).statusCode).toBe(429);
    };

    it("gives the owner a working code from another IP after a stranger's IP used up its 5", async () => {
      await signIn(ctx, 'anna@example.ch', {}, owner);
      ctx.clock.advanceMinutes(1);
      await exhaust('anna@example.ch', stranger);
      const mails = ctx.mailer.messages.length;

      const asked = await requestCode(ctx, 'anna@example.ch', {}, owner);
      expect(asked.statusCode).toBe(200);
      expect(ctx.mailer.messages).toHaveLength(mails + 1);
      const verified = await verifyCode(ctx, 'anna@example.ch', ctx.mailer.codeFor('anna@example.ch'), {}, owner);
      expect(verified.statusCode).toBe(200);
    });

    it("gives the owner's remembered browser a code from the very IP the stranger used up", async () => {
      const { rememberToken } = await signIn(ctx, 'anna@example.ch', {}, stranger);
      expect(rememberToken).toBeDefined();
      // The sign-in above was one of the IP's five; a stranger on the same network asks for the rest.
      for (let i = 0; i < 4; i++) expect((await requestCode(ctx, 'anna@example.ch', {}, stranger)).statusCode).toBe(200);
      expect((await requestCode(ctx, 'anna@example.ch', {}, stranger)).statusCode).toBe(429);

      const browser = { ...stranger, cookie: cookieHeader({ [REMEMBER_COOKIE]: rememberToken }) };
      for (let i = 0; i < 5; i++) expect((await requestCode(ctx, 'anna@example.ch', {}, browser)).statusCode).toBe(200);
      expect(ctx.mailer.lastTo('anna@example.ch')).toBeDefined();
      // The browser is a source of its own, with the same 5 per hour.
      const sixth = await requestCode(ctx, 'anna@example.ch', {}, browser);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().error.message).toContain('at most 5 per hour');
    });

    it("does not let another account's remembered browser, or an unknown token, pass as the owner's", async () => {
      const ben = await signIn(ctx, 'ben@example.ch', {}, stranger);
      await exhaust('anna@example.ch', stranger);
      for (const token of [ben.rememberToken, 'f'.repeat(64)]) {
        const refused = await requestCode(ctx, 'anna@example.ch', {}, { ...stranger, cookie: cookieHeader({ [REMEMBER_COOKIE]: token }) });
        expect(refused.statusCode).toBe(429);
      }
    });

    it('holds every e-mail to 20 codes an hour from all IPs together, but not its own remembered browser', async () => {
      const { rememberToken } = await signIn(ctx, 'anna@example.ch', {}, owner);
      ctx.clock.advanceMinutes(1);
      // The owner's sign-in was the first of the 20; four more IPs ask for 19 more.
      for (let ip = 1; ip <= 4; ip++) {
        for (let i = 0; i < (ip === 4 ? 4 : 5); i++) {
          expect((await requestCode(ctx, 'anna@example.ch', {}, { remoteAddress: `198.51.100.${ip}` })).statusCode).toBe(200);
        }
      }
      const fresh = await requestCode(ctx, 'anna@example.ch', {}, { remoteAddress: '198.51.100.5' });
      expect(fresh.statusCode).toBe(429);
      expect(fresh.json().error.message).toContain('at most 20 per hour');
      expect(Number(fresh.headers['retry-after'])).toBe(59 * 60);
      expect((await requestCode(ctx, 'anna@example.ch', {}, owner)).statusCode).toBe(429);

      const browser = { ...owner, cookie: cookieHeader({ [REMEMBER_COOKIE]: rememberToken }) };
      expect((await requestCode(ctx, 'anna@example.ch', {}, browser)).statusCode).toBe(200);
    });

    it('answers a known and an unknown address identically at every limit', async () => {
      await signIn(ctx, 'known@example.ch', {}, owner);
      const answers = async (email: string) => {
        const seen = [];
        for (let ip = 1; ip <= 5; ip++) {
          for (let i = 0; i < 6; i++) {
            const response = await requestCode(ctx, email, {}, { remoteAddress: `192.0.2.${ip}` });
            seen.push({ status: response.statusCode, body: response.body, retryAfter: response.headers['retry-after'] });
          }
        }
        return seen;
      };
      const known = await answers('known@example.ch');
      // The known address has one code more (its sign-in): the unknown one gets one too, at the same time.
      await requestCode(ctx, 'nobody@example.ch', {}, owner);
      const unknown = await answers('nobody@example.ch');
      expect(unknown).toEqual(known);
      expect(new Set(known.map((a) => a.status))).toEqual(new Set([200, 429]));
    });
  });

  it('counts per client behind a trusted proxy, and ignores forwarded addresses otherwise', async () => {
    const viaProxy = (client: string) => ({ remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': client } });
    for (let i = 0; i < 30; i++) await requestCode(ctx, `user${i}@example.ch`, {}, viaProxy(`198.51.100.${i}`));
    // Untrusted: all 30 came from 10.0.0.2, whatever the header claims.
    expect((await requestCode(ctx, 'late@example.ch', {}, viaProxy('198.51.100.200'))).statusCode).toBe(429);

    await ctx.rebuild({ trustProxy: '10.0.0.0/8' });
    expect((await requestCode(ctx, 'late@example.ch', {}, viaProxy('198.51.100.200'))).statusCode).toBe(200);
  });

  it('holds the address limit when requests arrive at the same time', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => requestCode(ctx, 'anna@example.ch')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7);
  });

  it('answers 503 VERIFICATION_ERROR when the mail cannot be sent, and logs no address', async () => {
    ctx.mailer.failWith = Object.assign(new Error('550 mailbox anna@example.ch unavailable'), { responseCode: 550 });
    const response = await requestCode(ctx, 'anna@example.ch');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: { code: 'VERIFICATION_ERROR', message: 'Failed to send verification code' } });
    const log = ctx.logs.join('\n');
    expect(log).toContain('sign-in code mail failed');
    expect(log).not.toContain('anna@example.ch');
  });

  it('writes an audit event without the address in clear', async () => {
    await requestCode(ctx, 'anna@example.ch', {}, { remoteAddress: '203.0.113.9' });
    const events = await ctx.database.db.select().from(auditEvents);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'auth.request_code', outcome: 'success', subjectUserId: null });
    expect(events[0]!.emailHash).toMatch(/^[0-9a-f]{64}$/);
    expect(events[0]!.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(events)).not.toMatch(/anna@example\.ch|203\.0\.113\.9/);
  });
});
