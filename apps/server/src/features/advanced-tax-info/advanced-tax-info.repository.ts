import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { taxYearSections } from '../../db/schema.js';

/** The spouse as stored: the AHV number and the tax ID only sealed. */
export interface StoredSpouse {
  firstName: string;
  lastName: string;
  age: number | null;
  occupation: string;
  ahvNumberSealed: string | null;
  taxIdSealed: string | null;
}

/** A spouse saved before tax IDs were sealed: the tax ID in plaintext (sealed at the next start). */
export type LegacySpouse = Omit<StoredSpouse, 'taxIdSealed'> & { taxIdSealed?: string | null; taxId?: string };

/** The authorization settings as stored: the tax ID only sealed. */
export interface StoredAuthorization {
  taxAddressEnabled: boolean;
  powerOfAttorneyEnabled: boolean;
  canton: string | null;
  tinNumberSealed: string | null;
  powerOfAttorneyAccepted: boolean;
  lastUpdated: string;
}

export interface StoredAdvancedInfo {
  completedAt: Date | null;
  sectionToggles: Record<string, boolean>;
  documentRelevance: Record<string, boolean>;
  spouse: StoredSpouse | LegacySpouse | null;
  children: unknown[];
  authorization: StoredAuthorization | null;
}

/** Per user and year state of Advanced Tax Information (DECISIONS D6), one row per year. */
export function createAdvancedTaxInfoRepository(db: Db) {
  const key = (userId: number, taxYear: number) => and(eq(taxYearSections.userId, userId), eq(taxYearSections.taxYear, taxYear));

  /** Writes some columns of the year's row, creating it when it is the first. */
  async function upsert(userId: number, taxYear: number, now: Date, set: Partial<typeof taxYearSections.$inferInsert>) {
    await db
      .insert(taxYearSections)
      .values({ userId, taxYear, updatedAt: now, ...set })
      .onConflictDoUpdate({ target: [taxYearSections.userId, taxYearSections.taxYear], set: { ...set, updatedAt: now } });
  }

  return {
    async find(userId: number, taxYear: number): Promise<StoredAdvancedInfo | undefined> {
      const [row] = await db
        .select({
          completedAt: taxYearSections.advancedInfoCompletedAt,
          sectionToggles: taxYearSections.sectionToggles,
          documentRelevance: taxYearSections.documentRelevance,
          spouse: taxYearSections.spouse,
          children: taxYearSections.children,
          authorization: taxYearSections.authorization,
        })
        .from(taxYearSections)
        .where(key(userId, taxYear));
      return row as StoredAdvancedInfo | undefined;
    },

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

    /** One key of a section toggle or document relevance map, merged in the database (no lost update). */
    async setFlag(userId: number, taxYear: number, map: 'sectionToggles' | 'documentRelevance', flag: string, value: boolean, now: Date) {
      const column = taxYearSections[map];
      const entry = { [flag]: value };
      await db
        .insert(taxYearSections)
        .values({ userId, taxYear, updatedAt: now, [map]: entry })
        .onConflictDoUpdate({
          target: [taxYearSections.userId, taxYearSections.taxYear],
          set: { [map]: sql`${column} || ${JSON.stringify(entry)}::jsonb`, updatedAt: now },
        });
    },

    saveSpouse: (userId: number, taxYear: number, spouse: StoredSpouse, now: Date) => upsert(userId, taxYear, now, { spouse }),

    /** Spouses stored with a plaintext tax ID (before it was sealed), each with its row's key. */
    async legacySpouses(): Promise<{ userId: number; taxYear: number; spouse: LegacySpouse }[]> {
      const rows = await db
        .select({ userId: taxYearSections.userId, taxYear: taxYearSections.taxYear, spouse: taxYearSections.spouse })
        .from(taxYearSections)
        .where(sql`${taxYearSections.spouse} ? 'taxId'`);
      return rows as { userId: number; taxYear: number; spouse: LegacySpouse }[];
    },

    /** Replaces a legacy spouse, only while it still holds the plaintext tax ID it was read with. */
    async replaceLegacySpouse(userId: number, taxYear: number, plaintextTaxId: string, spouse: StoredSpouse): Promise<void> {
      await db
        .update(taxYearSections)
        .set({ spouse })
        .where(and(key(userId, taxYear), sql`${taxYearSections.spouse} ->> 'taxId' = ${plaintextTaxId}`));
    },
    saveChildren: (userId: number, taxYear: number, children: unknown[], now: Date) => upsert(userId, taxYear, now, { children }),
    saveAuthorization: (userId: number, taxYear: number, authorization: StoredAuthorization, now: Date) =>
      upsert(userId, taxYear, now, { authorization }),
  };
}

export type AdvancedTaxInfoRepository = ReturnType<typeof createAdvancedTaxInfoRepository>;
