import type { FastifyReply } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { REMEMBER_DEVICE_DAYS, SESSION_ABSOLUTE_HOURS } from '@taxli/domain';

export interface SessionCookies {
  session: string;
  remember: string;
  secure: boolean;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Browsers accept Secure cookies over https and on localhost (a secure context), so there the
 * cookies get Secure and the `__Host-` prefix, which pins them to this exact host and Path=/.
 * On plain http to another host (a LAN address) a Secure cookie would be dropped, so both go.
 */
export function sessionCookies(publicOrigin: string): SessionCookies {
  const url = new URL(publicOrigin);
  const secure = url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname);
  const prefix = secure ? '__Host-' : '';
  return { session: `${prefix}taxli_session`, remember: `${prefix}taxli_remember`, secure };
}

function options(cookies: SessionCookies, maxAgeSeconds?: number): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    secure: cookies.secure,
    sameSite: 'lax',
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

export function setSessionCookie(reply: FastifyReply, cookies: SessionCookies, token: string): void {
  reply.setCookie(cookies.session, token, options(cookies, SESSION_ABSOLUTE_HOURS * 3600));
}

export function setRememberCookie(reply: FastifyReply, cookies: SessionCookies, token: string): void {
  // Only ever read by the app's own fetch, never on a navigation: Strict costs nothing.
  reply.setCookie(cookies.remember, token, { ...options(cookies, REMEMBER_DEVICE_DAYS * 86400), sameSite: 'strict' });
}

export function clearSessionCookie(reply: FastifyReply, cookies: SessionCookies): void {
  reply.clearCookie(cookies.session, options(cookies));
}

export function clearRememberCookie(reply: FastifyReply, cookies: SessionCookies): void {
  reply.clearCookie(cookies.remember, { ...options(cookies), sameSite: 'strict' });
}
