import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { VerifyCodeResponse } from '@taxli/domain';
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

/** The whole sign-in: ask for a code, read it from the captured mail, verify it. */
export async function signIn(ctx: TestContext, email: string, extra: Record<string, unknown> = {}, options: InjectOptions = {}): Promise<SignedIn> {
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
