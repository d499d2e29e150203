import { and, count, desc, eq, gt, gte, isNull, lt, min, sql, type SQL } from 'drizzle-orm';
import { CODE_MAX_ATTEMPTS } from '@taxli/domain';
import type { Db } from '../../db/client.js';
import { loginCodes } from '../../db/schema.js';

const HOUR_MS = 3_600_000;
/** Rows past every window are dropped, so code requests leave nothing behind for long. */
const KEEP_MS = 24 * HOUR_MS;

/** What a code is for (schema.ts, login_codes.purpose): a code of one purpose never counts for the other. */
export type CodePurpose = 'sign-in' | 'account-delete';

export interface NewLoginCode {
  /** Sign-in when not said. */
  purpose?: CodePurpose;
  emailHash: string;
  ipHash: string;
  /** The account's own remembered browser, when the request came from it (else null). */
  deviceHash: string | null;
  codeHash: string;
  language: string;
  now: Date;
  expiresAt: Date;
}

export interface HourlyLimits {
  /** Codes per e-mail from one source (an IP, or the account's remembered browser). */
  perEmailAndSource: number;
  /** Codes per IP, whatever the addresses. */
  perIp: number;
  /** Codes per e-mail from all IPs together. */
  perEmailAllIps: number;
}

/** Which limit refused: the e-mail from this source, the IP, or the e-mail from all IPs. */
export type RefusingLimit = 'email' | 'ip' | 'email-all-ips';

export type IssueResult = { issued: true } | { issued: false; limit: RefusingLimit; retryAfterSeconds: number };

export interface CountedAttempt {
  id: number;
  codeHash: string;
  attempts: number;
  language: string;
}

/** Sign-in codes, and the hourly request limits counted on the same rows. */
export function createLoginCodeRepository(db: Db) {
  return {
    /**
     * Checks the hourly limits (DECISIONS D13) and stores the new code, invalidating the address's
     * earlier codes. A request from an IP is held by that IP's count for the e-mail, the IP's count
     * and the e-mail's count from all IPs; one from the account's remembered browser only by that
     * browser's count for the e-mail, so strangers using up the others never lock the owner out.
     * Advisory locks on the address and the IP make check-and-insert atomic across instances.
     */
    async issue(code: NewLoginCode, limits: HourlyLimits): Promise<IssueResult> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'login-code:email:' + code.emailHash}, 0))`);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'login-code:ip:' + code.ipHash}, 0))`);
        await tx.delete(loginCodes).where(lt(loginCodes.createdAt, new Date(code.now.getTime() - KEEP_MS)));

        const since = new Date(code.now.getTime() - HOUR_MS);
        const ofEmail = eq(loginCodes.emailHash, code.emailHash);
        const fromIp = and(eq(loginCodes.ipHash, code.ipHash), isNull(loginCodes.deviceHash));
        const windows: { limit: RefusingLimit; max: number; rows: SQL | undefined }[] =
          code.deviceHash === null
            ? [
                { limit: 'email', max: limits.perEmailAndSource, rows: and(ofEmail, fromIp) },
                { limit: 'ip', max: limits.perIp, rows: fromIp },
                { limit: 'email-all-ips', max: limits.perEmailAllIps, rows: and(ofEmail, isNull(loginCodes.deviceHash)) },
              ]
            : [{ limit: 'email', max: limits.perEmailAndSource, rows: and(ofEmail, eq(loginCodes.deviceHash, code.deviceHash)) }];
        for (const window of windows) {
          const [used] = await tx
            .select({ n: count(), oldest: min(loginCodes.createdAt) })
            .from(loginCodes)
            .where(and(window.rows, gt(loginCodes.createdAt, since)));
          if (used && used.n >= window.max && used.oldest) {
            const freeAt = new Date(used.oldest).getTime() + HOUR_MS;
            return { issued: false, limit: window.limit, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - code.now.getTime()) / 1000)) };
          }
        }

        await tx
          .update(loginCodes)
          .set({ consumedAt: code.now })
          .where(and(eq(loginCodes.emailHash, code.emailHash), eq(loginCodes.purpose, code.purpose ?? 'sign-in'), isNull(loginCodes.consumedAt)));
        await tx.insert(loginCodes).values({
          purpose: code.purpose ?? 'sign-in',
          emailHash: code.emailHash,
          ipHash: code.ipHash,
          deviceHash: code.deviceHash,
          codeHash: code.codeHash,
          language: code.language,
          expiresAt: code.expiresAt,
          createdAt: code.now,
        });
        return { issued: true };
      });
    },

    /**
     * Counts one try against the address's live code and returns it, in a single conditional
     * UPDATE: parallel tries queue on the row lock and each re-checks `attempts < max`, so no
     * more than CODE_MAX_ATTEMPTS tries are ever counted. Undefined: no live code with tries left.
     */
    async countAttempt(emailHash: string, now: Date, purpose: CodePurpose = 'sign-in'): Promise<CountedAttempt | undefined> {
      const live = and(eq(loginCodes.emailHash, emailHash), eq(loginCodes.purpose, purpose), isNull(loginCodes.consumedAt), gt(loginCodes.expiresAt, now));
      const newest = db.select({ id: loginCodes.id }).from(loginCodes).where(live).orderBy(desc(loginCodes.id)).limit(1);
      const [row] = await db
        .update(loginCodes)
        .set({ attempts: sql`${loginCodes.attempts} + 1` })
        .where(and(eq(loginCodes.id, sql`(${newest})`), live, lt(loginCodes.attempts, CODE_MAX_ATTEMPTS)))
        .returning({ id: loginCodes.id, codeHash: loginCodes.codeHash, attempts: loginCodes.attempts, language: loginCodes.language });
      return row;
    },

    /** Whether the address's live code has used up its tries (as opposed to none being live). */
    async hasExhaustedCode(emailHash: string, now: Date, purpose: CodePurpose = 'sign-in'): Promise<boolean> {
      const [row] = await db
        .select({ id: loginCodes.id })
        .from(loginCodes)
        .where(
          and(
            eq(loginCodes.emailHash, emailHash),
            eq(loginCodes.purpose, purpose),
            isNull(loginCodes.consumedAt),
            gt(loginCodes.expiresAt, now),
            gte(loginCodes.attempts, CODE_MAX_ATTEMPTS),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Every code row of an address (the hourly counters too): an erased person's hashes go with them. */
    async removeAllOf(emailHash: string): Promise<void> {
      await db.delete(loginCodes).where(eq(loginCodes.emailHash, emailHash));
    },

    /** Uses the code up; only one of several simultaneous correct tries gets true. */
    async consume(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(loginCodes)
        .set({ consumedAt: now })
        .where(and(eq(loginCodes.id, id), isNull(loginCodes.consumedAt)))
        .returning({ id: loginCodes.id });
      return rows.length === 1;
    },
  };
}

export type LoginCodeRepository = ReturnType<typeof createLoginCodeRepository>;
