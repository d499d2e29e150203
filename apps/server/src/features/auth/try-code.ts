import { CODE_MAX_ATTEMPTS } from '@taxli/domain';
import type { CodePurpose, CountedAttempt, LoginCodeRepository } from './login-code.repository.js';

export type CodeRefusal = 'INVALID_CODE' | 'TOO_MANY_ATTEMPTS';

export interface CodeTry {
  emailHash: string;
  purpose: CodePurpose;
  now: Date;
  /** Whether the stored keyed hash is the one of the code given (compared in constant time). */
  matches(codeHash: string): boolean;
  /**
   * The error to throw, after the caller recorded the refusal: `reason` for the audit trail,
   * `attemptsLeft` for the person (0 when a new code is needed either way).
   */
  refuse(code: CodeRefusal, reason: string, attemptsLeft: number): Promise<Error>;
}

/**
 * One try of a mailed code (DECISIONS D13), the same for signing in and for deleting an account:
 * the try is counted first (race-safe, at most CODE_MAX_ATTEMPTS), then compared, then the code is
 * used up, so only one of several simultaneous right tries succeeds. Throws the refusal otherwise.
 */
export async function tryCode(codes: LoginCodeRepository, check: CodeTry): Promise<CountedAttempt> {
  const { emailHash, purpose, now } = check;
  const attempt = await codes.countAttempt(emailHash, now, purpose);
  if (!attempt) {
    throw (await codes.hasExhaustedCode(emailHash, now, purpose))
      ? await check.refuse('TOO_MANY_ATTEMPTS', 'too_many_attempts', 0)
      : await check.refuse('INVALID_CODE', 'code_expired', 0);
  }
  if (!check.matches(attempt.codeHash)) {
    throw attempt.attempts >= CODE_MAX_ATTEMPTS
      ? await check.refuse('TOO_MANY_ATTEMPTS', 'too_many_attempts', 0)
      : await check.refuse('INVALID_CODE', 'invalid_code', CODE_MAX_ATTEMPTS - attempt.attempts);
  }
  if (!(await codes.consume(attempt.id, now))) throw await check.refuse('INVALID_CODE', 'code_expired', 0);
  return attempt;
}
