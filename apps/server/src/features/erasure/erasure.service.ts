import type { FastifyBaseLogger } from 'fastify';
import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MINUTES,
  CODES_PER_EMAIL_PER_HOUR,
  CODES_PER_EMAIL_PER_HOUR_ALL_IPS,
  CODES_PER_IP_PER_HOUR,
  DEFAULT_LANGUAGE,
  isActiveLanguage,
  TAX_FILE_RETENTION_YEARS,
  type AccountErasurePreview,
  type AccountErasureResponse,
  type RequestCodeResponse,
} from '@taxli/domain';
import { inTransaction, type Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { Clock } from '../../lib/clock.js';
import { randomDigits, safeEqualHex } from '../../lib/crypto.js';
import { hashAccountDeletionCode, hashEmail, hashIp } from '../../lib/personal-hash.js';
import type { Mailer } from '../../mail/mailer.js';
import { renderAccountDeletionCodeMail, renderAccountErasedMail } from '../../mail/templates/account-erasure.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { LoginCodeRepository } from '../auth/login-code.repository.js';
import { eraseAccount, retainedYears, type ErasureActor, type ErasureScope, type ErasureSettings } from './erase-account.js';
import { createErasureRepository } from './erasure.repository.js';

export interface ErasureDeps {
  db: Db;
  codes: LoginCodeRepository;
  mailer: Mailer;
  clock: Clock;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  audit: AuditLog;
  settings: ErasureSettings;
  auditOn(on: Db): AuditLog;
}

/** The signed-in person, as the routes hand them over. */
export interface ErasureCaller {
  userId: number;
  email: string;
  ip: string;
}

const INVALID_OR_EXPIRED = 'Invalid or expired confirmation code. Please check the code or request a new one.';
const TOO_MANY_ATTEMPTS = 'Too many attempts. Please request a new code.';

/** "Delete my account" with a mailed code, an administrator's erasure on a person's behalf, and the retention sweep's. */
export function createErasureService(deps: ErasureDeps) {
  const { db, codes, mailer, clock, blobs, log, audit, settings, auditOn } = deps;
  const secret = settings.secret;
  const erasures = createErasureRepository(db);

  /** The blobs go after the commit: until then the transaction may still roll back and need them. */
  async function removeBlobs(keys: string[]): Promise<void> {
    for (const key of keys) {
      // Their data keys are gone already, so a blob left behind is unreadable; the blob sweep removes it.
      await blobs.delete(key).catch((error: unknown) => log.warn({ err: error }, 'an erased document’s blob could not be removed'));
    }
  }

  async function erase(userId: number, actor: ErasureActor) {
    const outcome = await inTransaction(db, (tx) => {
      const scope: ErasureScope = { erasures: createErasureRepository(tx), audit: auditOn(tx) };
      return eraseAccount(scope, settings, userId, actor, clock());
    });
    await removeBlobs(outcome.storageKeys);
    return outcome;
  }

  return {
    /** What an erasure now would keep, for the profile page's explanation before the person confirms. */
    async preview(userId: number): Promise<AccountErasurePreview> {
      const { retained } = retainedYears(await erasures.transmittedYears(userId), clock());
      return { retained, retentionYears: TAX_FILE_RETENTION_YEARS };
    },

    /** Mails a fresh deletion code to the account's own address; the sign-in code limits hold (D13). */
    async requestCode(caller: ErasureCaller): Promise<RequestCodeResponse> {
      const now = clock();
      const language = await erasures.languageOf(caller.userId);
      const code = randomDigits(CODE_LENGTH);
      const lang = language && isActiveLanguage(language) ? language : DEFAULT_LANGUAGE;
      const result = await codes.issue(
        {
          purpose: 'account-delete',
          emailHash: hashEmail(secret, caller.email),
          ipHash: hashIp(secret, caller.ip),
          deviceHash: null,
          codeHash: hashAccountDeletionCode(secret, caller.email, code),
          language: lang,
          now,
          expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
        },
        { perEmailAndSource: CODES_PER_EMAIL_PER_HOUR, perIp: CODES_PER_IP_PER_HOUR, perEmailAllIps: CODES_PER_EMAIL_PER_HOUR_ALL_IPS },
      );
      const event = { action: 'account.erase_request_code', actorUserId: caller.userId, subjectUserId: caller.userId, ip: caller.ip };
      if (!result.issued) {
        await audit.record({ ...event, outcome: 'failure', details: { reason: `rate_limited_${result.limit}` } });
        throw new AppError(429, 'RATE_LIMITED', 'Too many codes requested. Please try again later.', undefined, { 'Retry-After': String(result.retryAfterSeconds) });
      }
      try {
        await mailer.send({ to: caller.email, ...renderAccountDeletionCodeMail(lang, code) });
      } catch (error) {
        log.error({ err: error }, 'account deletion code mail failed');
        await audit.record({ ...event, outcome: 'failure', details: { reason: 'mail_failed' } });
        throw new AppError(503, 'VERIFICATION_ERROR', 'Failed to send the confirmation code');
      }
      await audit.record({ ...event, outcome: 'success' });
      return { message: 'Confirmation code sent', status: 'pending' };
    },

    /**
     * Checks the deletion code (same tries and expiry as a sign-in code), then erases the account. A
     * wrong code is a 400, not a sign-in's 401: the person is signed in, and a 401 would tell the web
     * app that the session ran out.
     */
    async confirm(caller: ErasureCaller, code: string): Promise<AccountErasureResponse> {
      const now = clock();
      const emailHash = hashEmail(secret, caller.email);
      const fail = async (status: number, errorCode: 'INVALID_CODE' | 'TOO_MANY_ATTEMPTS', message: string, reason: string, attemptsLeft: number) => {
        await audit.record({ action: 'account.erase', outcome: 'failure', actorUserId: caller.userId, subjectUserId: caller.userId, ip: caller.ip, details: { reason } });
        return new AppError(status, errorCode, message, 'code', undefined, undefined, { attemptsLeft });
      };
      const attempt = await codes.countAttempt(emailHash, now, 'account-delete');
      if (!attempt) {
        throw (await codes.hasExhaustedCode(emailHash, now, 'account-delete'))
          ? await fail(429, 'TOO_MANY_ATTEMPTS', TOO_MANY_ATTEMPTS, 'too_many_attempts', 0)
          : await fail(400, 'INVALID_CODE', INVALID_OR_EXPIRED, 'code_expired', 0);
      }
      if (!safeEqualHex(attempt.codeHash, hashAccountDeletionCode(secret, caller.email, code))) {
        throw attempt.attempts >= CODE_MAX_ATTEMPTS
          ? await fail(429, 'TOO_MANY_ATTEMPTS', TOO_MANY_ATTEMPTS, 'too_many_attempts', 0)
          : await fail(400, 'INVALID_CODE', INVALID_OR_EXPIRED, 'invalid_code', CODE_MAX_ATTEMPTS - attempt.attempts);
      }
      if (!(await codes.consume(attempt.id, now))) throw await fail(400, 'INVALID_CODE', INVALID_OR_EXPIRED, 'code_expired', 0);
      const outcome = await erase(caller.userId, { by: 'self' });
      // The code rows (hashes of the address) go too, so nothing keyed to the address is left.
      await codes.removeAllOf(emailHash);
      return outcome.answer;
    },

    /** Issue 30 item 7: an administrator erases a person's account on their behalf; the person is mailed. */
    async eraseOnBehalf(adminUserId: number, userId: number): Promise<AccountErasureResponse> {
      if (adminUserId === userId) {
        throw new AppError(409, 'CANNOT_DELETE_OWN_ACCOUNT', 'Administrators delete their own account on their profile page, with a mailed code');
      }
      const outcome = await erase(userId, { by: 'admin', adminUserId });
      const { email } = outcome.account;
      await codes.removeAllOf(hashEmail(secret, email));
      const language = outcome.account.language;
      try {
        await mailer.send({ to: email, ...renderAccountErasedMail(isActiveLanguage(language) ? language : DEFAULT_LANGUAGE, outcome.answer.retained) });
      } catch (error) {
        // The erasure stands; the administrator tells the person by the way they asked.
        log.error({ err: error }, 'account erased notice mail failed');
      }
      return outcome.answer;
    },

    /** The retention sweep's work: every retained account whose period is over at `now`, erased in full. */
    async eraseDueRetentions(): Promise<number> {
      let erased = 0;
      for (const userId of await erasures.dueRetentions(clock())) {
        const outcome = await erase(userId, { by: 'retention-sweep' });
        if (outcome.answer.kind === 'full') erased += 1;
      }
      return erased;
    },
  };
}

export type ErasureService = ReturnType<typeof createErasureService>;
