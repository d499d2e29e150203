import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { VerifyCodeResponse } from '@taxli/domain';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema.js';
import { sha256 } from '../lib/crypto.js';
import { TEST_ORIGIN, type TestContext } from './build-test-app.js';

export const SESSION_COOKIE = '__Host-taxli_session';
export const REMEMBER_COOKIE = '__Host-taxli_remember';

export interface InjectOptions {
  cookie?: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

/** A same-origin JSON POST, as the web app sends it. */
export function post(app: FastifyInstance, url: string, payload?: unknown, options: InjectOptions = {}) {
  return app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: options.remoteAddress,
    headers: { origin: TEST_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
}

export function get(app: FastifyInstance, url: string, options: InjectOptions = {}) {
  return app.inject({
    method: 'GET',
    url,
    remoteAddress: options.remoteAddress,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
}

export function requestCode(ctx: TestContext, email: string, extra: Record<string, unknown> = {}, options: InjectOptions = {}) {
  return post(ctx.app, '/api/auth/request-code', { email, ...extra }, options);
}

export function verifyCode(ctx: TestContext, email: string, code: string, extra: Record<string, unknown> = {}, options: InjectOptions = {}) {
  return post(ctx.app, '/api/auth/verify-code', { email, code, ...extra }, options);
}

/** The value a response set for a cookie ('' when it was cleared), or undefined if untouched. */
export function setCookie(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((c) => c.name === name);
}

export function cookieHeader(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

export interface SignedIn {
  user: VerifyCodeResponse['user'];
  sessionToken: string;
  rememberToken: string | undefined;
  /** Cookie header carrying the session (and the remember token, if any). */
  cookie: string;
  response: LightMyRequestResponse;
}

/**
 * The whole sign-in with the e-mail code alone: ask for a code, read it from the captured mail,
 * verify it. An expert's or admin's session then lacks its second factor (issue 30).
 */
export async function signInWithCodeOnly(ctx: TestContext, email: string, extra: Record<string, unknown> = {}, options: InjectOptions = {}): Promise<SignedIn> {
  const requested = await requestCode(ctx, email, {}, options);
  if (requested.statusCode !== 200) throw new Error(`request-code: ${requested.statusCode} ${requested.body}`);
  const response = await verifyCode(ctx, email, ctx.mailer.codeFor(email), extra, options);
  if (response.statusCode !== 200) throw new Error(`verify-code: ${response.statusCode} ${response.body}`);
  const sessionToken = setCookie(response, SESSION_COOKIE)?.value;
  if (!sessionToken) throw new Error('no session cookie set');
  const rememberToken = setCookie(response, REMEMBER_COOKIE)?.value || undefined;
  return {
    user: response.json<VerifyCodeResponse>().user,
    sessionToken,
    rememberToken,
    cookie: cookieHeader({ [SESSION_COOKIE]: sessionToken, [REMEMBER_COOKIE]: rememberToken }),
    response,
  };
}

/**
 * Marks a test session as confirmed by a passkey, as POST /api/auth/passkeys/login/verify does
 * after a real assertion (features/passkeys/passkeys.test.ts performs that ceremony with a software
 * authenticator). Tests of other features sign in this way, so that their experts and admins pass
 * the second-factor guard.
 */
export async function markSecondFactor(ctx: TestContext, sessionToken: string): Promise<void> {
  await ctx.database.db.update(sessions).set({ authenticatedBy: 'email-code+passkey' }).where(eq(sessions.id, sha256(sessionToken)));
}

/** Sign-in by e-mail code, with the session's second factor given as by a passkey (see markSecondFactor). */
export async function signIn(ctx: TestContext, email: string, extra: Record<string, unknown> = {}, options: InjectOptions = {}): Promise<SignedIn> {
  const signedIn = await signInWithCodeOnly(ctx, email, extra, options);
  await markSecondFactor(ctx, signedIn.sessionToken);
  return signedIn;
}
