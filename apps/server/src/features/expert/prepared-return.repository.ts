import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedReturns } from '../../db/schema.js';

export interface StoredPreparedReturn {
  version: number;
  sha256: string;
  sizeBytes: number;
  storageKey: string;
  wrappedKey: string;
  uploadedBy: number | null;
  createdAt: Date;
}

const columns = {
  version: preparedReturns.version,
  sha256: preparedReturns.sha256,
  sizeBytes: preparedReturns.sizeBytes,
  storageKey: preparedReturns.storageKey,
  wrappedKey: preparedReturns.wrappedKey,
  uploadedBy: preparedReturns.uploadedBy,
  createdAt: preparedReturns.createdAt,
};

/** The prepared returns of a person's year (issue 27), each upload a new version; the latest counts. */
export function createPreparedReturnRepository(db: Db) {
  return {
    /** Every version of every year of a person, oldest first (the data export). */
    async allOf(userId: number): Promise<Array<StoredPreparedReturn & { taxYear: number }>> {
      return db
        .select({ ...columns, taxYear: preparedReturns.taxYear })
        .from(preparedReturns)
        .where(eq(preparedReturns.userId, userId))
        .orderBy(preparedReturns.taxYear, preparedReturns.version);
    },

    async latest(userId: number, taxYear: number): Promise<StoredPreparedReturn | undefined> {
      const [row] = await db
        .select(columns)
        .from(preparedReturns)
        .where(and(eq(preparedReturns.userId, userId), eq(preparedReturns.taxYear, taxYear)))
        .orderBy(desc(preparedReturns.version))
        .limit(1);
      return row;
    },

    /**
     * Stores the row of a blob already durable in the blob store, as the next version. The unique
     * (user, year, version) index refuses a second upload racing for the same version; the caller
     * retries or reports it.
     */
    async add(row: { userId: number; taxYear: number; sha256: string; sizeBytes: number; storageKey: string; wrappedKey: string; uploadedBy: number; now: Date }): Promise<StoredPreparedReturn> {
      const [stored] = await db
        .insert(preparedReturns)
        .values({
          userId: row.userId,
          taxYear: row.taxYear,
          version: sql`(select coalesce(max(${preparedReturns.version}), 0) + 1 from ${preparedReturns} where ${preparedReturns.userId} = ${row.userId} and ${preparedReturns.taxYear} = ${row.taxYear})`,
          sha256: row.sha256,
          sizeBytes: row.sizeBytes,
          storageKey: row.storageKey,
          wrappedKey: row.wrappedKey,
          uploadedBy: row.uploadedBy,
          createdAt: row.now,
        })
        .returning(columns);
      if (!stored) throw new Error('prepared return not stored');
      return stored;
    },

    /** Which of these blob keys a prepared return names (the blob sweep keeps those). */
    async referencedStorageKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.select({ key: preparedReturns.storageKey }).from(preparedReturns).where(inArray(preparedReturns.storageKey, keys));
      return new Set(rows.map((row) => row.key));
    },
  };
}

export type PreparedReturnRepository = ReturnType<typeof createPreparedReturnRepository>;
