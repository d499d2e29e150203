import { and, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { TaxStatusName } from '@taxli/domain';
import type { Db } from '../../db/client.js';
import { taxYearStatuses, transmissions } from '../../db/schema.js';

/**
 * Every year with a stored status, newest first, as a column of another feature's query (the user
 * record's, one prepared statement; see taxProfileCompleteColumn). `userId` is SQL of that query.
 */
export function taxYearStatusesColumn(userId: SQLWrapper): SQL<{ taxYear: number; status: string }[]> {
  return sql<{ taxYear: number; status: string }[]>`coalesce((select json_agg(json_build_object('taxYear', ts.tax_year, 'status', ts.status) order by ts.tax_year desc) from tax_year_statuses ts where ts.user_id = ${userId}), '[]'::json)`;
}

/**
 * Status per user and tax year (DECISIONS D1). A missing row reads as profile_incomplete.
 * Every automatic transition is one conditional statement on the status it leaves, so concurrent
 * requests move a status at most once; what it depends on in other features' tables (documents,
 * the Advanced Tax Information section) the service reads through their services, in the same
 * transaction, with the status row locked.
 */
export function createTaxStatusRepository(db: Db) {
  const yearStatus = (userId: number, taxYear: number) =>
    and(eq(taxYearStatuses.userId, userId), eq(taxYearStatuses.taxYear, taxYear));

  return {
    async findStatus(userId: number, taxYear: number): Promise<string | undefined> {
      const [row] = await db.select({ status: taxYearStatuses.status }).from(taxYearStatuses).where(yearStatus(userId, taxYear));
      return row?.status;
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

    /**
     * `from` → `to`, only while the year is still at `from`; true when this call moved it. The
     * automatic moves 2 ↔ 3 and the transmit's 3 → 4, each after the service checked its rule.
     */
    async move(userId: number, taxYear: number, from: TaxStatusName, to: TaxStatusName, now: Date): Promise<boolean> {
      const moved = await db
        .update(taxYearStatuses)
        .set({ status: to, updatedAt: now })
        .where(and(yearStatus(userId, taxYear), eq(taxYearStatuses.status, from)))
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

export type TaxStatusRepository = ReturnType<typeof createTaxStatusRepository>;
