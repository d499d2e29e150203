import { and, eq, inArray, sql } from 'drizzle-orm';
import { REQUIRED_CATEGORY_IDS, type TaxStatusName } from '@taxli/domain';
import type { Db } from '../../db/client.js';
import { documents, taxYearStatuses } from '../../db/schema.js';

/**
 * Status per user and tax year (DECISIONS D1). A missing row reads as profile_incomplete.
 * Every automatic transition is one conditional statement, so concurrent requests move a status
 * at most once and never past or behind where the rule allows.
 */
export function createTaxStatusRepository(db: Db) {
  /** True when every required category of that year has at least one document row. */
  const allRequiredPresent = (userId: number, taxYear: number) =>
    sql`(select count(distinct ${documents.categoryId}) from ${documents}
          where ${documents.userId} = ${userId} and ${documents.taxYear} = ${taxYear}
            and ${inArray(documents.categoryId, [...REQUIRED_CATEGORY_IDS])}) = ${REQUIRED_CATEGORY_IDS.length}`;

  return {
    async findStatus(userId: number, taxYear: number): Promise<string | undefined> {
      const [row] = await db
        .select({ status: taxYearStatuses.status })
        .from(taxYearStatuses)
        .where(and(eq(taxYearStatuses.userId, userId), eq(taxYearStatuses.taxYear, taxYear)));
      return row?.status;
    },

    /** Category ids among the required ones that have at least one document that year. */
    async requiredCategoriesPresent(userId: number, taxYear: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ categoryId: documents.categoryId })
        .from(documents)
        .where(
          and(
            eq(documents.userId, userId),
            eq(documents.taxYear, taxYear),
            inArray(documents.categoryId, [...REQUIRED_CATEGORY_IDS]),
          ),
        );
      return rows.map((r) => r.categoryId);
    },

    /** 2 → 3 when all required categories are present; true when this call moved it. */
    async advanceToDocumentsSubmitted(userId: number, taxYear: number, now: Date): Promise<boolean> {
      const moved = await db
        .update(taxYearStatuses)
        .set({ status: 'documents_submitted', updatedAt: now })
        .where(
          and(
            eq(taxYearStatuses.userId, userId),
            eq(taxYearStatuses.taxYear, taxYear),
            eq(taxYearStatuses.status, 'documents_pending'),
            allRequiredPresent(userId, taxYear),
          ),
        )
        .returning({ status: taxYearStatuses.status });
      return moved.length > 0;
    },

    /** 1 → 2 (a missing row counts as 1); true when this call moved it. */
    async advanceToDocumentsPending(userId: number, taxYear: number, now: Date): Promise<boolean> {
      const moved = await db
        .insert(taxYearStatuses)
        .values({ userId, taxYear, status: 'documents_pending', updatedAt: now })
        .onConflictDoUpdate({
          target: [taxYearStatuses.userId, taxYearStatuses.taxYear],
          set: { status: 'documents_pending', updatedAt: now },
          setWhere: eq(taxYearStatuses.status, 'profile_incomplete'),
        })
        .returning({ status: taxYearStatuses.status });
      return moved.length > 0;
    },

    /** Unconditional write, for admins. */
    async setStatus(userId: number, taxYear: number, status: TaxStatusName, now: Date): Promise<void> {
      await db
        .insert(taxYearStatuses)
        .values({ userId, taxYear, status, updatedAt: now })
        .onConflictDoUpdate({
          target: [taxYearStatuses.userId, taxYearStatuses.taxYear],
          set: { status, updatedAt: now },
        });
    },
  };
}

export type TaxStatusRepository = ReturnType<typeof createTaxStatusRepository>;
