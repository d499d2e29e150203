import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passkeys, webauthnChallenges } from '../../db/schema.js';

export type StoredPasskey = typeof passkeys.$inferSelect;
export type NewPasskey = Omit<typeof passkeys.$inferInsert, 'id'>;

/** Who a challenge was given to: the signed-in session, or the pre-session cookie of a signed-out browser. */
export type ChallengeBinding = { sessionId: string } | { preSessionHash: string };

export interface StoredChallenge {
  challenge: string;
  purpose: 'register' | 'login';
  binding: ChallengeBinding;
  expiresAt: Date;
}

/** SQL for passkeys and their challenges (the passkeys feature's tables). */
export function createPasskeyRepository(db: Db) {
  const bindingIs = (binding: ChallengeBinding) =>
    'sessionId' in binding
      ? and(eq(webauthnChallenges.sessionId, binding.sessionId), isNull(webauthnChallenges.preSessionHash))
      : and(eq(webauthnChallenges.preSessionHash, binding.preSessionHash), isNull(webauthnChallenges.sessionId));

  return {
    async listByUser(userId: number): Promise<StoredPasskey[]> {
      return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    },

    async findByCredentialId(credentialId: string): Promise<StoredPasskey | undefined> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
      return row;
    },

    /** Undefined when the credential id is taken (the unique index decides, also between two requests). */
    async insert(row: NewPasskey): Promise<StoredPasskey | undefined> {
      const [inserted] = await db.insert(passkeys).values(row).onConflictDoNothing({ target: passkeys.credentialId }).returning();
      return inserted;
    },

    /**
     * Records a use. Conditional on the counter read before, so two answers racing with the same
     * counter cannot both count.
     */
    async recordUse(id: number, previousCounter: number, use: { counter: number; backupState: boolean; at: Date }): Promise<boolean> {
      const rows = await db
        .update(passkeys)
        .set({ counter: use.counter, backupState: use.backupState, lastUsedAt: use.at })
        .where(and(eq(passkeys.id, id), eq(passkeys.counter, previousCounter)))
        .returning({ id: passkeys.id });
      return rows.length === 1;
    },

    async rename(userId: number, id: number, name: string): Promise<StoredPasskey | undefined> {
      const [row] = await db.update(passkeys).set({ name }).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning();
      return row;
    },

    async remove(userId: number, id: number): Promise<StoredPasskey | undefined> {
      const [row] = await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning();
      return row;
    },

    /** Stores a fresh challenge; the expired ones of everyone go at the same time. */
    async saveChallenge(challenge: StoredChallenge, now: Date): Promise<void> {
      await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now));
      await db.insert(webauthnChallenges).values({
        challenge: challenge.challenge,
        purpose: challenge.purpose,
        sessionId: 'sessionId' in challenge.binding ? challenge.binding.sessionId : null,
        preSessionHash: 'preSessionHash' in challenge.binding ? challenge.binding.preSessionHash : null,
        expiresAt: challenge.expiresAt,
      });
    },

    /**
     * Takes the challenge out if it is live, of this purpose and given to this caller: one DELETE,
     * so of two answers with the same challenge exactly one gets it (single use, on every instance).
     */
    async consumeChallenge(challenge: string, purpose: 'register' | 'login', binding: ChallengeBinding, now: Date): Promise<boolean> {
      const rows = await db
        .delete(webauthnChallenges)
        .where(
          and(
            eq(webauthnChallenges.challenge, challenge),
            eq(webauthnChallenges.purpose, purpose),
            bindingIs(binding),
            gt(webauthnChallenges.expiresAt, sql`${now.toISOString()}::timestamptz`),
          ),
        )
        .returning({ challenge: webauthnChallenges.challenge });
      return rows.length === 1;
    },
  };
}

export type PasskeyRepository = ReturnType<typeof createPasskeyRepository>;
