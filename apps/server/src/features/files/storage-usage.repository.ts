import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documents, documentVersions } from '../../db/schema.js';

/** What an account stores, and what of it it added in the last hour (the upload rate counts that). */
export interface AccountUsage {
  storedBytes: number;
  addedFiles: number;
  addedBytes: number;
  /** When the oldest version added since `since` was; undefined when there is none. */
  oldestAddedAt: Date | undefined;
}

/**
 * What an account's stored document versions take, read from their rows in one query: every
 * instance sees the same numbers, and deleting a version frees its bytes at once.
 */
export function createStorageUsageRepository(db: Db) {
  return {
    /** Every version the account stores (every year; transmitted ones included), and those added after `since`. */
    async usageSince(userId: number, since: Date): Promise<AccountUsage> {
      const recent = sql`${documentVersions.createdAt} > ${since.toISOString()}`;
      const [row] = await db
        .select({
          storedBytes: sql<string | null>`sum(${documentVersions.sizeBytes})`,
          addedFiles: sql<string | number>`count(*) filter (where ${recent})`,
          addedBytes: sql<string | null>`sum(${documentVersions.sizeBytes}) filter (where ${recent})`,
          oldestAddedAt: sql<string | Date | null>`min(${documentVersions.createdAt}) filter (where ${recent})`,
        })
        .from(documentVersions)
        .innerJoin(documents, eq(documents.id, documentVersions.documentId))
        .where(eq(documents.userId, userId));
      return {
        storedBytes: Number(row?.storedBytes ?? 0),
        addedFiles: Number(row?.addedFiles ?? 0),
        addedBytes: Number(row?.addedBytes ?? 0),
        oldestAddedAt: row?.oldestAddedAt ? new Date(row.oldestAddedAt) : undefined,
      };
    },
  };
}

export type StorageUsageRepository = ReturnType<typeof createStorageUsageRepository>;
