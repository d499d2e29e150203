import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { checklistNotApplicable } from '../../db/schema.js';

export interface NotApplicableMark {
  categoryId: number;
  reason: string;
  markedAt: Date;
}

/** The "not applicable" marks of the person's checklist (DECISIONS D19), per year and category. */
export function createChecklistRepository(db: Db) {
  const ofYear = (userId: number, taxYear: number) => and(eq(checklistNotApplicable.userId, userId), eq(checklistNotApplicable.taxYear, taxYear));
  const ofItem = (userId: number, taxYear: number, categoryId: number) => and(ofYear(userId, taxYear), eq(checklistNotApplicable.categoryId, categoryId));

  return {
    async marks(userId: number, taxYear: number): Promise<NotApplicableMark[]> {
      return db
        .select({ categoryId: checklistNotApplicable.categoryId, reason: checklistNotApplicable.reason, markedAt: checklistNotApplicable.markedAt })
        .from(checklistNotApplicable)
        .where(ofYear(userId, taxYear))
        .orderBy(asc(checklistNotApplicable.categoryId));
    },

    /** Marks the item, or replaces the reason of a mark already there. */
    async mark(userId: number, taxYear: number, categoryId: number, reason: string, now: Date): Promise<void> {
      await db
        .insert(checklistNotApplicable)
        .values({ userId, taxYear, categoryId, reason, markedAt: now })
        .onConflictDoUpdate({
          target: [checklistNotApplicable.userId, checklistNotApplicable.taxYear, checklistNotApplicable.categoryId],
          set: { reason, markedAt: now },
        });
    },

    /** Answers whether there was a mark to remove. */
    async unmark(userId: number, taxYear: number, categoryId: number): Promise<boolean> {
      const removed = await db.delete(checklistNotApplicable).where(ofItem(userId, taxYear, categoryId)).returning({ categoryId: checklistNotApplicable.categoryId });
      return removed.length > 0;
    },
  };
}

export type ChecklistRepository = ReturnType<typeof createChecklistRepository>;
