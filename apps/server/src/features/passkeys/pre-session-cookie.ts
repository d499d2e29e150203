import type { FastifyReply, FastifyRequest } from 'fastify';
import { PASSKEY_CHALLENGE_TTL_MINUTES } from '@taxli/domain';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { SessionCookies } from '../../plugins/session-cookies.js';

/**
 * A signed-out browser's passkey challenge is bound to this cookie (its SHA-256 is stored with the
 * challenge): an answer must come from the browser that asked, within the challenge's 5 minutes.
 */
const cookieName = (cookies: SessionCookies) => `${cookies.secure ? '__Host-' : ''}taxli_webauthn`;

const options = (cookies: SessionCookies) => ({ path: '/', httpOnly: true, secure: cookies.secure, sameSite: 'strict' as const });

/** A fresh pre-session token for this browser; returns its hash for the challenge row. */
export function issuePreSession(reply: FastifyReply, cookies: SessionCookies): string {
  const token = randomToken();
  reply.setCookie(cookieName(cookies), token, { ...options(cookies), maxAge: PASSKEY_CHALLENGE_TTL_MINUTES * 60 });
  return sha256(token);
}

/** The hash of the pre-session token this browser sent, if any. */
export function preSessionHash(request: FastifyRequest, cookies: SessionCookies): string | undefined {
  const token = request.cookies[cookieName(cookies)];
  return token ? sha256(token) : undefined;
}

export function clearPreSession(reply: FastifyReply, cookies: SessionCookies): void {
  reply.clearCookie(cookieName(cookies), options(cookies));
}
