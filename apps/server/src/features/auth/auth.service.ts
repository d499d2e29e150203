import type { FastifyBaseLogger } from 'fastify';
import {
  CODE_LENGTH,
  CODE_TTL_MINUTES,
  CODES_PER_EMAIL_PER_HOUR,
  CODES_PER_EMAIL_PER_HOUR_ALL_IPS,
  CODES_PER_IP_PER_HOUR,
  DEFAULT_LANGUAGE,
  isActiveLanguage,
  type ActiveLanguage,
  type RequestCodeResponse,
} from '@taxli/domain';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../mail/mailer.js';
import { AppError } from '../../lib/app-error.js';
import { randomDigits, safeEqualHex } from '../../lib/crypto.js';
import { hashDevice, hashEmail, hashIp, hashLoginCode } from '../../lib/personal-hash.js';
import { renderLoginCodeMail } from '../../mail/templates/login-code.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { UserAccounts, UserSummary } from '../users/user.service.js';
import type { LoginCodeRepository, RefusingLimit } from './login-code.repository.js';
import type { RememberedDevice } from '../../plugins/session.js';
import { quickRestore } from './quick-restore.service.js';
import { tryCode } from './try-code.js';
import { signInUser, withAdminRole, type AccountScope } from './sign-in-user.js';

/** The spec's fallback account for the debug sign-in when the requested one does not exist. */
const DEBUG_FALLBACK_USER_ID = 2;

export interface AuthDeps {
  config: Pick<Config, 'sessionSecret' | 'adminEmails'>;
  clock: Clock;
  mailer: Mailer;
  codes: LoginCodeRepository;
  users: UserAccounts;
  audit: AuditLog;
  log: FastifyBaseLogger;
  /** The accounts and the audit trail on one transaction: a role given at sign-in is recorded with it. */
  inTransaction<T>(work: (scope: AccountScope) => Promise<T>): Promise<T>;
}

/**
 * One answer for a wrong code and for none that is live (expired, used, never requested), so the
 * answer never tells whether someone asked for a code for that address; the audit keeps the reason.
 */
const INVALID_OR_EXPIRED = 'Invalid or expired verification code. Please check the code or request a new one.';
const TOO_MANY_ATTEMPTS = 'Too many attempts. Please request a new code.';

/** The 429's message per refusing limit; the same for known and unknown addresses. */
const RATE_LIMIT_MESSAGES: Record<RefusingLimit, string> = {
  email: `Too many codes requested for this e-mail address: at most ${CODES_PER_EMAIL_PER_HOUR} per hour. Please try again later.`,
  ip: `Too many codes requested from your network: at most ${CODES_PER_IP_PER_HOUR} per hour. Please try again later.`,
  'email-all-ips': `Too many codes requested for this e-mail address from different networks: at most ${CODES_PER_EMAIL_PER_HOUR_ALL_IPS} per hour. Please try again later.`,
};

/** Sign-up and sign-in are one flow: a code by mail, and the account is created at first verify. */
export function createAuthService(deps: AuthDeps) {
  const { config, clock, mailer, codes, users, audit, log, inTransaction } = deps;
  const roles = { adminEmails: config.adminEmails, inTransaction };
  const secret = config.sessionSecret;

  return {
    /**
     * Answers the same whether or not an account exists, so it reveals no addresses. A browser
     * holding this account's remember-device token (D5) asks as a source of its own (D13).
     */
    async requestCode(email: string, requested: ActiveLanguage | undefined, ip: string, device: RememberedDevice): Promise<RequestCodeResponse> {
      const now = clock();
      const user = await users.findByEmail(email);
      const ownDevice = device.state === 'live' && device.token.email === email ? device.token : undefined;
      const stored = user && isActiveLanguage(user.language) ? user.language : undefined;
      const language = requested ?? stored ?? DEFAULT_LANGUAGE;
      const code = randomDigits(CODE_LENGTH);
      const result = await codes.issue(
        {
          emailHash: hashEmail(secret, email),
          ipHash: hashIp(secret, ip),
          deviceHash: ownDevice ? hashDevice(secret, ownDevice.id) : null,
          codeHash: hashLoginCode(secret, email, code),
          language,
          now,
          expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
        },
        { perEmailAndSource: CODES_PER_EMAIL_PER_HOUR, perIp: CODES_PER_IP_PER_HOUR, perEmailAllIps: CODES_PER_EMAIL_PER_HOUR_ALL_IPS },
      );
      const event = { action: 'auth.request_code', subjectUserId: user?.id ?? null, email, ip };

      if (!result.issued) {
        await audit.record({ ...event, outcome: 'failure', details: { reason: `rate_limited_${result.limit}` } });
        throw new AppError(429, 'RATE_LIMITED', RATE_LIMIT_MESSAGES[result.limit], undefined, { 'Retry-After': String(result.retryAfterSeconds) });
      }

      try {
        await mailer.send({ to: email, ...renderLoginCodeMail(language, code) });
      } catch (error) {
        // The logger keeps what kind of failure it was (type, code, SMTP response code), never the address.
        log.error({ err: error }, 'sign-in code mail failed');
        await audit.record({ ...event, outcome: 'failure', details: { reason: 'mail_failed' } });
        throw new AppError(503, 'VERIFICATION_ERROR', 'Failed to send verification code');
      }
      await audit.record({ ...event, outcome: 'success', details: { language } });
      return { message: 'Verification code sent', status: 'pending' };
    },

    /** Checks the code; on success returns the (possibly new) account. Sessions are the caller's. */
    async verifyCode(email: string, code: string, ip: string): Promise<UserSummary & { created: boolean }> {
      const now = clock();
      const emailHash = hashEmail(secret, email);
      const event = { action: 'auth.verify_code', email, ip };
      // `attemptsLeft`: the tries left before the lock-out, said so that a person is warned (issue 28).
      const attempt = await tryCode(codes, {
        emailHash,
        purpose: 'sign-in',
        now,
        matches: (codeHash) => safeEqualHex(codeHash, hashLoginCode(secret, email, code)),
        async refuse(errorCode, reason, attemptsLeft) {
          await audit.record({ ...event, outcome: 'failure', details: { reason } });
          const [status, message] = errorCode === 'TOO_MANY_ATTEMPTS' ? [429, TOO_MANY_ATTEMPTS] : [401, INVALID_OR_EXPIRED];
          return new AppError(status, errorCode, message, undefined, undefined, undefined, { attemptsLeft });
        },
      });

      const user = await signInUser(roles, email, attempt.language, now);
      await audit.record({ ...event, outcome: 'success', subjectUserId: user.id, actorUserId: user.id, details: { newAccount: user.created } });
      return user;
    },

    /** Silent restore with this browser's remember-device token (DECISIONS D5). */
    quickRestore: (email: string, device: RememberedDevice, ip: string): Promise<UserSummary> =>
      quickRestore({ users, audit, roles }, email, device, ip),

    /** The debug sign-in (DECISIONS D4; the route lets only local requests with DEBUG_TOOLS through). */
    async debugSignIn(requested: number, ip: string): Promise<UserSummary> {
      const found = (await users.findById(requested)) ?? (await users.findById(DEBUG_FALLBACK_USER_ID));
      if (!found) throw new AppError(404, 'NOT_FOUND', 'No such user');
      const user = await withAdminRole(roles, found);
      await audit.record({
        action: 'debug.login_as',
        outcome: 'success',
        subjectUserId: user.id,
        ip,
        details: { requestedUserId: requested, fallback: user.id !== requested },
      });
      return user;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
