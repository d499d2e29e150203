import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { taxYearSections } from '../../db/schema.js';

/** Per user and year section state of Advanced Tax Information (DECISIONS D6). */
export function createAdvancedTaxInfoRepository(db: Db) {
  return {
    /** Marks the section complete (keeping the first completion time) or open again; answers the flag. */
    async setCompleted(userId: number, taxYear: number, completed: boolean, now: Date): Promise<boolean> {
      const completedAt = completed ? sql`coalesce(${taxYearSections.advancedInfoCompletedAt}, ${now.toISOString()}::timestamptz)` : null;
      const [row] = await db
        .insert(taxYearSections)
        .values({ userId, taxYear, advancedInfoCompletedAt: completed ? now : null, updatedAt: now })
        .onConflictDoUpdate({
          target: [taxYearSections.userId, taxYearSections.taxYear],
          set: { advancedInfoCompletedAt: completedAt, updatedAt: now },
        })
        .returning({ completedAt: taxYearSections.advancedInfoCompletedAt });
      return row?.completedAt != null;
    },
  };
}
export type AdvancedTaxInfoRepository = ReturnType<typeof createAdvancedTaxInfoRepository>;
