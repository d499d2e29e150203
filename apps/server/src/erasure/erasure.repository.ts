import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';

/**
 * The erasure's SQL (issue 30 item 6). Erasure is the one change that crosses every feature's
 * tables by the person's id, like the backup that reads them all (ADR 0020); its statements are kept
 * here, together, so that a table added later is added to them in one place (the scan test of
 * erasure.test.ts fails until it is).
 */

export interface ErasableAccount {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  language: string;
  /** ISO, milliseconds. */
  createdAt: string;
}

export interface TransmittedYear {
  taxYear: number;
  status: string;
  /** The latest transmission, or the status change when a year reached status 4 without one. */
  basis: Date;
}

/** `years`: the tax years to erase; undefined for every year (a full erasure). */
const yearsOf = (column: SQL, years: number[] | undefined): SQL =>
  years === undefined ? sql`true` : years.length === 0 ? sql`false` : sql`${column} in (${sql.join(years.map((y) => sql`${y}`), sql`, `)})`;

export function createErasureRepository(db: Db) {
  return {
    /** The account, locked for the erasure (a second erasure at the same moment waits, then finds it gone). */
    async lockAccount(userId: number): Promise<ErasableAccount | undefined> {
      const [row] = await queryRows<ErasableAccount>(
        db,
        sql`select id, email, first_name as "firstName", last_name as "lastName", role, language,
                   to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
            from users where id = ${userId} for update`,
      );
      return row;
    },

    async languageOf(userId: number): Promise<string | undefined> {
      const [row] = await queryRows<{ language: string }>(db, sql`select language from users where id = ${userId}`);
      return row?.language;
    },

    async otherAdministrators(userId: number): Promise<number> {
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users where role = 'admin' and id <> ${userId}`);
      return row?.n ?? 0;
    },

    /** Whether this account was erased already with years kept (it then waits for the retention sweep). */
    async isRetained(account: ErasableAccount): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`select 1 from erasures where user_id = ${account.id} and account_created_at = ${account.createdAt}::timestamptz and kind = 'retained'`,
      );
      return rows.length > 0;
    },

    /** The years at status 4–6 (D18: in the experts' hands), with the instant their retention counts from. */
    async transmittedYears(userId: number): Promise<TransmittedYear[]> {
      const rows = await queryRows<{ taxYear: number; status: string; basis: string }>(
        db,
        sql`select s.tax_year as "taxYear", s.status, coalesce(max(t.transmitted_at), s.updated_at)::text as basis
            from tax_year_statuses s left join transmissions t on t.user_id = s.user_id and t.tax_year = s.tax_year
            where s.user_id = ${userId} and s.status in ('processing', 'review_required', 'completed')
            group by s.tax_year, s.status, s.updated_at order by s.tax_year`,
      );
      return rows.map((r) => ({ taxYear: r.taxYear, status: r.status, basis: new Date(r.basis) }));
    },

    /** Every tax year the person has anything in. */
    async yearsWithData(userId: number): Promise<number[]> {
      const rows = await queryRows<{ y: number }>(
        db,
        sql`select tax_year as y from tax_year_statuses where user_id = ${userId}
            union select tax_year from documents where user_id = ${userId}
            union select tax_year from tax_profiles where user_id = ${userId}
            union select tax_year from tax_year_sections where user_id = ${userId}
            union select tax_year from tax_declarations where user_id = ${userId}
            order by 1`,
      );
      return rows.map((r) => r.y);
    },

    /** The blobs of the years to erase: document versions and prepared returns. */
    async storageKeys(userId: number, years: number[] | undefined): Promise<string[]> {
      const rows = await queryRows<{ key: string }>(
        db,
        sql`select v.storage_key as key from document_versions v join documents d on d.id = v.document_id
            where d.user_id = ${userId} and ${yearsOf(sql`d.tax_year`, years)}
            union all select storage_key from prepared_returns where user_id = ${userId} and ${yearsOf(sql`tax_year`, years)}`,
      );
      return rows.map((r) => r.key);
    },

    /**
     * Crypto-shredding first: the wrapped data keys of the years' documents and prepared returns are
     * overwritten, then their rows deleted, in this one transaction; from its commit no copy of a
     * blob can be opened, whatever happens to the blobs after.
     */
    async destroyDataKeys(userId: number, years: number[] | undefined): Promise<number> {
      const versions = await queryRows<{ id: number }>(
        db,
        sql`update document_versions v set wrapped_key = '' from documents d
            where d.id = v.document_id and d.user_id = ${userId} and ${yearsOf(sql`d.tax_year`, years)} returning v.id`,
      );
      await db.execute(sql`update prepared_returns set wrapped_key = '' where user_id = ${userId} and ${yearsOf(sql`tax_year`, years)}`);
      return versions.length;
    },

    /** Every row of the years to erase, in an order the foreign keys accept (transmissions hold versions). */
    async deleteYears(userId: number, years: number[]): Promise<void> {
      const inYears = (column: string) => yearsOf(sql.raw(column), years);
      await db.execute(sql`delete from transmissions where user_id = ${userId} and ${inYears('tax_year')}`);
      for (const table of [
        'documents',
        'prepared_returns',
        'document_requests',
        'return_cases',
        'checklist_not_applicable',
        'tax_declarations',
        'tax_profiles',
        'tax_year_sections',
        'tax_year_statuses',
      ]) {
        await db.execute(sql`delete from ${sql.identifier(table)} where user_id = ${userId} and ${inYears('tax_year')}`);
      }
      // Messages of no year (older than threads with years) belong to no retained file.
      await db.execute(sql`delete from messages where user_id = ${userId} and (tax_year is null or ${inYears('tax_year')})`);
    },

    /** What lets the account act or be reached: sessions (with their challenges), passkeys, devices, consents. */
    async deleteAccess(userId: number): Promise<void> {
      for (const table of ['sessions', 'passkeys', 'remember_tokens', 'terms_acceptances']) {
        await db.execute(sql`delete from ${sql.identifier(table)} where user_id = ${userId}`);
      }
    },

    /**
     * A retained file's account: the name, birth date and tax address stay (the return the experts
     * keep is theirs); the address, phone, job and role go, and the pseudonym takes the e-mail's
     * place, so the address can open a new account and nobody can sign in to this one.
     */
    async pseudonymise(userId: number, pseudonym: string, now: Date): Promise<void> {
      await db.execute(
        sql`update users set email = ${pseudonym}, phone = '', job_name = '', role = 'user', updated_at = ${now.toISOString()}::timestamptz where id = ${userId}`,
      );
    },

    /** The user row and, through its foreign keys, everything left of the person. */
    async deleteAccount(userId: number): Promise<void> {
      await db.execute(sql`delete from transmissions where user_id = ${userId}`);
      await db.execute(sql`delete from users where id = ${userId}`);
    },

    /** The person's audit events, with a text in their details to pseudonymise. */
    async auditDetails(userId: number): Promise<{ id: number; details: Record<string, unknown> }[]> {
      return queryRows(
        db,
        sql`select id, details from audit_events where (subject_user_id = ${userId} or actor_user_id = ${userId}) and jsonb_typeof(details) = 'object'`,
      );
    },

    async setAuditDetails(id: number, details: Record<string, unknown>): Promise<void> {
      await db.execute(sql`update audit_events set details = ${JSON.stringify(details)}::jsonb where id = ${id}`);
    },

    /** The trail stays; the keyed hash of the address goes from every event that names it, or names the person. */
    async forgetAuditEmail(userId: number, emailHash: string): Promise<void> {
      await db.execute(
        sql`update audit_events set email_hash = null where subject_user_id = ${userId} or actor_user_id = ${userId} or email_hash = ${emailHash}`,
      );
    },

    async recordErasure(account: ErasableAccount, erasedAt: Date, kind: 'full' | 'retained', retainedUntil: Date | null): Promise<void> {
      await db.execute(
        sql`insert into erasures (user_id, account_created_at, erased_at, kind, retained_until)
            values (${account.id}, ${account.createdAt}::timestamptz, ${erasedAt.toISOString()}::timestamptz, ${kind}, ${retainedUntil?.toISOString() ?? null}::timestamptz)`,
      );
    },

    /** Retained accounts whose period is over at `now`, not erased in full since. */
    async dueRetentions(now: Date): Promise<number[]> {
      const rows = await queryRows<{ userId: number }>(
        db,
        sql`select distinct r.user_id as "userId" from erasures r
            join users u on u.id = r.user_id and date_trunc('milliseconds', u.created_at) = r.account_created_at
            where r.kind = 'retained' and r.retained_until <= ${now.toISOString()}::timestamptz
              and not exists (select 1 from erasures f where f.user_id = r.user_id and f.account_created_at = r.account_created_at and f.kind = 'full')
            order by 1`,
      );
      return rows.map((r) => r.userId);
    },
  };
}

export type ErasureRepository = ReturnType<typeof createErasureRepository>;
