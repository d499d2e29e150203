import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { TERMS_VERSION, type AdminUserSummary, type Role, type SubscriptionPlan } from '@taxli/domain';
import type { Db } from '../../db/client.js';
import { prepareLookup } from '../../db/prepared-lookup.js';
import { termsAcceptances, users } from '../../db/schema.js';

export interface UserSummary {
  id: number;
  email: string;
  role: Role;
  language: string;
  isProfileComplete: boolean;
}

const summaryColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  language: users.language,
  isProfileComplete: users.isProfileComplete,
};

/** An account with its name and role. */
export interface NamedAccount {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/** An account as the admin panel lists it. */
const accountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  subscriptionPlan: users.subscriptionPlan,
  isProfileComplete: users.isProfileComplete,
  createdAt: users.createdAt,
};

interface AccountRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  subscriptionPlan: SubscriptionPlan | null;
  isProfileComplete: boolean;
  createdAt: Date;
}

function toAccount(row: AccountRow): AdminUserSummary {
  return {
    id: row.id,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    role: row.role,
    subscriptionPlan: row.subscriptionPlan,
    isProfileComplete: row.isProfileComplete,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface PersonalFields {
  salutation?: 'mr' | 'mrs' | null;
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string | null;
  phone?: string;
  countryCode?: string;
  jobName?: string;
  language?: string;
}

export interface TaxAddressFields {
  street: string | null;
  houseNumber: string | null;
  zipCode: string | null;
  city: string | null;
  gemeinde: string | null;
}

/** Users as the sign-in and profile features need them. */
/**
 * What the user record shows of other features' tables, as columns their owners write (the tax
 * profile's completion flag, the tax statuses): GET /api/user is polled every 30 s by every open app,
 * and one prepared statement is a third of the round trips of asking each owner apart.
 */
export interface YearFlagColumns {
  isTaxProfileComplete(userId: SQLWrapper, taxYear: SQLWrapper): SQL<boolean>;
  taxYearStatuses(userId: SQLWrapper): SQL<{ taxYear: number; status: string }[]>;
}

export function createUserRepository(db: Db, yearFlags: YearFlagColumns) {
  // GET /api/user is polled every 30 s by every open app: one prepared statement with the terms
  // flag folded in (the year's flags of other features come from their services, read alongside),
  // run by the driver (prepared-lookup.ts says why).
  const findRecord = prepareLookup(
    db,
    'user_record',
    db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
        countryCode: users.countryCode,
        language: users.language,
        subscriptionPlan: users.subscriptionPlan,
        isProfileComplete: users.isProfileComplete,
        salutation: users.salutation,
        dateOfBirth: users.dateOfBirth,
        jobName: users.jobName,
        taxStreet: users.taxStreet,
        taxHouseNumber: users.taxHouseNumber,
        taxZipCode: users.taxZipCode,
        taxCity: users.taxCity,
        taxGemeinde: users.taxGemeinde,
        // Names written out with their tables: inside sql`` drizzle renders a column of the query's
        // own table unqualified, and a bare "id" in the subquery would be the subquery's id.
        hasAcceptedTerms: sql<boolean>`exists (select 1 from terms_acceptances ta where ta.user_id = "users"."id" and ta.terms_version = ${TERMS_VERSION})`,
        isTaxProfileComplete: yearFlags.isTaxProfileComplete(sql`"users"."id"`, sql.placeholder('taxYear')),
        taxYearStatuses: yearFlags.taxYearStatuses(sql`"users"."id"`),
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id'))),
  );

  async function findByEmail(email: string): Promise<UserSummary | undefined> {
    const [row] = await db.select(summaryColumns).from(users).where(eq(users.email, email));
    return row;
  }

  return {
    findByEmail,

    /** The person's stored record (the service adds the year's flags of other features). */
    async findRecord(id: number, taxYear: number) {
      return findRecord({ id, taxYear });
    },

    async findById(id: number): Promise<UserSummary | undefined> {
      const [row] = await db.select(summaryColumns).from(users).where(eq(users.id, id));
      return row;
    },

    /**
     * Creates the account at its first sign-in; safe when two sign-ins race for the same address.
     * The account created while no administrator exists is made one in the same statement (D4):
     * creations take turns on an advisory lock, so two first sign-ins at once make one admin, and an
     * id lost to a failed insert changes nothing.
     */
    async findOrCreate(email: string, language: string, now: Date): Promise<UserSummary & { created: boolean }> {
      const existing = await findByEmail(email);
      if (existing) return { ...existing, created: false };
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('users:first-admin', 0))`);
        const [created] = await tx
          .insert(users)
          .values({
            email,
            language,
            role: sql`(case when exists (select 1 from ${users} where ${users.role} = 'admin') then 'user' else 'admin' end)`,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: users.email })
          .returning(summaryColumns);
        if (created) return { ...created, created: true };
        const [raced] = await tx.select(summaryColumns).from(users).where(eq(users.email, email));
        if (!raced) throw new Error('user vanished between insert and select');
        return { ...raced, created: false };
      });
    },

    /** Makes the account an administrator; true when this call changed the role. */
    async grantAdmin(id: number): Promise<boolean> {
      const changed = await db
        .update(users)
        .set({ role: 'admin' })
        .where(and(eq(users.id, id), ne(users.role, 'admin')))
        .returning({ id: users.id });
      return changed.length > 0;
    },

    /**
     * Changes a role unless that would leave no administrator. The administrators' rows are locked
     * first, so two admins removing each other at the same moment cannot both succeed.
     */
    async changeRoleKeepingAnAdmin(id: number, role: Role): Promise<{ outcome: 'changed' | 'unchanged' | 'last_admin' | 'not_found'; from?: Role }> {
      return db.transaction(async (tx) => {
        const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
        const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id));
        if (!target) return { outcome: 'not_found' };
        if (target.role === role) return { outcome: 'unchanged', from: target.role };
        // Whatever the new role (a person or an expert), the last administrator keeps theirs.
        if (target.role === 'admin' && role !== 'admin' && admins.length <= 1) return { outcome: 'last_admin', from: target.role };
        await tx.update(users).set({ role }).where(eq(users.id, id));
        return { outcome: 'changed', from: target.role };
      });
    },

    /**
     * Sets the plan (D14, administrators only), reading the one it replaces under the row's lock
     * (call it inside a transaction); undefined when there is no such account.
     */
    async changePlan(id: number, plan: SubscriptionPlan, now: Date): Promise<{ from: SubscriptionPlan | null } | undefined> {
      const [row] = await db.select({ plan: users.subscriptionPlan }).from(users).where(eq(users.id, id)).for('update');
      if (!row) return undefined;
      if (row.plan !== plan) await db.update(users).set({ subscriptionPlan: plan, updatedAt: now }).where(eq(users.id, id));
      return { from: row.plan };
    },

    /** An account's name and role (who handles a return, in the expert back office). */
    async findNamed(id: number): Promise<NamedAccount | undefined> {
      const [row] = await db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role }).from(users).where(eq(users.id, id));
      return row;
    },

    async findAccount(id: number): Promise<AdminUserSummary | undefined> {
      const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id));
      return row && toAccount(row);
    },

    /** Accounts for the admin panel: by e-mail fragment or exact id, newest first. */
    async listAccounts(query: { q?: string; limit: number }): Promise<{ users: AdminUserSummary[]; total: number; adminCount: number }> {
      const q = query.q?.trim();
      const byId = q && /^\d{1,9}$/.test(q) ? eq(users.id, Number(q)) : undefined;
      // LIKE's own wildcards in the fragment are taken literally.
      const byEmail = q ? ilike(users.email, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
      const where = q ? (byId ? or(byId, byEmail) : byEmail) : undefined;
      const [rows, [matching], [admins]] = await Promise.all([
        db
          .select(accountColumns)
          .from(users)
          .where(where)
          .orderBy(desc(users.id))
          .limit(query.limit),
        db.select({ n: count() }).from(users).where(where),
        db.select({ n: count() }).from(users).where(eq(users.role, 'admin')),
      ]);
      return {
        users: rows.map(toAccount),
        total: matching?.n ?? 0,
        adminCount: admins?.n ?? 0,
      };
    },

    /** How many accounts there are (the debug panel's count). */
    async countAll(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },

    /** The account created last (the debug panel shows it). */
    async newest(): Promise<{ id: number; email: string; createdAt: Date } | undefined> {
      const [row] = await db.select({ id: users.id, email: users.email, createdAt: users.createdAt }).from(users).orderBy(desc(users.id)).limit(1);
      return row;
    },

    /** Back to first-time sign-in: the profile screen asks for everything again (admin reset). */
    async markProfileIncomplete(id: number, now: Date): Promise<void> {
      await db.update(users).set({ isProfileComplete: false, updatedAt: now }).where(eq(users.id, id));
    },

    /** The profile form: the person's fields that were sent and, when sent, the tax address, in one statement. */
    /** Locks the person's row until the transaction ends (FOR UPDATE): on a transaction only. */
    async lockForSave(id: number): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    },

    async updateProfile(id: number, fields: PersonalFields, address: TaxAddressFields | undefined, now: Date): Promise<void> {
      const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      const addressColumns = address && {
        taxStreet: address.street,
        taxHouseNumber: address.houseNumber,
        taxZipCode: address.zipCode,
        taxCity: address.city,
        taxGemeinde: address.gemeinde,
      };
      await db
        .update(users)
        .set({ ...set, ...addressColumns, updatedAt: now })
        .where(eq(users.id, id));
    },

    /** The wizard's personal answers (DECISIONS D15: the person's, not a year's); undefined fields stay. */
    async updatePersonal(id: number, fields: PersonalFields, now: Date): Promise<void> {
      const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      await db
        .update(users)
        .set({ ...set, updatedAt: now })
        .where(eq(users.id, id));
    },

    async updateTaxAddress(id: number, address: TaxAddressFields, now: Date): Promise<void> {
      await db
        .update(users)
        .set({
          taxStreet: address.street,
          taxHouseNumber: address.houseNumber,
          taxZipCode: address.zipCode,
          taxCity: address.city,
          taxGemeinde: address.gemeinde,
          updatedAt: now,
        })
        .where(eq(users.id, id));
    },

    /** Complete = name and phone given and the current terms accepted; computed in one statement. */
    async refreshProfileComplete(id: number): Promise<void> {
      await db
        .update(users)
        .set({
          isProfileComplete: sql`(${users.firstName} <> '' and ${users.lastName} <> '' and ${users.phone} <> '' and exists (select 1 from terms_acceptances ta where ta.user_id = "users"."id" and ta.terms_version = ${TERMS_VERSION}))`,
        })
        .where(eq(users.id, id));
    },

    /** The first acceptance of a version is kept; accepting again answers with that moment. */
    async acceptTerms(row: { userId: number; userAgent: string | null; ipHash: string; now: Date }): Promise<Date> {
      await db
        .insert(termsAcceptances)
        .values({ userId: row.userId, termsVersion: TERMS_VERSION, userAgent: row.userAgent, ipHash: row.ipHash, acceptedAt: row.now })
        .onConflictDoNothing();
      const [accepted] = await db
        .select({ acceptedAt: termsAcceptances.acceptedAt })
        .from(termsAcceptances)
        .where(and(eq(termsAcceptances.userId, row.userId), eq(termsAcceptances.termsVersion, TERMS_VERSION)));
      if (!accepted) throw new Error('terms acceptance not stored');
      return accepted.acceptedAt;
    },

    /** Every terms version the person accepted, with what the server saw then, oldest first (the data export). */
    async termsAcceptancesOf(userId: number): Promise<Array<{ termsVersion: string; acceptedAt: Date; userAgent: string | null; ipHash: string | null }>> {
      return db
        .select({ termsVersion: termsAcceptances.termsVersion, acceptedAt: termsAcceptances.acceptedAt, userAgent: termsAcceptances.userAgent, ipHash: termsAcceptances.ipHash })
        .from(termsAcceptances)
        .where(eq(termsAcceptances.userId, userId))
        .orderBy(asc(termsAcceptances.acceptedAt), asc(termsAcceptances.id));
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
export type StoredUser = NonNullable<Awaited<ReturnType<UserRepository['findRecord']>>>;
