import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnFirstUse } from '../../db/prepared-on-first-use.js';
import { prepareRows } from '../../db/prepared-lookup.js';
import { documentExtractions } from '../../db/schema.js';

export type StoredExtraction = typeof documentExtractions.$inferSelect;

/** What a finished read writes over the pending row. */
export type ReadOutcomeRow = Pick<
  StoredExtraction,
  'status' | 'kind' | 'source' | 'confidence' | 'fields' | 'sealedAhvNumbers' | 'suggestedCategoryId' | 'failureCode'
>;

/** document_extractions: one row per document version (issue 29). */
export function createExtractionRepository(db: Db) {
  // The ids as one array parameter, so one prepared statement serves any number of them.
  const findByVersions = preparedOnFirstUse(() =>
    prepareRows(
      db,
      'document_extractions_of_versions',
      db
        .select()
        .from(documentExtractions)
        .where(sql`${documentExtractions.versionId} = any(${sql.placeholder('versionIds')}::integer[])`),
    ),
  );

  return {
    /** A version waits for its read; a version that has a row keeps it (the job may run twice). */
    async insertPending(versionId: number, userId: number, now: Date): Promise<void> {
      await db.insert(documentExtractions).values({ versionId, userId, status: 'pending', createdAt: now, updatedAt: now }).onConflictDoNothing();
    },

    /**
     * The read's outcome, whether or not the pending row is there (upsert: a job that runs again
     * leaves one row). A row the person already confirmed or dismissed keeps that decision.
     */
    async saveOutcome(versionId: number, userId: number, outcome: ReadOutcomeRow, now: Date): Promise<void> {
      await db
        .insert(documentExtractions)
        .values({ versionId, userId, ...outcome, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: documentExtractions.versionId, set: { ...outcome, updatedAt: now } });
    },

    async find(versionId: number): Promise<StoredExtraction | undefined> {
      const [row] = await db.select().from(documentExtractions).where(eq(documentExtractions.versionId, versionId));
      return row;
    },

    async findMany(versionIds: number[]): Promise<StoredExtraction[]> {
      if (versionIds.length === 0) return [];
      return findByVersions()({ versionIds });
    },

    /** The versions whose read has not ended: after a restart or a restore, their jobs are sent again. */
    async pendingVersionIds(): Promise<number[]> {
      const rows = await db.select({ versionId: documentExtractions.versionId }).from(documentExtractions).where(eq(documentExtractions.status, 'pending'));
      return rows.map((row) => row.versionId);
    },

    async confirm(versionId: number, categoryId: number, now: Date): Promise<void> {
      await db
        .update(documentExtractions)
        .set({ confirmedAt: now, confirmedCategoryId: categoryId, dismissedAt: null, updatedAt: now })
        .where(eq(documentExtractions.versionId, versionId));
    },

    async dismiss(versionId: number, now: Date): Promise<void> {
      await db.update(documentExtractions).set({ dismissedAt: now, updatedAt: now }).where(eq(documentExtractions.versionId, versionId));
    },

    /** What the person confirmed before, newest first: the kind and figures read, and where they put it. */
    async confirmedBy(userId: number): Promise<Pick<StoredExtraction, 'kind' | 'fields' | 'confirmedCategoryId'>[]> {
      return db
        .select({ kind: documentExtractions.kind, fields: documentExtractions.fields, confirmedCategoryId: documentExtractions.confirmedCategoryId })
        .from(documentExtractions)
        .where(and(eq(documentExtractions.userId, userId), isNotNull(documentExtractions.confirmedAt)))
        .limit(200)
        .orderBy(sql`${documentExtractions.confirmedAt} desc`);
    },
  };
}

export type ExtractionRepository = ReturnType<typeof createExtractionRepository>;
