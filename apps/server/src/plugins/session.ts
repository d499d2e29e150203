import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BACKGROUND_REQUEST_HEADER,
  REMEMBER_DEVICE_DAYS,
  type RouteAccess,
  SESSION_ABSOLUTE_HOURS,
  SESSION_IDLE_MINUTES,
  type Role,
  type SessionAuthMethod,
} from '@taxli/domain';
import { LRUCache } from 'lru-cache';
import { AppError } from '../lib/app-error.js';
import { randomToken, sha256 } from '../lib/crypto.js';
import { createSessionStore, type SessionStore, type StoredRememberToken } from './session.repository.js';
import {
  clearRememberCookie,
  clearSessionCookie,
  sessionCookies,
  setRememberCookie,
  setSessionCookie,
  type SessionCookies,
} from './session-cookies.js';

export interface SessionInfo {
  id: string;
  userId: number;
  role: Role;
  email: string;
  /** How this session was authenticated (issue 30). */
  authenticatedBy: SessionAuthMethod;
}

/** Whether the session holds a passkey assertion: the second factor an expert or admin needs. */
export function hasSecondFactor(session: Pick<SessionInfo, 'authenticatedBy'>): boolean {
  return session.authenticatedBy !== 'email-code';
}

/** A staff role not yet in effect: the session lacks the passkey the role needs (issue 30). */
export function secondFactorRequired(session: Pick<SessionInfo, 'role' | 'authenticatedBy'>): boolean {
  return (session.role === 'expert' || session.role === 'admin') && !hasSecondFactor(session);
}

export type RememberedDevice = { state: 'none' } | { state: 'invalid' } | { state: 'live'; token: StoredRememberToken };

/**
 * Who may call a route. Signed-in is the default for every route of the API scope; a route opens
 * itself with `config: { access: 'public' }` or narrows itself with `'admin'`.
 */
export type { RouteAccess };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, resolved once per /api request; null when signed out. */
    session: SessionInfo | null;
    /** 'expired': a session cookie came but names no live session (tells 401s apart). */
    sessionState: 'none' | 'valid' | 'expired';
  }
  interface FastifyInstance {
    sessions: SessionManager;
  }
  interface FastifyContextConfig {
    /** A poll that must not count as activity (idle timeout), like the session check. */
    backgroundPoll?: boolean;
    /** Who may call the route; 'user' when unset. */
    access?: RouteAccess;
  }
}

const MINUTE = 60_000;
const IDLE_MS = SESSION_IDLE_MINUTES * MINUTE;
/** last_seen is written at most once a minute: one cheap SELECT on most requests, not a write. */
const TOUCH_EVERY_MS = MINUTE;

export interface SessionManager {
  cookies: SessionCookies;
  /** Signs in: a new session token every time (the old one of this browser is deleted). */
  start(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    options: { remember: boolean; authenticatedBy?: SessionAuthMethod },
  ): Promise<void>;
  /** The e-mail code session of this request gains its second factor (a passkey assertion). */
  addSecondFactor(sessionId: string): Promise<void>;
  /** Signs out this browser: session and remember-device token deleted, both cookies cleared. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The remember-device token this browser holds: none sent, unknown or expired, or live. */
  rememberedDevice(request: FastifyRequest): Promise<RememberedDevice>;
}

/** The signed-in user's id in a route that is not public. */
export function currentUserId(request: FastifyRequest): number {
  if (!request.session) throw new AppError(401, 'UNAUTHENTICATED', 'Please log in');
  return request.session.userId;
}

/** The signed-in user as an actor whose rights the services check. */
export function currentActor(request: FastifyRequest): { userId: number; isAdmin: boolean } {
  const session = request.session;
  return { userId: currentUserId(request), isAdmin: session?.role === 'admin' && !secondFactorRequired(session) };
}

/**
 * The one guard of the API scope, an `onRequest` hook of each route made for its access (app.ts
 * adds it as each route is registered; a public route has none), so a stranger gets 401 before any
 * body is read. The role
 * comes from the session's database lookup, never from the client. Made per route, not one hook
 * that reads the route's config: Fastify builds `request.routeOptions` afresh at each read.
 */
export function routeAccessGuard(access: Exclude<RouteAccess, 'public'>): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    if (!request.session) {
      if (request.sessionState === 'expired') {
        throw new AppError(401, 'SESSION_EXPIRED', 'Your session has expired, please log in again');
      }
      throw new AppError(401, 'UNAUTHENTICATED', 'Please log in');
    }
    if (access === 'admin' && request.session.role !== 'admin') {
      throw new AppError(403, 'FORBIDDEN', 'Administrator access required');
    }
    // D18: an admin may also act as an expert.
    if (access === 'expert' && request.session.role !== 'expert' && request.session.role !== 'admin') {
      throw new AppError(403, 'FORBIDDEN', 'Expert access required');
    }
    // Issue 30: people who read others' data need more than a mailbox: a passkey in this session.
    if ((access === 'expert' || access === 'admin') && !hasSecondFactor(request.session)) {
      throw new AppError(403, 'SECOND_FACTOR_REQUIRED', 'Confirm this sign-in with your passkey first');
    }
  };
}

const BACKGROUND_HEADER = BACKGROUND_REQUEST_HEADER.toLowerCase();

/** A poll that must not count as activity: the client says so, or the route is one. */
function isBackgroundRequest(request: FastifyRequest): boolean {
  return request.headers[BACKGROUND_HEADER] === '1' || request.routeOptions.config.backgroundPoll === true;
}

/**
 * Session ids (the SHA-256 of the cookie's token) of the tokens seen lately. Every signed-in request
 * hashed its cookie afresh, 3.5 µs of Node's one-shot hash, a tenth of what GET /api/user adds to its
 * SQL (docs/performance.md); the hash of a token never changes, so a lookup in memory gives the same
 * id. Bounded, so tokens made up by the thousand only push out others; a token whose session this
 * server ends (sign-out, a new sign-in, an expired cookie) is dropped at once, not kept in memory.
 */
const knownSessionIds = new LRUCache<string, string>({ max: 10_000 });

function sessionIdOf(token: string): string {
  let id = knownSessionIds.get(token);
  if (id === undefined) {
    id = sha256(token);
    knownSessionIds.set(token, id);
  }
  return id;
}

export function registerSession(app: FastifyInstance): void {
  const { config, database, clock } = app.deps;
  const store = createSessionStore(database.db);
  const cookies = sessionCookies(config.publicOrigin);

  app.decorateRequest('session', null);
  app.decorateRequest('sessionState', 'none');

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[cookies.session];
    if (!token) return;
    const now = clock();
    const found = await store.findSession(sessionIdOf(token));
    const live = found && found.expiresAt > now && now.getTime() - found.lastSeenAt.getTime() < IDLE_MS;
    if (!live) {
      knownSessionIds.delete(token);
      if (found) await store.deleteSession(found.id);
      request.sessionState = 'expired';
      clearSessionCookie(reply, cookies);
      return;
    }
    request.session = { id: found.id, userId: found.userId, role: found.role, email: found.email, authenticatedBy: found.authenticatedBy };
    request.sessionState = 'valid';
    // The time first: Fastify builds `routeOptions` afresh at each read, and a touch is due once a minute.
    if (now.getTime() - found.lastSeenAt.getTime() >= TOUCH_EVERY_MS && !isBackgroundRequest(request)) {
      await store.touchSession(found.id, now);
    }
  });

  app.decorate('sessions', createSessionManager(store, cookies, clock));
}

function createSessionManager(store: SessionStore, cookies: SessionCookies, clock: () => Date): SessionManager {
  const cookieHash = (request: FastifyRequest, name: string): string | undefined => {
    const token = request.cookies[name];
    return token ? sha256(token) : undefined;
  };
  /** The id of the session this browser's cookie names, which is being ended: its token is kept no longer. */
  const endingSessionId = (request: FastifyRequest): string | undefined => {
    const token = request.cookies[cookies.session];
    if (token) knownSessionIds.delete(token);
    return cookieHash(request, cookies.session);
  };

  return {
    cookies,

    async start(request, reply, userId, { remember, authenticatedBy = 'email-code' }) {
      const now = clock();
      const oldSession = endingSessionId(request);
      if (oldSession) await store.deleteSession(oldSession);
      await store.deleteEndedSessions(now, new Date(now.getTime() - IDLE_MS));
      const token = randomToken();
      const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_HOURS * 60 * MINUTE);
      await store.insertSession({ id: sha256(token), userId, now, expiresAt, authenticatedBy });
      setSessionCookie(reply, cookies, token);

      // The device token is rotated with every use, so a copied cookie works at most once.
      const oldRemember = cookieHash(request, cookies.remember);
      if (oldRemember) await store.deleteRememberToken(oldRemember);
      await store.deleteExpiredRememberTokens(now);
      if (remember) {
        const rememberToken = randomToken();
        const rememberUntil = new Date(now.getTime() + REMEMBER_DEVICE_DAYS * 24 * 60 * MINUTE);
        await store.insertRememberToken({ id: sha256(rememberToken), userId, now, expiresAt: rememberUntil });
        setRememberCookie(reply, cookies, rememberToken);
      } else if (oldRemember) {
        clearRememberCookie(reply, cookies);
      }
      request.session = null;
    },

    async addSecondFactor(sessionId) {
      await store.addSecondFactor(sessionId);
    },

    async end(request, reply) {
      const session = endingSessionId(request);
      if (session) await store.deleteSession(session);
      const remember = cookieHash(request, cookies.remember);
      if (remember) await store.deleteRememberToken(remember);
      clearSessionCookie(reply, cookies);
      clearRememberCookie(reply, cookies);
      request.session = null;
    },

    async rememberedDevice(request) {
      const id = cookieHash(request, cookies.remember);
      if (!id) return { state: 'none' };
      const token = await store.findRememberToken(id);
      if (!token) return { state: 'invalid' };
      if (token.expiresAt <= clock()) {
        await store.deleteRememberToken(id);
        return { state: 'invalid' };
      }
      return { state: 'live', token };
    },
  };
}
