import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documents, documentVersions } from '../../db/schema.js';

export interface LockedDocument {
  id: number;
  userId: number;
  taxYear: number;
  categoryId: number;
  originalName: string;
}

export interface RemovableVersion {
  id: number;
  version: number;
  storageKey: string;
}

/**
 * Deleting and moving documents (D7). Run inside one transaction: the document row is locked first,
 * so an upload of the same name or a second change waits until this one is done.
 */
export function createDocumentChangesRepository(db: Db) {
  return {
    /** The document, locked, if it belongs to `userId`; someone else's reads as missing. */
    async lockOwned(documentId: number, userId: number): Promise<LockedDocument | undefined> {
      const [row] = await db
        .select({
          id: documents.id,
          userId: documents.userId,
          taxYear: documents.taxYear,
          categoryId: documents.categoryId,
          originalName: documents.originalName,
        })
        .from(documents)
        .where(and(eq(documents.id, documentId), eq(documents.userId, userId)))
        .for('update');
      return row;
    },

    /** Every version of the document (or just `version`), newest first. */
    async versions(documentId: number, version?: number): Promise<RemovableVersion[]> {
      return db
        .select({
          id: documentVersions.id,
          version: documentVersions.version,
          storageKey: documentVersions.storageKey,
        })
        .from(documentVersions)
        .where(and(eq(documentVersions.documentId, documentId), version === undefined ? undefined : eq(documentVersions.version, version)))
        .orderBy(desc(documentVersions.version));
    },

    /**
     * Removes the versions' rows, and with them their wrapped data keys: from the commit on, no
     * one can decrypt those blobs. The document goes too when no version is left; answers whether it did.
     */
    async removeVersions(documentId: number, versionIds: number[]): Promise<boolean> {
      await db.delete(documentVersions).where(and(eq(documentVersions.documentId, documentId), inArray(documentVersions.id, versionIds)));
      const [left] = await db.select({ id: documentVersions.id }).from(documentVersions).where(eq(documentVersions.documentId, documentId)).limit(1);
      if (left) return false;
      await db.delete(documents).where(eq(documents.id, documentId));
      return true;
    },

    /** Whether another document of the same user and year already has this name in that category. */
    async nameTaken(document: LockedDocument, categoryId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: documents.id })
        .from(documents)
        .where(
          and(
            eq(documents.userId, document.userId),
            eq(documents.taxYear, document.taxYear),
            eq(documents.categoryId, categoryId),
            eq(documents.originalName, document.originalName),
            ne(documents.id, document.id),
          ),
        );
      return row !== undefined;
    },

    async setCategory(documentId: number, categoryId: number, now: Date): Promise<void> {
      await db.update(documents).set({ categoryId, updatedAt: now }).where(eq(documents.id, documentId));
    },
  };
}

export type DocumentChangesRepository = ReturnType<typeof createDocumentChangesRepository>;
