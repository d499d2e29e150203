import { and, countDistinct, desc, eq, isNotNull, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnFirstUse } from '../../db/prepared-on-first-use.js';
import { prepareLookup } from '../../db/prepared-lookup.js';
import { taxDeclarations, taxProfiles } from '../../db/schema.js';
import { parseStored } from '../../db/stored-json.js';
import {
  personalAnswersSchema,
  taxDeclarationSchemaFor,
  taxProfileAnswers,
  type ParsedPersonalAnswers,
  type ParsedTaxProfileAnswers,
  type TaxDeclaration,
} from '@taxli/domain';

export interface StoredTaxProfile {
  taxYear: number;
  step: number;
  answers: ParsedTaxProfileAnswers;
  /** The wizard's personal answers while it is a draft; the final submit writes them to the user. */
  personalDraft: ParsedPersonalAnswers | null;
  completedAt: Date | null;
  version: number;
  updatedAt: Date;
}

export interface StoredDeclaration {
  version: number;
  fileName: string;
  payload: TaxDeclaration;
  createdAt: Date;
}

/**
 * A stored date of birth was checked against the clock when it was written; read back later it is
 * not "in the future", whatever the clock says now (a test's fake clock may stand before it).
 */
const END_OF_TIME = () => new Date('9999-12-31T00:00:00Z');
const storedPersonal = personalAnswersSchema(END_OF_TIME);
/** A new DECLARATION_PROFILE_VERSION must keep accepting the versions already stored, or their reads fail. */
const storedDeclaration = taxDeclarationSchemaFor(END_OF_TIME);

type ProfileRow = Omit<StoredTaxProfile, 'answers' | 'personalDraft'> & { answers: unknown; personalDraft: unknown };

/** A row's jsonb parsed with the wizard's schemas; a value they refuse is a StoredDataError naming the row. */
function parseProfile(userId: number, row: ProfileRow): StoredTaxProfile {
  const at = (field: string) => ({ table: 'tax_profiles', key: { user_id: userId, tax_year: row.taxYear }, field });
  return {
    ...row,
    answers: parseStored(taxProfileAnswers, row.answers, at('answers')),
    personalDraft: row.personalDraft === null ? null : parseStored(storedPersonal, row.personalDraft, at('personal_draft')),
  };
}

/**
 * The year's completion flag (DECISIONS D15) as a column of another feature's query: GET /api/user,
 * polled by every open app, reads the person and the flags of their years in one prepared statement
 * (docs/performance.md). `userId` and `taxYear` are SQL of that query (its user id, a placeholder).
 * Names written out with an alias: inside sql`` drizzle renders a column of the outer query's own
 * table unqualified, so a subquery's columns must not be able to take its names.
 */
export function taxProfileCompleteColumn(userId: SQLWrapper, taxYear: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from tax_profiles tp where tp.user_id = ${userId} and tp.tax_year = ${taxYear} and tp.completed_at is not null)`;
}

/** The tax profile of each year (DECISIONS D15) and its declarations, one immutable version each. */
export function createTaxProfileRepository(db: Db) {
  const columns = {
    taxYear: taxProfiles.taxYear,
    step: taxProfiles.step,
    answers: taxProfiles.answers,
    personalDraft: taxProfiles.personalDraft,
    completedAt: taxProfiles.completedAt,
    version: taxProfiles.version,
    updatedAt: taxProfiles.updatedAt,
  };
  const nextVersion = sql`${taxProfiles.version} + 1`;
  const findProfile = preparedOnFirstUse(() =>
    prepareLookup(
      db,
      'tax_profile_find',
      db
        .select(columns)
        .from(taxProfiles)
        .where(and(eq(taxProfiles.userId, sql.placeholder('userId')), eq(taxProfiles.taxYear, sql.placeholder('taxYear')))),
    ),
  );

  async function latestDeclaration(userId: number, taxYear: number): Promise<StoredDeclaration | undefined> {
    const [row] = await db
      .select({ id: taxDeclarations.id, version: taxDeclarations.version, fileName: taxDeclarations.fileName, payload: taxDeclarations.payload, createdAt: taxDeclarations.createdAt })
      .from(taxDeclarations)
      .where(and(eq(taxDeclarations.userId, userId), eq(taxDeclarations.taxYear, taxYear)))
      .orderBy(desc(taxDeclarations.version))
      .limit(1);
    if (!row) return undefined;
    const { id, ...declaration } = row;
    return { ...declaration, payload: parseStored(storedDeclaration, row.payload, { table: 'tax_declarations', key: { id }, field: 'payload' }) };
  }

  return {
    latestDeclaration,

    async find(userId: number, taxYear: number): Promise<StoredTaxProfile | undefined> {
      const row = await findProfile()({ userId, taxYear });
      return row && parseProfile(userId, row);
    },

    /** Every year's profile of a person, oldest year first (the data export). */
    async allOf(userId: number): Promise<StoredTaxProfile[]> {
      const rows = await db.select(columns).from(taxProfiles).where(eq(taxProfiles.userId, userId)).orderBy(taxProfiles.taxYear);
      return rows.map((row) => parseProfile(userId, row));
    },

    /** Every declaration version of every year of a person (the data export), as stored. */
    async declarationsOf(userId: number): Promise<Array<Omit<StoredDeclaration, 'payload'> & { taxYear: number; payload: unknown }>> {
      return db
        .select({ taxYear: taxDeclarations.taxYear, version: taxDeclarations.version, fileName: taxDeclarations.fileName, payload: taxDeclarations.payload, createdAt: taxDeclarations.createdAt })
        .from(taxDeclarations)
        .where(eq(taxDeclarations.userId, userId))
        .orderBy(taxDeclarations.taxYear, taxDeclarations.version);
    },

    /** The newest earlier year that has a complete profile ("Start from last year"). */
    async findLatestCompleteBefore(userId: number, taxYear: number): Promise<StoredTaxProfile | undefined> {
      const [row] = await db
        .select(columns)
        .from(taxProfiles)
        .where(and(eq(taxProfiles.userId, userId), sql`${taxProfiles.taxYear} < ${taxYear}`, sql`${taxProfiles.completedAt} is not null`))
        .orderBy(desc(taxProfiles.taxYear))
        .limit(1);
      return row && parseProfile(userId, row);
    },

    /**
     * A draft reopens a year already complete (issue 28: editing reopens it until it is completed
     * again; the web app asks first, through `reopen`). With `expectedVersion`, only a profile still at that version is overwritten (one statement,
     * so two tabs saving at once cannot both win); answers false when the stored one is newer.
     */
    async saveDraft(
      userId: number,
      taxYear: number,
      draft: { step: number; answers: ParsedTaxProfileAnswers; personal: ParsedPersonalAnswers },
      expectedVersion: number | undefined,
      now: Date,
    ): Promise<boolean> {
      const set = { step: draft.step, answers: draft.answers, personalDraft: draft.personal, completedAt: null, updatedAt: now };
      const saved = await db
        .insert(taxProfiles)
        .values({ userId, taxYear, ...set, version: 1 })
        .onConflictDoUpdate({
          target: [taxProfiles.userId, taxProfiles.taxYear],
          set: { ...set, version: nextVersion },
          setWhere: expectedVersion === undefined ? undefined : eq(taxProfiles.version, expectedVersion),
        })
        .returning({ version: taxProfiles.version });
      return saved.length > 0;
    },

    /**
     * Answers sent by the profile form without the final submit: merged into the year's answers
     * (a draft stays a draft, a complete year stays complete), the version raised.
     */
    async mergeAnswers(userId: number, taxYear: number, answers: ParsedTaxProfileAnswers, now: Date): Promise<void> {
      await db
        .insert(taxProfiles)
        .values({ userId, taxYear, answers, updatedAt: now, version: 1 })
        .onConflictDoUpdate({
          target: [taxProfiles.userId, taxProfiles.taxYear],
          set: { answers: sql`${taxProfiles.answers} || excluded.answers`, updatedAt: now, version: nextVersion },
        });
    },

    /**
     * The person's names, phone … were changed on the profile: every draft still holding its own
     * copy of those fields forgets them (the profile's are newer), and its version is raised, so a
     * wizard tab still showing the older ones is told (DRAFT_OUTDATED) instead of saving them back.
     * One statement: a draft saved at the same moment is either cleared by it or refused after it.
     */
    async forgetPersonalFields(userId: number, fields: readonly string[], now: Date): Promise<void> {
      if (fields.length === 0) return;
      const keys = sql`array[${sql.join(fields.map((field) => sql`${field}`), sql`, `)}]::text[]`;
      await db
        .update(taxProfiles)
        .set({ personalDraft: sql`${taxProfiles.personalDraft} - ${keys}`, updatedAt: now, version: nextVersion })
        .where(and(eq(taxProfiles.userId, userId), sql`${taxProfiles.completedAt} is null`, sql`${taxProfiles.personalDraft} ?| ${keys}`));
    },

    /**
     * With `expectedVersion`, only a profile still at that version is completed (the wizard's
     * answers were edited from it): answers false, and writes nothing, when a newer one is stored.
     */
    async saveComplete(
      userId: number,
      taxYear: number,
      step: number,
      answers: ParsedTaxProfileAnswers,
      expectedVersion: number | undefined,
      now: Date,
    ): Promise<boolean> {
      const saved = await db
        .insert(taxProfiles)
        .values({ userId, taxYear, step, answers, personalDraft: null, completedAt: now, updatedAt: now, version: 1 })
        .onConflictDoUpdate({
          target: [taxProfiles.userId, taxProfiles.taxYear],
          set: { step, answers, personalDraft: null, completedAt: now, updatedAt: now, version: nextVersion },
          setWhere: expectedVersion === undefined ? undefined : eq(taxProfiles.version, expectedVersion),
        })
        .returning({ version: taxProfiles.version });
      return saved.length > 0;
    },

    /** Reopens the year's profile when it is complete (answers kept, version raised); answers whether it was. */
    async reopen(userId: number, taxYear: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(taxProfiles)
        .set({ completedAt: null, updatedAt: now, version: nextVersion })
        .where(and(eq(taxProfiles.userId, userId), eq(taxProfiles.taxYear, taxYear), isNotNull(taxProfiles.completedAt)))
        .returning({ taxYear: taxProfiles.taxYear });
      return rows.length > 0;
    },

    /** Reopens every completed tax profile except those years; the answers stay as a draft. Answers the years reopened. */
    async reopenCompleted(userId: number, exceptYears: number[], now: Date): Promise<number[]> {
      const rows = await db
        .update(taxProfiles)
        .set({ completedAt: null, updatedAt: now, version: nextVersion })
        .where(
          and(
            eq(taxProfiles.userId, userId),
            isNotNull(taxProfiles.completedAt),
            exceptYears.length > 0 ? notInArray(taxProfiles.taxYear, exceptYears) : undefined,
          ),
        )
        .returning({ taxYear: taxProfiles.taxYear });
      return rows.map((r) => r.taxYear);
    },

    /** How many accounts have at least one complete year (the debug panel's count). */
    async countAccountsWithACompleteYear(): Promise<number> {
      const [row] = await db.select({ n: countDistinct(taxProfiles.userId) }).from(taxProfiles).where(isNotNull(taxProfiles.completedAt));
      return row?.n ?? 0;
    },

    /** The debug panel's completion toggle: sets or clears a year's completion, answers untouched. */
    async setCompleted(userId: number, taxYear: number, completed: boolean, now: Date): Promise<void> {
      const completedAt = completed ? now : null;
      await db
        .insert(taxProfiles)
        .values({ userId, taxYear, step: 0, answers: {}, completedAt, updatedAt: now, version: 1 })
        .onConflictDoUpdate({ target: [taxProfiles.userId, taxProfiles.taxYear], set: { completedAt, updatedAt: now, version: nextVersion } });
    },

    /**
     * A new version, unless it says the same as the latest apart from when it was submitted (the
     * same answers sent twice). The unique index makes two concurrent saves take different numbers.
     */
    async addDeclaration(
      userId: number,
      taxYear: number,
      fileName: string,
      payload: TaxDeclaration,
      now: Date,
    ): Promise<{ version: number; isNew: boolean }> {
      const latest = await latestDeclaration(userId, taxYear);
      if (latest && sameContent(latest.payload, payload)) return { version: latest.version, isNew: false };
      const version = (latest?.version ?? 0) + 1;
      await db.insert(taxDeclarations).values({ userId, taxYear, version, fileName, payload, createdAt: now });
      return { version, isNew: true };
    },
  };
}

/** Equal apart from the submit date of the metadata. */
function sameContent(a: unknown, b: { metadata: { submitDate: string } }): boolean {
  const strip = (value: unknown) => {
    const copy = structuredClone(value) as { metadata?: { submitDate?: string } };
    if (copy.metadata) delete copy.metadata.submitDate;
    return JSON.stringify(sortKeys(copy));
  };
  return strip(a) === strip(b);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).sort(([x], [y]) => x.localeCompare(y)).map(([k, v]) => [k, sortKeys(v)]));
  }
  return value;
}

export type TaxProfileRepository = ReturnType<typeof createTaxProfileRepository>;
