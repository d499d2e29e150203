import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { PasskeyCreationOptions, PasskeyListResponse, PasskeyRequestOptions, PasskeySummary, VerifyCodeResponse } from '@taxli/domain';
import { auditEvents, passkeys, users } from '../../db/schema.js';
import { drivers, TEST_ORIGIN, useTestApp, type TestContext } from '../../test/build-test-app.js';
import { cookieHeader, get, post, SESSION_COOKIE, setCookie, signInWithCodeOnly, type SignedIn } from '../../test/auth-helpers.js';
import { send } from '../../test/status-helpers.js';
import { SoftwareAuthenticator } from '../../test/software-authenticator.js';

const RP_ID = new URL(TEST_ORIGIN).hostname;
const PRE_SESSION_COOKIE = '__Host-taxli_webauthn';

const errorCode = (response: LightMyRequestResponse) => response.json<{ error: { code: string } }>().error.code;

/** Adds a passkey to the signed-in account with the whole ceremony: options, the authenticator's answer, verify. */
async function addPasskey(ctx: TestContext, who: SignedIn, authenticator: SoftwareAuthenticator, name = 'Laptop') {
  const options = await post(ctx.app, '/api/auth/passkeys/register/options', undefined, { cookie: who.cookie });
  expect(options.statusCode).toBe(200);
  return post(ctx.app, '/api/auth/passkeys/register/verify', { ...authenticator.register(options.json<PasskeyCreationOptions>()), name }, { cookie: who.cookie });
}

/** Signed out: the options set a pre-session cookie that the answer must come back with. */
async function signedOutOptions(ctx: TestContext) {
  const response = await post(ctx.app, '/api/auth/passkeys/login/options');
  expect(response.statusCode).toBe(200);
  const token = setCookie(response, PRE_SESSION_COOKIE)?.value;
  if (!token) throw new Error('no pre-session cookie');
  return { options: response.json<PasskeyRequestOptions>(), cookie: cookieHeader({ [PRE_SESSION_COOKIE]: token }) };
}

describe.each(drivers)('passkeys (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const db = () => ctx.database.db;
  const authenticator = () => new SoftwareAuthenticator({ origin: TEST_ORIGIN, rpId: RP_ID });
  const storedPasskeys = () => db().select().from(passkeys).orderBy(passkeys.id);
  const events = (action: string) => db().select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(auditEvents.id);

  async function anna() {
    await signInWithCodeOnly(ctx, 'admin@example.ch');
    return signInWithCodeOnly(ctx, 'anna@example.ch');
  }

  it('adds a named passkey, lists it, audits it and mails the person in their language', async () => {
    const who = await anna();
    await db().update(users).set({ language: 'de' }).where(eq(users.id, who.user.id));
    const added = await addPasskey(ctx, who, authenticator(), 'Laptop');
    expect(added.statusCode).toBe(200);
    expect(added.json<PasskeySummary>()).toMatchObject({ name: 'Laptop', lastUsedAt: null });

    const list = await get(ctx.app, '/api/auth/passkeys', { cookie: who.cookie });
    expect(list.json<PasskeyListResponse>().passkeys.map((p) => p.name)).toEqual(['Laptop']);
    expect((await events('passkey.add')).map((e) => [e.outcome, e.subjectUserId])).toEqual([['success', who.user.id]]);
    expect(ctx.mailer.lastTo('anna@example.ch')?.subject).toBe('Ihrem Taxli-Konto wurde ein Passkey hinzugefügt');
  });

  it('signs in with the passkey alone: a new session, the use recorded, mailed and audited', async () => {
    const who = await anna();
    const key = authenticator();
    await addPasskey(ctx, who, key);
    const { options, cookie } = await signedOutOptions(ctx);
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required', allowCredentials: [] });

    const response = await post(ctx.app, '/api/auth/passkeys/login/verify', key.assert(options), { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json<VerifyCodeResponse>().user).toMatchObject({ id: who.user.id, email: 'anna@example.ch' });
    const session = setCookie(response, SESSION_COOKIE)?.value;
    expect(session).toMatch(/^[\w-]{43}$/);
    expect((await get(ctx.app, '/api/auth/passkeys', { cookie: cookieHeader({ [SESSION_COOKIE]: session }) })).statusCode).toBe(200);
    const [stored] = await storedPasskeys();
    expect(stored).toMatchObject({ counter: 1 });
    expect(stored!.lastUsedAt).not.toBeNull();
    expect(ctx.mailer.lastTo('anna@example.ch')?.subject).toBe('Your Taxli account was signed in with a passkey');
    expect((await events('passkey.use')).map((e) => e.outcome)).toEqual(['success']);
  });

  it('refuses a replayed answer: the challenge is single-use', async () => {
    const who = await anna();
    const key = authenticator();
    await addPasskey(ctx, who, key);
    const { options, cookie } = await signedOutOptions(ctx);
    const answer = key.assert(options);
    expect((await post(ctx.app, '/api/auth/passkeys/login/verify', answer, { cookie })).statusCode).toBe(200);
    const replayed = await post(ctx.app, '/api/auth/passkeys/login/verify', answer, { cookie });
    expect([replayed.statusCode, errorCode(replayed)]).toEqual([400, 'PASSKEY_CHALLENGE_INVALID']);
    expect(setCookie(replayed, SESSION_COOKIE)?.value).toBeFalsy();
  });

  it('refuses a challenge older than 5 minutes, and one asked for by another browser', async () => {
    const who = await anna();
    const key = authenticator();
    await addPasskey(ctx, who, key);
    const other = await signedOutOptions(ctx);
    const mine = await signedOutOptions(ctx);
    const foreign = await post(ctx.app, '/api/auth/passkeys/login/verify', key.assert(other.options), { cookie: mine.cookie });
    expect([foreign.statusCode, errorCode(foreign)]).toEqual([400, 'PASSKEY_CHALLENGE_INVALID']);
    ctx.clock.advanceMinutes(6);
    const late = await post(ctx.app, '/api/auth/passkeys/login/verify', key.assert(mine.options), { cookie: mine.cookie });
    expect([late.statusCode, errorCode(late)]).toEqual([400, 'PASSKEY_CHALLENGE_INVALID']);
  });

  it('refuses a counter that went back, and changes nothing', async () => {
    const who = await anna();
    const key = authenticator();
    await addPasskey(ctx, who, key);
    const first = await signedOutOptions(ctx);
    await post(ctx.app, '/api/auth/passkeys/login/verify', key.assert(first.options, { counter: 5 }), { cookie: first.cookie });
    const second = await signedOutOptions(ctx);
    const cloned = await post(ctx.app, '/api/auth/passkeys/login/verify', key.assert(second.options, { counter: 3 }), { cookie: second.cookie });
    expect([cloned.statusCode, errorCode(cloned)]).toEqual([401, 'PASSKEY_COUNTER_REPLAY']);
    expect(setCookie(cloned, SESSION_COOKIE)?.value).toBeFalsy();
    expect((await storedPasskeys())[0]).toMatchObject({ counter: 5 });
  });

  it('refuses an answer made for another origin or another RP ID', async () => {
    const who = await anna();
    const key = authenticator();
    await addPasskey(ctx, who, key);
    const a = await signedOutOptions(ctx);
    const wrongOrigin = await post(ctx.app, '/api/auth/passkeys/login/verify', key.assert(a.options, { origin: 'https://taxli.example.net' }), { cookie: a.cookie });
    expect([wrongOrigin.statusCode, errorCode(wrongOrigin)]).toEqual([400, 'PASSKEY_ORIGIN_MISMATCH']);
    const b = await signedOutOptions(ctx);
    const wrongRp = await post(ctx.app, '/api/auth/passkeys/login/verify', key.assert(b.options, { rpId: 'evil.example' }), { cookie: b.cookie });
    expect([wrongRp.statusCode, errorCode(wrongRp)]).toEqual([400, 'PASSKEY_RP_ID_MISMATCH']);

    const registerOptions = await post(ctx.app, '/api/auth/passkeys/register/options', undefined, { cookie: who.cookie });
    const foreignRegistration = await post(
      ctx.app,
      '/api/auth/passkeys/register/verify',
      authenticator().register(registerOptions.json<PasskeyCreationOptions>(), { origin: 'https://phish.example' }),
      { cookie: who.cookie },
    );
    expect([foreignRegistration.statusCode, errorCode(foreignRegistration)]).toEqual([400, 'PASSKEY_ORIGIN_MISMATCH']);
    expect(await storedPasskeys()).toHaveLength(1);
    expect((await storedPasskeys())[0]).toMatchObject({ counter: 0, lastUsedAt: null });
  });

  it('refuses a tampered answer (signature no longer matches)', async () => {
    const who = await anna();
    const key = authenticator();
    await addPasskey(ctx, who, key);
    const { options, cookie } = await signedOutOptions(ctx);
    const answer = key.assert(options);
    const signature = answer.response.signature;
    const tampered = { ...answer, response: { ...answer.response, signature: (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1) } };
    const response = await post(ctx.app, '/api/auth/passkeys/login/verify', tampered, { cookie });
    expect([response.statusCode, errorCode(response)]).toEqual([400, 'PASSKEY_VERIFICATION_FAILED']);
  });

  it("refuses another account's passkey as a signed-in person's second factor", async () => {
    const who = await anna();
    const bruno = await signInWithCodeOnly(ctx, 'bruno@example.ch');
    const brunosKey = authenticator();
    await addPasskey(ctx, bruno, brunosKey);
    const options = await post(ctx.app, '/api/auth/passkeys/login/options', undefined, { cookie: who.cookie });
    const response = await post(ctx.app, '/api/auth/passkeys/login/verify', brunosKey.assert(options.json<PasskeyRequestOptions>()), { cookie: who.cookie });
    expect([response.statusCode, errorCode(response)]).toEqual([401, 'PASSKEY_OTHER_ACCOUNT']);
    expect((await storedPasskeys())[0]).toMatchObject({ counter: 0, lastUsedAt: null });
  });

  it('renames and removes only the own passkeys; the removal is audited and mailed', async () => {
    const who = await anna();
    const bruno = await signInWithCodeOnly(ctx, 'bruno@example.ch');
    const id = (await addPasskey(ctx, who, authenticator())).json<PasskeySummary>().id;
    expect((await send(ctx.app, 'PATCH', `/api/auth/passkeys/${id}`, bruno.cookie, { name: 'Mine' })).statusCode).toBe(404);
    const renamed = await send(ctx.app, 'PATCH', `/api/auth/passkeys/${id}`, who.cookie, { name: 'Phone' });
    expect(renamed.json<PasskeySummary>().name).toBe('Phone');
    const del = (cookie: string) => ctx.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: { origin: TEST_ORIGIN, cookie } });
    expect((await del(bruno.cookie)).statusCode).toBe(404);
    expect((await del(who.cookie)).statusCode).toBe(200);
    expect(await storedPasskeys()).toEqual([]);
    expect((await events('passkey.remove')).map((e) => e.subjectUserId)).toEqual([who.user.id]);
    expect(ctx.mailer.lastTo('anna@example.ch')?.subject).toBe('A passkey was removed from your Taxli account');
  });

  describe('the second factor of experts and admins', () => {
    async function expertByCode() {
      await signInWithCodeOnly(ctx, 'admin@example.ch');
      const signedIn = await signInWithCodeOnly(ctx, 'erika@taxli.ch');
      await db().update(users).set({ role: 'expert' }).where(eq(users.id, signedIn.user.id));
      return signedIn;
    }

    it('answers 403 SECOND_FACTOR_REQUIRED to an expert signed in by code, until a passkey confirms the same session', async () => {
      const erika = await expertByCode();
      const before = await get(ctx.app, '/api/expert/returns', { cookie: erika.cookie });
      expect([before.statusCode, errorCode(before)]).toEqual([403, 'SECOND_FACTOR_REQUIRED']);
      expect((await get(ctx.app, '/api/debug/check-auth', { cookie: erika.cookie })).json()).toMatchObject({ secondFactorRequired: true });

      // No passkey yet: the expert may add a first one, and then confirm the session with it.
      const key = authenticator();
      expect((await addPasskey(ctx, erika, key)).statusCode).toBe(200);
      expect((await get(ctx.app, '/api/expert/returns', { cookie: erika.cookie })).statusCode).toBe(403);
      const options = await post(ctx.app, '/api/auth/passkeys/login/options', undefined, { cookie: erika.cookie });
      expect(options.json<PasskeyRequestOptions>().allowCredentials?.map((c) => c.id)).toEqual([key.id]);
      const confirmed = await post(ctx.app, '/api/auth/passkeys/login/verify', key.assert(options.json<PasskeyRequestOptions>()), { cookie: erika.cookie });
      expect(confirmed.statusCode).toBe(200);
      expect(setCookie(confirmed, SESSION_COOKIE)).toBeUndefined();
      expect((await get(ctx.app, '/api/expert/returns', { cookie: erika.cookie })).statusCode).toBe(200);
    });

    it('lets an admin who signs in with a passkey alone use the admin routes', async () => {
      const admin = await signInWithCodeOnly(ctx, 'admin@example.ch');
      expect(errorCode(await get(ctx.app, '/api/admin/audit', { cookie: admin.cookie }))).toBe('SECOND_FACTOR_REQUIRED');
      const key = authenticator();
      await addPasskey(ctx, admin, key);
      const { options, cookie } = await signedOutOptions(ctx);
      const signedIn = await post(ctx.app, '/api/auth/passkeys/login/verify', key.assert(options), { cookie });
      const session = cookieHeader({ [SESSION_COOKIE]: setCookie(signedIn, SESSION_COOKIE)?.value });
      expect((await get(ctx.app, '/api/admin/audit', { cookie: session })).statusCode).toBe(200);
    });

    it('takes a role granted mid-session into effect only after the second factor', async () => {
      await signInWithCodeOnly(ctx, 'admin@example.ch');
      const hans = await signInWithCodeOnly(ctx, 'hans@taxli.ch');
      expect(errorCode(await get(ctx.app, '/api/expert/returns', { cookie: hans.cookie }))).toBe('FORBIDDEN');
      await db().update(users).set({ role: 'expert' }).where(eq(users.id, hans.user.id));
      expect(errorCode(await get(ctx.app, '/api/expert/returns', { cookie: hans.cookie }))).toBe('SECOND_FACTOR_REQUIRED');
    });

    it('does not let a code-only staff session add a second passkey or remove one (a mailbox reader could swap in their own)', async () => {
      const erika = await expertByCode();
      const id = (await addPasskey(ctx, erika, authenticator())).json<PasskeySummary>().id;
      const again = await post(ctx.app, '/api/auth/passkeys/register/options', undefined, { cookie: erika.cookie });
      expect([again.statusCode, errorCode(again)]).toEqual([403, 'SECOND_FACTOR_REQUIRED']);
      const removal = await ctx.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: { origin: TEST_ORIGIN, cookie: erika.cookie } });
      expect([removal.statusCode, errorCode(removal)]).toEqual([403, 'SECOND_FACTOR_REQUIRED']);
      expect(await storedPasskeys()).toHaveLength(1);
    });
  });
});
