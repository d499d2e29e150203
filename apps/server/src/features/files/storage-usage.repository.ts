import { and, asc, eq, gt, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documents, documentVersions } from '../../db/schema.js';

/** A version an account added, as the hourly upload rate counts it. */
export interface AddedVersion {
  createdAt: Date;
  sizeBytes: number;
}

/**
 * What an account's stored document versions take, read from their rows: every instance sees the
 * same numbers, and deleting a version frees its bytes at once.
 */
export function createStorageUsageRepository(db: Db) {
  return {
    /** The sizes of every version the account has stored (every year; transmitted ones included). */
    async storedBytes(userId: number): Promise<number> {
      const [row] = await db
        .select({ bytes: sum(documentVersions.sizeBytes) })
        .from(documentVersions)
        .innerJoin(documents, eq(documents.id, documentVersions.documentId))
        .where(eq(documents.userId, userId));
      return Number(row?.bytes ?? 0);
    },

    /** The versions the account added after `since`, oldest first. */
    async addedSince(userId: number, since: Date): Promise<AddedVersion[]> {
      return db
        .select({ createdAt: documentVersions.createdAt, sizeBytes: documentVersions.sizeBytes })
        .from(documentVersions)
        .innerJoin(documents, eq(documents.id, documentVersions.documentId))
        .where(and(eq(documents.userId, userId), gt(documentVersions.createdAt, since)))
        .orderBy(asc(documentVersions.createdAt));
    },
  };
}

export type StorageUsageRepository = ReturnType<typeof createStorageUsageRepository>;
