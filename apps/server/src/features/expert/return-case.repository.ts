import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { returnCases } from '../../db/schema.js';

export interface ReturnCase {
  assigneeUserId: number | null;
  assignedAt: Date | null;
  filedOn: string | null;
}

/** Who handles a person's year, and its filing date (issue 27, D18). */
export function createReturnCaseRepository(db: Db) {
  return {
    async find(userId: number, taxYear: number): Promise<ReturnCase | undefined> {
      const [row] = await db
        .select({ assigneeUserId: returnCases.assigneeUserId, assignedAt: returnCases.assignedAt, filedOn: returnCases.filedOn })
        .from(returnCases)
        .where(and(eq(returnCases.userId, userId), eq(returnCases.taxYear, taxYear)));
      return row;
    },

    /**
     * Gives the year to `assigneeUserId` in one statement, so two experts taking it at once cannot
     * both win: it takes the year when no one has it (or the same expert has it), or always when
     * `overrule` (an admin reassigning). Answers the case as stored, or undefined when someone else
     * holds it.
     */
    async assign(userId: number, taxYear: number, assigneeUserId: number, now: Date, overrule: boolean): Promise<ReturnCase | undefined> {
      const [row] = await db
        .insert(returnCases)
        .values({ userId, taxYear, assigneeUserId, assignedAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [returnCases.userId, returnCases.taxYear],
          set: { assigneeUserId, assignedAt: now, updatedAt: now },
          ...(overrule ? {} : { setWhere: or(isNull(returnCases.assigneeUserId), eq(returnCases.assigneeUserId, assigneeUserId)) }),
        })
        .returning({ assigneeUserId: returnCases.assigneeUserId, assignedAt: returnCases.assignedAt, filedOn: returnCases.filedOn });
      return row;
    },

    /** Records the filing date (the caller has checked the year is completed). */
    async setFiledOn(userId: number, taxYear: number, filedOn: string, now: Date): Promise<void> {
      await db
        .insert(returnCases)
        .values({ userId, taxYear, filedOn, updatedAt: now })
        .onConflictDoUpdate({ target: [returnCases.userId, returnCases.taxYear], set: { filedOn, updatedAt: now } });
    },

    /** The years a person's return is handled in, with their expert (the person's dashboard and notices). */
    async forPerson(userId: number): Promise<Array<ReturnCase & { taxYear: number }>> {
      return db
        .select({ taxYear: returnCases.taxYear, assigneeUserId: returnCases.assigneeUserId, assignedAt: returnCases.assignedAt, filedOn: returnCases.filedOn })
        .from(returnCases)
        .where(eq(returnCases.userId, userId))
        .orderBy(sql`${returnCases.taxYear} desc`);
    },
  };
}

export type ReturnCaseRepository = ReturnType<typeof createReturnCaseRepository>;
