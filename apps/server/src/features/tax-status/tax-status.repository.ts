import { and, desc, eq, inArray, isNotNull, not, sql } from 'drizzle-orm';
import { REQUIRED_CATEGORY_IDS, type TaxStatusName } from '@taxli/domain';
import type { Db } from '../../db/client.js';
import { documents, taxYearSections, taxYearStatuses, transmissions } from '../../db/schema.js';

/**
 * Status per user and tax year (DECISIONS D1). A missing row reads as profile_incomplete.
 * Every automatic transition is one conditional statement, so concurrent requests move a status
 * at most once and never past or behind where the rule allows.
 */
export function createTaxStatusRepository(db: Db) {
  const yearStatus = (userId: number, taxYear: number) =>
    and(eq(taxYearStatuses.userId, userId), eq(taxYearStatuses.taxYear, taxYear));

  /** True when every required category of that year has at least one document row. */
  const allRequiredPresent = (userId: number, taxYear: number) =>
    sql`(select count(distinct ${documents.categoryId}) from ${documents}
          where ${documents.userId} = ${userId} and ${documents.taxYear} = ${taxYear}
            and ${inArray(documents.categoryId, [...REQUIRED_CATEGORY_IDS])}) = ${REQUIRED_CATEGORY_IDS.length}`;

  return {
    async findStatus(userId: number, taxYear: number): Promise<string | undefined> {
      const [row] = await db.select({ status: taxYearStatuses.status }).from(taxYearStatuses).where(yearStatus(userId, taxYear));
      return row?.status;
    },

    /** When the Advanced Tax Information section of that year was marked complete, or null. */
    async findAdvancedInfoCompletedAt(userId: number, taxYear: number): Promise<Date | null> {
      const [row] = await db
        .select({ at: taxYearSections.advancedInfoCompletedAt })
        .from(taxYearSections)
        .where(and(eq(taxYearSections.userId, userId), eq(taxYearSections.taxYear, taxYear)));
      return row?.at ?? null;
    },

    async findLatestTransmittedAt(userId: number, taxYear: number): Promise<Date | null> {
      const [row] = await db
        .select({ at: transmissions.transmittedAt })
        .from(transmissions)
        .where(and(eq(transmissions.userId, userId), eq(transmissions.taxYear, taxYear)))
        .orderBy(desc(transmissions.transmittedAt), desc(transmissions.id))
        .limit(1);
      return row?.at ?? null;
    },

    /** 2 → 3 when all required categories are present; true when this call moved it. */
    async advanceToDocumentsSubmitted(userId: number, taxYear: number, now: Date): Promise<boolean> {
      const moved = await db
        .update(taxYearStatuses)
        .set({ status: 'documents_submitted', updatedAt: now })
        .where(and(yearStatus(userId, taxYear), eq(taxYearStatuses.status, 'documents_pending'), allRequiredPresent(userId, taxYear)))
        .returning({ status: taxYearStatuses.status });
      return moved.length > 0;
    },

    /**
     * 3 → 2 when a required category of that year has no document any more (the same rule as the
     * 2 → 3 move, so the two never disagree); true when this call moved it.
     */
    async revertToDocumentsPending(userId: number, taxYear: number, now: Date): Promise<boolean> {
      const moved = await db
        .update(taxYearStatuses)
        .set({ status: 'documents_pending', updatedAt: now })
        .where(and(yearStatus(userId, taxYear), eq(taxYearStatuses.status, 'documents_submitted'), not(allRequiredPresent(userId, taxYear))))
        .returning({ status: taxYearStatuses.status });
      return moved.length > 0;
    },

    /**
     * The year's status, its row locked until the transaction ends: a transmit (or another change)
     * of the same year waits, so a document is never changed while its year is being sent.
     */
    async lockStatus(userId: number, taxYear: number): Promise<string | undefined> {
      const [row] = await db.select({ status: taxYearStatuses.status }).from(taxYearStatuses).where(yearStatus(userId, taxYear)).for('update');
      return row?.status;
    },

    /**
     * The year's status row, locked until the transaction ends (call it inside one). A missing row
     * is first written as status 1 (what a missing row means anyway), so that there is a row to
     * lock: an automatic move of the same year waits, and what is read here stays true.
     */
    async lockStatusRow(userId: number, taxYear: number, now: Date): Promise<string> {
      await db.insert(taxYearStatuses).values({ userId, taxYear, status: 'profile_incomplete', updatedAt: now }).onConflictDoNothing();
      const [row] = await db.select({ status: taxYearStatuses.status }).from(taxYearStatuses).where(yearStatus(userId, taxYear)).for('update');
      if (!row) throw new Error('status row vanished after insert');
      return row.status;
    },

    /** The years this account has a stored status for. */
    async yearsWithStatus(userId: number): Promise<number[]> {
      const rows = await db.select({ taxYear: taxYearStatuses.taxYear }).from(taxYearStatuses).where(eq(taxYearStatuses.userId, userId));
      return rows.map((r) => r.taxYear);
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

    /** The years already transmitted (status 4 or later): the experts' work, which a profile reset leaves alone. */
    async transmittedYears(userId: number): Promise<number[]> {
      const rows = await db
        .select({ taxYear: taxYearStatuses.taxYear })
        .from(taxYearStatuses)
        .where(and(eq(taxYearStatuses.userId, userId), inArray(taxYearStatuses.status, ['processing', 'review_required', 'completed'])));
      return rows.map((r) => r.taxYear);
    },

    /** Every year still in preparation (2 or 3) back to profile_incomplete; answers the years moved. */
    async resetYearsInPreparation(userId: number, now: Date): Promise<number[]> {
      const rows = await db
        .update(taxYearStatuses)
        .set({ status: 'profile_incomplete', updatedAt: now })
        .where(and(eq(taxYearStatuses.userId, userId), inArray(taxYearStatuses.status, ['documents_pending', 'documents_submitted'])))
        .returning({ taxYear: taxYearStatuses.taxYear });
      return rows.map((r) => r.taxYear);
    },

    /** Unconditional write, for admins. */
    async setStatus(userId: number, taxYear: number, status: TaxStatusName, now: Date): Promise<void> {
      await db
        .insert(taxYearStatuses)
        .values({ userId, taxYear, status, updatedAt: now })
        .onConflictDoUpdate({ target: [taxYearStatuses.userId, taxYearStatuses.taxYear], set: { status, updatedAt: now } });
    },
  };
}

/**
 * The conditional 3 → 4 write of a transmit: only from documents_submitted and only with the
 * section marked complete. Run inside the transmit transaction; under concurrency the second
 * writer re-checks the row after the first commits and finds it at 4, so exactly one succeeds.
 */
export async function markProcessingIfTransmittable(tx: Db, userId: number, taxYear: number, now: Date): Promise<boolean> {
  const moved = await tx
    .update(taxYearStatuses)
    .set({ status: 'processing', updatedAt: now })
    .where(
      and(
        eq(taxYearStatuses.userId, userId),
        eq(taxYearStatuses.taxYear, taxYear),
        eq(taxYearStatuses.status, 'documents_submitted'),
        sql`exists (select 1 from ${taxYearSections} where ${taxYearSections.userId} = ${userId}
                and ${taxYearSections.taxYear} = ${taxYear} and ${isNotNull(taxYearSections.advancedInfoCompletedAt)})`,
      ),
    )
    .returning({ status: taxYearStatuses.status });
  return moved.length > 0;
}

export type TaxStatusRepository = ReturnType<typeof createTaxStatusRepository>;
