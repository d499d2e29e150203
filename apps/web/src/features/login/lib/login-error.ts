import { ERROR_CODES } from '@taxli/domain';
import { ApiError } from '../../../lib/api-client';

export type LoginOperation = 'sendCode' | 'verifyCode';

/** A translation key, or the server's own words when it sent a code we have no text for. */
export type LoginErrorMessage = { key: string } | { text: string };

const TRANSLATED_CODES = new Set<string>([...ERROR_CODES, 'REQUEST_TIMEOUT']);

const FIELD_MESSAGES: Record<string, string> = {
  email: 'login:email.invalid',
  code: 'login:code.length',
};

/**
 * Part 1 §8 for the two sign-in calls: no answer → "could not connect"; an unreadable answer →
 * the operation's fallback; a code we know → its translation; any other code → the server message.
 */
export function describeLoginError(error: unknown, operation: LoginOperation): LoginErrorMessage {
  const fallback = { key: `errors:fallback.${operation}` };
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0 || error.code === 'NETWORK_ERROR') return { key: 'errors:fallback.connectVerification' };
  if (error.code === 'UNKNOWN_ERROR' || error.code === 'HTTP_ERROR') return fallback;
  if (error.code === 'VALIDATION_ERROR' && error.field && FIELD_MESSAGES[error.field]) {
    return { key: FIELD_MESSAGES[error.field]! };
  }
  if (TRANSLATED_CODES.has(error.code)) return { key: `errors:codes.${error.code}` };
  return error.message.trim() ? { text: error.message } : fallback;
}
