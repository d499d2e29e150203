import type { FastifyBaseLogger } from 'fastify';
import {
  CODE_LENGTH,
  CODE_TTL_MINUTES,
  CODES_PER_EMAIL_PER_HOUR,
  CODES_PER_EMAIL_PER_HOUR_ALL_IPS,
  CODES_PER_IP_PER_HOUR,
  type ActiveLanguage,
  type RequestCodeResponse,
} from '@taxli/domain';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../mail/mailer.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import { AppError } from '../../lib/app-error.js';
import { randomDigits, safeEqualHex } from '../../lib/crypto.js';
import { hashAccountDeletionCode, hashEmail, hashIp } from '../../lib/personal-hash.js';
import { renderAccountDeletionCodeMail } from '../../mail/templates/account-erasure.js';
import type { LoginCodeRepository } from './login-code.repository.js';
import { tryCode } from './try-code.js';

export interface DeletionCodeDeps {
  codes: LoginCodeRepository;
  clock: Clock;
  mailer: Mailer;
  audit: AuditLog;
  log: FastifyBaseLogger;
  secret: string;
}

/** The signed-in person who asks: the code goes to the account's own address. */
export interface CodeHolder {
  userId: number;
  email: string;
  ip: string;
}

const INVALID_OR_EXPIRED = 'Invalid or expired confirmation code. Please check the code or request a new one.';
const TOO_MANY_ATTEMPTS = 'Too many attempts. Please request a new code.';

/**
 * The code that confirms "Delete my account" (issue 30): the sign-in code's machinery (6 digits,
 * keyed hash, 10 minutes, 5 tries, single use, the hourly limits) with a purpose of its own, so a
 * sign-in code never deletes an account and a deletion code never signs in.
 */
export function createDeletionCodeService({ codes, clock, mailer, audit, log, secret }: DeletionCodeDeps) {
  return {
    async send(holder: CodeHolder, language: ActiveLanguage): Promise<RequestCodeResponse> {
      const now = clock();
      const code = randomDigits(CODE_LENGTH);
      const result = await codes.issue(
        {
          purpose: 'account-delete',
          emailHash: hashEmail(secret, holder.email),
          ipHash: hashIp(secret, holder.ip),
          deviceHash: null,
          codeHash: hashAccountDeletionCode(secret, holder.email, code),
          language,
          now,
          expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
        },
        { perEmailAndSource: CODES_PER_EMAIL_PER_HOUR, perIp: CODES_PER_IP_PER_HOUR, perEmailAllIps: CODES_PER_EMAIL_PER_HOUR_ALL_IPS },
      );
      const event = { action: 'account.erase_request_code', actorUserId: holder.userId, subjectUserId: holder.userId, ip: holder.ip };
      if (!result.issued) {
        await audit.record({ ...event, outcome: 'failure', details: { reason: `rate_limited_${result.limit}` } });
        throw new AppError(429, 'RATE_LIMITED', 'Too many codes requested. Please try again later.', undefined, { 'Retry-After': String(result.retryAfterSeconds) });
      }
      try {
        await mailer.send({ to: holder.email, ...renderAccountDeletionCodeMail(language, code) });
      } catch (error) {
        log.error({ err: error }, 'account deletion code mail failed');
        await audit.record({ ...event, outcome: 'failure', details: { reason: 'mail_failed' } });
        throw new AppError(503, 'VERIFICATION_ERROR', 'Failed to send the confirmation code');
      }
      await audit.record({ ...event, outcome: 'success' });
      return { message: 'Confirmation code sent', status: 'pending' };
    },

    /**
     * Counts the try and uses the code up, or throws. A wrong code is a 400, not a sign-in's 401:
     * the person is signed in, and a 401 would tell the web app that the session ran out.
     */
    async check(holder: CodeHolder, code: string): Promise<void> {
      await tryCode(codes, {
        emailHash: hashEmail(secret, holder.email),
        purpose: 'account-delete',
        now: clock(),
        matches: (codeHash) => safeEqualHex(codeHash, hashAccountDeletionCode(secret, holder.email, code)),
        async refuse(errorCode, reason, attemptsLeft) {
          await audit.record({ action: 'account.erase', outcome: 'failure', actorUserId: holder.userId, subjectUserId: holder.userId, ip: holder.ip, details: { reason } });
          const [status, message] = errorCode === 'TOO_MANY_ATTEMPTS' ? [429, TOO_MANY_ATTEMPTS] : [400, INVALID_OR_EXPIRED];
          return new AppError(status, errorCode, message, 'code', undefined, undefined, { attemptsLeft });
        },
      });
    },

    /** Every code row of an erased address (the hourly counters too): nothing keyed to it stays. */
    forget: (email: string): Promise<void> => codes.removeAllOf(hashEmail(secret, email)),
  };
}

export type DeletionCodeService = ReturnType<typeof createDeletionCodeService>;
