import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents, loginCodes, sessions, users } from '../../db/schema.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { REMEMBER_COOKIE, SESSION_COOKIE, requestCode, setCookie, signIn, verifyCode } from '../../test/auth-helpers.js';

const EMAIL = 'anna@example.ch';

/** A code that is certainly not the one mailed. */
function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describe.each(drivers)('POST /api/auth/verify-code (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('signs in with the mailed code, creates the account and sets the cookies', async () => {
    await requestCode(ctx, EMAIL, { language: 'it' });
    const response = await verifyCode(ctx, EMAIL, ctx.mailer.codeFor(EMAIL));
    expect(response.statusCode).toBe(200);
    // The first account is an admin, whose role needs a passkey in the session too (issue 30).
    expect(response.json()).toEqual({ success: true, user: { id: 1, email: EMAIL, isProfileComplete: false, isAdmin: true, secondFactorRequired: true } });
    expect(setCookie(response, SESSION_COOKIE)?.value).toMatch(/^[\w-]{43}$/);
    expect(setCookie(response, REMEMBER_COOKIE)?.value).toMatch(/^[\w-]{43}$/);
    const [user] = await ctx.database.db.select().from(users);
    expect(user).toMatchObject({ email: EMAIL, language: 'it', role: 'admin' });
  });

  it('sets no remember-device cookie when asked not to remember', async () => {
    await requestCode(ctx, EMAIL);
    const response = await verifyCode(ctx, EMAIL, ctx.mailer.codeFor(EMAIL), { rememberDevice: false });
    expect(response.statusCode).toBe(200);
    expect(setCookie(response, REMEMBER_COOKIE)).toBeUndefined();
  });

  it('makes the first account an admin, later ones users, and ADMIN_EMAILS admins', async () => {
    await ctx.rebuild({ adminEmails: ['boss@example.ch'] });
    expect((await signIn(ctx, 'first@example.ch')).user.isAdmin).toBe(true);
    expect((await signIn(ctx, 'second@example.ch')).user.isAdmin).toBe(false);
    expect((await signIn(ctx, 'boss@example.ch')).user.isAdmin).toBe(true);
    const roles = await ctx.database.db.select({ email: users.email, role: users.role }).from(users).orderBy(users.id);
    expect(roles.map((r) => r.role)).toEqual(['admin', 'user', 'admin']);
  });

  it('signs the same account in again without creating another', async () => {
    const first = await signIn(ctx, EMAIL);
    const second = await signIn(ctx, EMAIL);
    expect(second.user.id).toBe(first.user.id);
    expect(await ctx.database.db.select().from(users)).toHaveLength(1);
  });

  it('refuses a code that is not exactly six digits, naming the field', async () => {
    for (const code of ['12345', '12a456', '1234567', '']) {
      const response = await verifyCode(ctx, EMAIL, code);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'code' });
      expect(response.json().error.message).toContain('exactly 6 digits');
    }
    const noEmail = await verifyCode(ctx, undefined as unknown as string, '123456');
    expect(noEmail.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'email' });
  });

  it('answers a wrong code and no live code with the same 401 INVALID_CODE; the tries left differ (0: ask for a new code)', async () => {
    // The tries left tell that a live code exists, as the lock-out after five tries always has: the
    // warning before the lock-out was asked for (issue 28), and code and message stay the same.
    const answer = { code: 'INVALID_CODE', message: 'Invalid or expired verification code. Please check the code or request a new one.' };
    const none = await verifyCode(ctx, EMAIL, '123456');
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toEqual({ ...answer, attemptsLeft: 0 });

    await requestCode(ctx, EMAIL);
    const wrong = await verifyCode(ctx, EMAIL, wrongCode(ctx.mailer.codeFor(EMAIL)));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({ ...answer, attemptsLeft: 4 });
  });

  it('accepts a code for 10 minutes only', async () => {
    await requestCode(ctx, EMAIL);
    const code = ctx.mailer.codeFor(EMAIL);
    ctx.clock.advanceMinutes(10);
    const late = await verifyCode(ctx, EMAIL, code);
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('INVALID_CODE');

    await requestCode(ctx, EMAIL);
    ctx.clock.advanceMinutes(9.9);
    expect((await verifyCode(ctx, EMAIL, ctx.mailer.codeFor(EMAIL))).statusCode).toBe(200);
  });

  it('accepts a code once only', async () => {
    await requestCode(ctx, EMAIL);
    const code = ctx.mailer.codeFor(EMAIL);
    expect((await verifyCode(ctx, EMAIL, code)).statusCode).toBe(200);
    const again = await verifyCode(ctx, EMAIL, code);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('INVALID_CODE');
  });

  it('invalidates the earlier code when a new one is requested', async () => {
    await requestCode(ctx, EMAIL);
    const old = ctx.mailer.codeFor(EMAIL);
    await requestCode(ctx, EMAIL);
    const current = ctx.mailer.codeFor(EMAIL);
    if (old !== current) expect((await verifyCode(ctx, EMAIL, old)).json().error.code).toBe('INVALID_CODE');
    expect((await verifyCode(ctx, EMAIL, current)).statusCode).toBe(200);
  });

  it('does not accept a code mailed to another address', async () => {
    await requestCode(ctx, EMAIL);
    await requestCode(ctx, 'ben@example.ch');
    const response = await verifyCode(ctx, 'ben@example.ch', ctx.mailer.codeFor(EMAIL));
    if (ctx.mailer.codeFor(EMAIL) !== ctx.mailer.codeFor('ben@example.ch')) expect(response.statusCode).toBe(401);
  });

  it('allows 5 tries: the fifth wrong one and every later try get 429 TOO_MANY_ATTEMPTS', async () => {
    await requestCode(ctx, EMAIL);
    const code = ctx.mailer.codeFor(EMAIL);
    // Each wrong try says how many are left before the lock-out (issue 28), beside code and message.
    for (const left of [4, 3, 2, 1]) {
      const wrong = await verifyCode(ctx, EMAIL, wrongCode(code));
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toEqual({
        code: 'INVALID_CODE',
        message: 'Invalid or expired verification code. Please check the code or request a new one.',
        attemptsLeft: left,
      });
    }
    const fifth = await verifyCode(ctx, EMAIL, wrongCode(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts. Please request a new code.', attemptsLeft: 0 });
    const correct = await verifyCode(ctx, EMAIL, code);
    expect(correct.statusCode).toBe(429);
    expect(correct.json().error.code).toBe('TOO_MANY_ATTEMPTS');

    // A new code starts afresh.
    await requestCode(ctx, EMAIL);
    expect((await verifyCode(ctx, EMAIL, ctx.mailer.codeFor(EMAIL))).statusCode).toBe(200);
  });

  it('counts at most 5 of 50 simultaneous wrong tries', async () => {
    await requestCode(ctx, EMAIL);
    const code = ctx.mailer.codeFor(EMAIL);
    const answers = await Promise.all(Array.from({ length: 50 }, () => verifyCode(ctx, EMAIL, wrongCode(code))));
    const codes = answers.map((a) => a.json().error.code);
    expect(codes.filter((c) => c === 'INVALID_CODE')).toHaveLength(4);
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS')).toHaveLength(46);
    const [row] = await ctx.database.db.select({ attempts: loginCodes.attempts }).from(loginCodes);
    expect(row?.attempts).toBe(5);
    expect((await verifyCode(ctx, EMAIL, code)).json().error.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('accepts a correct code once among simultaneous tries', async () => {
    await requestCode(ctx, EMAIL);
    const code = ctx.mailer.codeFor(EMAIL);
    const answers = await Promise.all(Array.from({ length: 10 }, () => verifyCode(ctx, EMAIL, code)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).every((a) => [401, 429].includes(a.statusCode))).toBe(true);
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(1);
    expect(await ctx.database.db.select().from(users)).toHaveLength(1);
  });

  it('audits successes and failures with a reason, never the address in clear', async () => {
    await requestCode(ctx, EMAIL);
    const code = ctx.mailer.codeFor(EMAIL);
    await verifyCode(ctx, EMAIL, wrongCode(code));
    await verifyCode(ctx, EMAIL, code);
    const events = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'auth.verify_code'))
      .orderBy(auditEvents.id);
    expect(events.map((e) => [e.outcome, e.details])).toEqual([
      ['failure', { reason: 'invalid_code' }],
      ['success', { newAccount: true }],
    ]);
    expect(events[1]?.subjectUserId).toBe(1);
    expect(JSON.stringify(events)).not.toContain(EMAIL);
    expect(JSON.stringify(events)).not.toContain(code);
  });
});
