import { and, count, desc, eq, inArray, max, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnFirstUse } from '../../db/prepared-on-first-use.js';
import { prepareRows } from '../../db/prepared-lookup.js';
import { documents, documentVersions } from '../../db/schema.js';

export interface NewVersion {
  userId: number;
  taxYear: number;
  categoryId: number;
  originalName: string;
  sha256: string;
  sizeBytes: number;
  contentType: string;
  storageKey: string;
  wrappedKey: string;
  now: Date;
}

export interface RecordedVersion {
  documentId: number;
  version: number;
  /** The version row's id (document_versions.id); the latest's when nothing was added. */
  versionId: number;
  /** False when the bytes equal the latest version: nothing was added (DECISIONS D7). */
  isNew: boolean;
}

export interface StoredVersion {
  documentId: number;
  ownerId: number;
  originalName: string;
  version: number;
  sha256: string;
  sizeBytes: number;
  contentType: string;
  storageKey: string;
  wrappedKey: string;
  createdAt: Date;
}

/** A version with the year and category of its document: what the expert's downloads read (issue 27). */
export interface YearVersion extends StoredVersion {
  /** The version row's own id (document_versions.id), which transmissions freeze. */
  versionId: number;
  taxYear: number;
  categoryId: number;
}

const versionColumns = {
  documentId: documents.id,
  ownerId: documents.userId,
  originalName: documents.originalName,
  version: documentVersions.version,
  sha256: documentVersions.sha256,
  sizeBytes: documentVersions.sizeBytes,
  contentType: documentVersions.contentType,
  storageKey: documentVersions.storageKey,
  wrappedKey: documentVersions.wrappedKey,
  createdAt: documentVersions.createdAt,
};

const yearVersionColumns = {
  ...versionColumns,
  versionId: documentVersions.id,
  taxYear: documents.taxYear,
  categoryId: documents.categoryId,
};

/** Documents and their versions. The blob of a version is written before its row, never after. */
export function createFilesRepository(db: Db) {
  /** Every version of a person's documents, of one year or of all, by year, category, name and version. */
  function versionsOf(userId: number, taxYear?: number): Promise<YearVersion[]> {
    const ofYear = taxYear === undefined ? undefined : eq(documents.taxYear, taxYear);
    return db
      .select(yearVersionColumns)
      .from(documentVersions)
      .innerJoin(documents, eq(documents.id, documentVersions.documentId))
      .where(and(eq(documents.userId, userId), ofYear))
      .orderBy(documents.taxYear, documents.categoryId, documents.originalName, documentVersions.version);
  }

  const latestOfYear = preparedOnFirstUse(() =>
    prepareRows(
      db,
      'document_latest_versions_of_year',
      db
        .selectDistinctOn([documentVersions.documentId], yearVersionColumns)
        .from(documentVersions)
        .innerJoin(documents, eq(documents.id, documentVersions.documentId))
        .where(and(eq(documents.userId, sql.placeholder('userId')), eq(documents.taxYear, sql.placeholder('taxYear'))))
        .orderBy(documentVersions.documentId, desc(documentVersions.version)),
    ),
  );

  return {
    /**
     * Adds a version of the document named `originalName` (created on first upload). The document
     * row is locked, so two uploads of the same name number their versions one after the other.
     */
    async recordVersion(input: NewVersion): Promise<RecordedVersion> {
      return db.transaction(async (tx) => {
        const [document] = await tx
          .insert(documents)
          .values({
            userId: input.userId,
            taxYear: input.taxYear,
            categoryId: input.categoryId,
            originalName: input.originalName,
            createdAt: input.now,
            updatedAt: input.now,
          })
          .onConflictDoUpdate({
            target: [documents.userId, documents.taxYear, documents.categoryId, documents.originalName],
            set: { updatedAt: input.now },
          })
          .returning({ id: documents.id });
        if (!document) throw new Error('document upsert returned no row');
        await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, document.id)).for('update');
        const [latest] = await tx
          .select({ id: documentVersions.id, version: documentVersions.version, sha256: documentVersions.sha256 })
          .from(documentVersions)
          .where(eq(documentVersions.documentId, document.id))
          .orderBy(desc(documentVersions.version))
          .limit(1);
        if (latest && latest.sha256 === input.sha256) {
          return { documentId: document.id, version: latest.version, versionId: latest.id, isNew: false };
        }
        const version = (latest?.version ?? 0) + 1;
        const [inserted] = await tx
          .insert(documentVersions)
          .values({
          documentId: document.id,
          version,
          sha256: input.sha256,
          sizeBytes: input.sizeBytes,
          contentType: input.contentType,
          storageKey: input.storageKey,
          wrappedKey: input.wrappedKey,
          createdAt: input.now,
          })
          .returning({ id: documentVersions.id });
        if (!inserted) throw new Error('version insert returned no row');
        return { documentId: document.id, version, versionId: inserted.id, isNew: true };
      });
    },

    /** One row per document of the year: its latest version, the version count and first upload. */
    async listLatest(userId: number, taxYear: number) {
      // Summarised for this user's year only, not over every version in the table.
      const summary = db
        .select({
          documentId: documentVersions.documentId,
          latest: max(documentVersions.version).as('latest'),
          versionCount: count().as('version_count'),
          firstAt: min(documentVersions.createdAt).as('first_at'),
        })
        .from(documentVersions)
        .innerJoin(documents, eq(documents.id, documentVersions.documentId))
        .where(and(eq(documents.userId, userId), eq(documents.taxYear, taxYear)))
        .groupBy(documentVersions.documentId)
        .as('summary');
      return db
        .select({
          id: documents.id,
          originalName: documents.originalName,
          categoryId: documents.categoryId,
          taxYear: documents.taxYear,
          version: documentVersions.version,
          sha256: documentVersions.sha256,
          sizeBytes: documentVersions.sizeBytes,
          uploadedAt: documentVersions.createdAt,
          versionCount: summary.versionCount,
          firstAt: summary.firstAt,
        })
        .from(documents)
        .innerJoin(summary, eq(summary.documentId, documents.id))
        .innerJoin(
          documentVersions,
          and(eq(documentVersions.documentId, documents.id), eq(documentVersions.version, summary.latest)),
        )
        .where(and(eq(documents.userId, userId), eq(documents.taxYear, taxYear)))
        .orderBy(desc(documentVersions.createdAt), desc(documents.id));
    },

    /** The year's documents per category id. */
    async countByCategory(userId: number, taxYear: number): Promise<Record<string, number>> {
      const rows = await db
        .select({ categoryId: documents.categoryId, files: count() })
        .from(documents)
        .where(and(eq(documents.userId, userId), eq(documents.taxYear, taxYear)))
        .groupBy(documents.categoryId);
      return Object.fromEntries(rows.map((row) => [String(row.categoryId), Number(row.files)]));
    },

    /** The id of each of the year's documents' latest version: what a transmission sends (D7). */
    async latestVersionIds(userId: number, taxYear: number): Promise<number[]> {
      const rows = await db
        .selectDistinctOn([documentVersions.documentId], { id: documentVersions.id })
        .from(documentVersions)
        .innerJoin(documents, eq(documents.id, documentVersions.documentId))
        .where(and(eq(documents.userId, userId), eq(documents.taxYear, taxYear)))
        .orderBy(documentVersions.documentId, desc(documentVersions.version));
      return rows.map((row) => row.id);
    },

    /** Every version of a document, newest first (empty when there is no such document). */
    async versions(documentId: number): Promise<StoredVersion[]> {
      return db
        .select(versionColumns)
        .from(documentVersions)
        .innerJoin(documents, eq(documents.id, documentVersions.documentId))
        .where(eq(documents.id, documentId))
        .orderBy(desc(documentVersions.version));
    },

    async findVersion(documentId: number, version: number): Promise<StoredVersion | undefined> {
      const [row] = await db
        .select(versionColumns)
        .from(documentVersions)
        .innerJoin(documents, eq(documents.id, documentVersions.documentId))
        .where(and(eq(documents.id, documentId), eq(documentVersions.version, version)));
      return row;
    },

    /** Every version of every document of a person's year, by category, name and version. */
    versionsOfYear: (userId: number, taxYear: number): Promise<YearVersion[]> => versionsOf(userId, taxYear),

    /** Every version of every document of a person, all years (the person's data export, issue 30). */
    versionsOfPerson: (userId: number): Promise<YearVersion[]> => versionsOf(userId),

    /** The latest version of each of the year's documents, with its year and category, in document order. */
    async latestVersionsOfYear(userId: number, taxYear: number): Promise<YearVersion[]> {
      return latestOfYear()({ userId, taxYear });
    },

    /** A document's latest version, with whose year and category it is. */
    async latestVersion(documentId: number): Promise<YearVersion | undefined> {
      const [row] = await db
        .select(yearVersionColumns)
        .from(documentVersions)
        .innerJoin(documents, eq(documents.id, documentVersions.documentId))
        .where(eq(documents.id, documentId))
        .orderBy(desc(documentVersions.version))
        .limit(1);
      return row;
    },

    /** One version by its row id, with whose year and category it is. */
    async findVersionById(versionId: number): Promise<YearVersion | undefined> {
      const [row] = await db
        .select(yearVersionColumns)
        .from(documentVersions)
        .innerJoin(documents, eq(documents.id, documentVersions.documentId))
        .where(eq(documentVersions.id, versionId));
      return row;
    },

    /** Which of these blob keys a version row names (the blob sweep keeps those). */
    async referencedStorageKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.select({ key: documentVersions.storageKey }).from(documentVersions).where(inArray(documentVersions.storageKey, keys));
      return new Set(rows.map((row) => row.key));
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
