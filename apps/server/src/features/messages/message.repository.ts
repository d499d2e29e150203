import { and, count, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messages } from '../../db/schema.js';

const HOUR_MS = 3_600_000;

export type StoreOutcome = { stored: true; id: number; createdAt: Date } | { stored: false; retryAfterSeconds: number };

/** Messages from users to the experts, with the hourly per-user limit counted on the same rows. */
export function createMessageRepository(db: Db) {
  return {
    /**
     * Checks the limit and stores the message in one transaction; an advisory lock per user makes
     * check-and-insert atomic across instances, so parallel sends cannot slip past the limit.
     */
    async store(userId: number, body: string, now: Date, perHour: number): Promise<StoreOutcome> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'messages:user:' + userId}, 0))`);
        const [used] = await tx
          .select({ n: count(), oldest: min(messages.createdAt) })
          .from(messages)
          .where(and(eq(messages.userId, userId), gt(messages.createdAt, new Date(now.getTime() - HOUR_MS))));
        if (used && used.n >= perHour && used.oldest) {
          const freeAt = new Date(used.oldest).getTime() + HOUR_MS;
          return { stored: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
        }
        const [row] = await tx
          .insert(messages)
          .values({ userId, body, createdAt: now })
          .returning({ id: messages.id, createdAt: messages.createdAt });
        if (!row) throw new Error('message not stored');
        return { stored: true, id: row.id, createdAt: row.createdAt };
      });
    },

    /** The unread messages of a person's year from one side (`fromExpert`): what the other side has not read yet. */
    async countUnread(userId: number, taxYear: number, fromExpert: boolean): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.userId, userId), eq(messages.taxYear, taxYear), eq(messages.fromExpert, fromExpert), isNull(messages.readAt)));
      return Number(row?.n ?? 0);
    },
  };
}
export type MessageRepository = ReturnType<typeof createMessageRepository>;
