import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { prepareLookup } from '../db/prepared-lookup.js';
import { rememberTokens, sessions, users } from '../db/schema.js';
import type { Role, SessionAuthMethod } from '@taxli/domain';

export interface StoredSession {
  id: string;
  userId: number;
  lastSeenAt: Date;
  expiresAt: Date;
  role: Role;
  email: string;
  authenticatedBy: SessionAuthMethod;
}

export interface StoredRememberToken {
  id: string;
  userId: number;
  expiresAt: Date;
  email: string;
}

/**
 * SQL for sessions and remember-device tokens. Ids are SHA-256 hashes of the cookie tokens.
 * The lookup runs on every authenticated request, so it is one prepared join of sessions and users,
 * run by the driver (prepared-lookup.ts says why).
 */
export function createSessionStore(db: Db) {
  const findSession = prepareLookup(
    db,
    'session_find',
    db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        role: users.role,
        email: users.email,
        authenticatedBy: sessions.authenticatedBy,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sql.placeholder('id'))),
  );

  const touchSession = db
    .update(sessions)
    .set({ lastSeenAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_touch');

  return {
    async findSession(id: string): Promise<StoredSession | undefined> {
      return findSession({ id });
    },

    async touchSession(id: string, now: Date): Promise<void> {
      await touchSession.execute({ id, now: now.toISOString() });
    },

    async insertSession(row: { id: string; userId: number; now: Date; expiresAt: Date; authenticatedBy: SessionAuthMethod }): Promise<void> {
      await db.insert(sessions).values({
        id: row.id,
        userId: row.userId,
        lastSeenAt: row.now,
        expiresAt: row.expiresAt,
        createdAt: row.now,
        authenticatedBy: row.authenticatedBy,
      });
    },

    /** An e-mail code session confirmed by a passkey; a passkey session stays what it is. */
    async addSecondFactor(id: string): Promise<void> {
      await db.update(sessions).set({ authenticatedBy: 'email-code+passkey' }).where(and(eq(sessions.id, id), eq(sessions.authenticatedBy, 'email-code')));
    },

    async deleteSession(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /**
     * Housekeeping at each sign-in: sessions that ended by timeout, everyone's (a user who never
     * comes back would otherwise leave rows forever). Cheap: the table holds live sessions only.
     */
    async deleteEndedSessions(now: Date, idleSince: Date): Promise<void> {
      await db.delete(sessions).where(or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleSince)));
    },

    async insertRememberToken(row: { id: string; userId: number; now: Date; expiresAt: Date }): Promise<void> {
      await db
        .insert(rememberTokens)
        .values({ id: row.id, userId: row.userId, expiresAt: row.expiresAt, createdAt: row.now });
    },

    async findRememberToken(id: string): Promise<StoredRememberToken | undefined> {
      const [row] = await db
        .select({ id: rememberTokens.id, userId: rememberTokens.userId, expiresAt: rememberTokens.expiresAt, email: users.email })
        .from(rememberTokens)
        .innerJoin(users, eq(users.id, rememberTokens.userId))
        .where(eq(rememberTokens.id, id));
      return row;
    },

    async deleteRememberToken(id: string): Promise<void> {
      await db.delete(rememberTokens).where(eq(rememberTokens.id, id));
    },

    async deleteExpiredRememberTokens(now: Date): Promise<void> {
      await db.delete(rememberTokens).where(lte(rememberTokens.expiresAt, now));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
