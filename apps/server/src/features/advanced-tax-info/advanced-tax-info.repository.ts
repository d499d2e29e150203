import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnFirstUse } from '../../db/prepared-on-first-use.js';
import { prepareLookup } from '../../db/prepared-lookup.js';
import { taxYearSections } from '../../db/schema.js';
import { parseStored } from '../../db/stored-json.js';
import { childInfo, type ChildInfo } from '@taxli/domain';
import {
  legacySpouse,
  spouseAsStored,
  storedAuthorization,
  storedFlags,
  type LegacySpouse,
  type StoredAuthorization,
  type StoredSpouse,
} from './advanced-tax-info.stored.js';

export type { LegacySpouse, StoredAuthorization, StoredSpouse };

export interface StoredAdvancedInfo {
  completedAt: Date | null;
  sectionToggles: Record<string, boolean>;
  documentRelevance: Record<string, boolean>;
  spouse: StoredSpouse | LegacySpouse | null;
  children: ChildInfo[];
  authorization: StoredAuthorization | null;
  versions: PartVersions;
}

/** The parts of the year's row a save replaces whole, each with its own version. */
export type VersionedPart = 'spouse' | 'children' | 'authorization';
export type PartVersions = Record<VersionedPart, number>;

const VERSION_COLUMNS = {
  spouse: taxYearSections.spouseVersion,
  children: taxYearSections.childrenVersion,
  authorization: taxYearSections.authorizationVersion,
} as const;
const VERSION_FIELDS = { spouse: 'spouseVersion', children: 'childrenVersion', authorization: 'authorizationVersion' } as const;

/** Per user and year state of Advanced Tax Information (DECISIONS D6), one row per year. */
export function createAdvancedTaxInfoRepository(db: Db) {
  const key = (userId: number | Placeholder, taxYear: number | Placeholder) => and(eq(taxYearSections.userId, userId), eq(taxYearSections.taxYear, taxYear));
  const findSection = preparedOnFirstUse(() =>
    prepareLookup(
      db,
      'tax_year_section_find',
      db
        .select({
          completedAt: taxYearSections.advancedInfoCompletedAt,
          sectionToggles: taxYearSections.sectionToggles,
          documentRelevance: taxYearSections.documentRelevance,
          spouse: taxYearSections.spouse,
          children: taxYearSections.children,
          authorization: taxYearSections.authorization,
          spouseVersion: taxYearSections.spouseVersion,
          childrenVersion: taxYearSections.childrenVersion,
          authorizationVersion: taxYearSections.authorizationVersion,
        })
        .from(taxYearSections)
        .where(key(sql.placeholder('userId'), sql.placeholder('taxYear'))),
    ),
  );

  /**
   * Replaces one part of the year's row (creating the row when it is the first) and counts its
   * version up, in one statement. With `editedFrom`, only while the stored version is still that
   * one: the new version, or null when another save came first (nothing written then).
   */
  async function savePart(userId: number, taxYear: number, part: VersionedPart, value: Partial<typeof taxYearSections.$inferInsert>, editedFrom: number | undefined, now: Date): Promise<number | null> {
    const column = VERSION_COLUMNS[part];
    const set = { ...value, [VERSION_FIELDS[part]]: sql`${column} + 1`, updatedAt: now };
    const returning = { version: column };
    if (editedFrom !== undefined && editedFrom > 0) {
      // Edited from a stored version: the row is there (rows go only with their account).
      const [row] = await db.update(taxYearSections).set(set).where(and(key(userId, taxYear), eq(column, editedFrom))).returning(returning);
      return row?.version ?? null;
    }
    const [row] = await db
      .insert(taxYearSections)
      .values({ userId, taxYear, ...value, [VERSION_FIELDS[part]]: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: [taxYearSections.userId, taxYearSections.taxYear],
        set,
        // Edited from nothing saved (version 0): only while nothing is saved yet.
        ...(editedFrom === 0 ? { setWhere: eq(column, 0) } : {}),
      })
      .returning(returning);
    return row?.version ?? null;
  }

  return {
    /** The years of a person with a stored row, oldest first (the data export). */
    async storedYears(userId: number): Promise<number[]> {
      const rows = await db.select({ taxYear: taxYearSections.taxYear }).from(taxYearSections).where(eq(taxYearSections.userId, userId)).orderBy(taxYearSections.taxYear);
      return rows.map((row) => row.taxYear);
    },

    async find(userId: number, taxYear: number): Promise<StoredAdvancedInfo | undefined> {
      const row = await findSection()({ userId, taxYear });
      if (!row) return undefined;
      const at = (field: string) => ({ table: 'tax_year_sections', key: { user_id: userId, tax_year: taxYear }, field });
      return {
        completedAt: row.completedAt,
        sectionToggles: parseStored(storedFlags, row.sectionToggles, at('section_toggles')),
        documentRelevance: parseStored(storedFlags, row.documentRelevance, at('document_relevance')),
        spouse: row.spouse === null ? null : parseStored(spouseAsStored, row.spouse, at('spouse')),
        children: parseStored(childInfo.array(), row.children, at('children')),
        authorization: row.authorization === null ? null : parseStored(storedAuthorization, row.authorization, at('authorization_settings')),
        versions: { spouse: row.spouseVersion, children: row.childrenVersion, authorization: row.authorizationVersion },
      };
    },

    /** When the year's section was marked complete, or null. */
    async completedAt(userId: number, taxYear: number): Promise<Date | null> {
      const [row] = await db.select({ at: taxYearSections.advancedInfoCompletedAt }).from(taxYearSections).where(key(userId, taxYear));
      return row?.at ?? null;
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

    saveSpouse: (userId: number, taxYear: number, spouse: StoredSpouse, editedFrom: number | undefined, now: Date) =>
      savePart(userId, taxYear, 'spouse', { spouse }, editedFrom, now),

    /** Spouses stored with a plaintext tax ID (before it was sealed), each with its row's key. */
    async legacySpouses(): Promise<{ userId: number; taxYear: number; spouse: LegacySpouse }[]> {
      const rows = await db
        .select({ userId: taxYearSections.userId, taxYear: taxYearSections.taxYear, spouse: taxYearSections.spouse })
        .from(taxYearSections)
        .where(sql`${taxYearSections.spouse} ? 'taxId'`);
      return rows.map(({ userId, taxYear, spouse }) => ({
        userId,
        taxYear,
        spouse: parseStored(legacySpouse, spouse, { table: 'tax_year_sections', key: { user_id: userId, tax_year: taxYear }, field: 'spouse' }),
      }));
    },

    /** Replaces a legacy spouse, only while it still holds the plaintext tax ID it was read with. */
    async replaceLegacySpouse(userId: number, taxYear: number, plaintextTaxId: string, spouse: StoredSpouse): Promise<void> {
      await db
        .update(taxYearSections)
        .set({ spouse })
        .where(and(key(userId, taxYear), sql`${taxYearSections.spouse} ->> 'taxId' = ${plaintextTaxId}`));
    },
    saveChildren: (userId: number, taxYear: number, children: ChildInfo[], editedFrom: number | undefined, now: Date) =>
      savePart(userId, taxYear, 'children', { children }, editedFrom, now),
    saveAuthorization: (userId: number, taxYear: number, authorization: StoredAuthorization, editedFrom: number | undefined, now: Date) =>
      savePart(userId, taxYear, 'authorization', { authorization }, editedFrom, now),
  };
}

export type AdvancedTaxInfoRepository = ReturnType<typeof createAdvancedTaxInfoRepository>;
