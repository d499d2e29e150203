import { and, asc, count, eq, gt, isNull, min, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messages } from '../../db/schema.js';

const HOUR_MS = 3_600_000;

export type StoreOutcome = { stored: true; id: number; createdAt: Date } | { stored: false; retryAfterSeconds: number };

export interface StoredMessage {
  id: number;
  fromExpert: boolean;
  expertUserId: number | null;
  /** Sealed (storage/sealed-text.ts); the service opens it. */
  sealedBody: string;
  createdAt: Date;
  readAt: Date | null;
}

/**
 * Which thread: a person's year. Messages sent before threads had years (tax_year null) belong to
 * the thread of the year in preparation (`withLegacy`), the year they were most likely about.
 */
export interface ThreadKey {
  userId: number;
  taxYear: number;
  withLegacy: boolean;
}

const storedColumns = {
  id: messages.id,
  fromExpert: messages.fromExpert,
  expertUserId: messages.expertUserId,
  sealedBody: messages.body,
  createdAt: messages.createdAt,
  readAt: messages.readAt,
};

function inThread({ userId, taxYear, withLegacy }: ThreadKey): SQL | undefined {
  const year = withLegacy ? or(eq(messages.taxYear, taxYear), isNull(messages.taxYear)) : eq(messages.taxYear, taxYear);
  return and(eq(messages.userId, userId), year);
}

/**
 * The threads between a person and the experts, one per tax year, with the hourly limit of the
 * person's own messages counted on the same rows.
 */
export function createMessageRepository(db: Db) {
  return {
    /**
     * A person's message: checks the limit and stores it in one transaction; an advisory lock per
     * user makes check-and-insert atomic across instances, so parallel sends cannot slip past the
     * limit. Only the person's own messages count, not the experts' answers in their threads.
     */
    async store(userId: number, taxYear: number, body: string, now: Date, perHour: number): Promise<StoreOutcome> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'messages:user:' + userId}, 0))`);
        const [used] = await tx
          .select({ n: count(), oldest: min(messages.createdAt) })
          .from(messages)
          .where(and(eq(messages.userId, userId), eq(messages.fromExpert, false), gt(messages.createdAt, new Date(now.getTime() - HOUR_MS))));
        if (used && used.n >= perHour && used.oldest) {
          const freeAt = new Date(used.oldest).getTime() + HOUR_MS;
          return { stored: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
        }
        const row = await createMessageRepository(tx).insert({ userId, taxYear, body, expertUserId: null, now });
        return { stored: true, id: row.id, createdAt: row.createdAt };
      });
    },

    /**
     * A message outside the person's hourly limit: an expert's (`expertUserId`), or the person's
     * own that a status change carries (asking for changes happens once per review).
     */
    async insert(message: { userId: number; taxYear: number; body: string; expertUserId: number | null; now: Date }): Promise<StoredMessage> {
      const [row] = await db
        .insert(messages)
        .values({
          userId: message.userId,
          taxYear: message.taxYear,
          body: message.body,
          expertUserId: message.expertUserId,
          fromExpert: message.expertUserId !== null,
          createdAt: message.now,
        })
        .returning(storedColumns);
      if (!row) throw new Error('message not stored');
      return row;
    },

    /** The thread, oldest first. */
    async thread(key: ThreadKey): Promise<StoredMessage[]> {
      return db.select(storedColumns).from(messages).where(inThread(key)).orderBy(asc(messages.createdAt), asc(messages.id));
    },

    /** Every message of every year of a person, oldest first, with its year (the data export). */
    async allOf(userId: number): Promise<Array<StoredMessage & { taxYear: number | null }>> {
      return db
        .select({ ...storedColumns, taxYear: messages.taxYear })
        .from(messages)
        .where(eq(messages.userId, userId))
        .orderBy(asc(messages.createdAt), asc(messages.id));
    },

    /** Marks the other side's unread messages of the thread read; answers how many this call marked. */
    async markRead(key: ThreadKey, fromExpert: boolean, now: Date): Promise<number> {
      const rows = await db
        .update(messages)
        .set({ readAt: now })
        .where(and(inThread(key), eq(messages.fromExpert, fromExpert), isNull(messages.readAt)))
        .returning({ id: messages.id });
      return rows.length;
    },

    /** Unread messages of one side per year of a person (tax_year null for messages from before threads). */
    async unreadByYear(userId: number, fromExpert: boolean): Promise<Array<{ taxYear: number | null; count: number }>> {
      return db
        .select({ taxYear: messages.taxYear, count: count() })
        .from(messages)
        .where(and(eq(messages.userId, userId), eq(messages.fromExpert, fromExpert), isNull(messages.readAt)))
        .groupBy(messages.taxYear);
    },
  };
}

export type MessageRepository = ReturnType<typeof createMessageRepository>;
