import { keyedHash } from './crypto.js';

/**
 * Keyed hashes of personal data: comparable (rate limits, audit correlation) but not readable,
 * and not reversible by trying every address or IP without the server's secret.
 */
export function hashEmail(secret: string, email: string): string {
  return keyedHash(secret, 'email', email);
}

export function hashIp(secret: string, ip: string): string {
  return keyedHash(secret, 'ip', ip);
}

/** A remember-device token (its stored id), as a source of sign-in code requests of its own. */
export function hashDevice(secret: string, deviceTokenId: string): string {
  return keyedHash(secret, 'device', deviceTokenId);
}

/** Bound to the address, so a code can only ever be valid for the address it was sent to. */
export function hashLoginCode(secret: string, email: string, code: string): string {
  return keyedHash(secret, 'login-code', `${email}:${code}`);
}

/** A "Delete my account" code (issue 30): its own label, so a sign-in code's hash never matches it, nor the reverse. */
export function hashAccountDeletionCode(secret: string, email: string, code: string): string {
  return keyedHash(secret, 'account-delete-code', `${email}:${code}`);
}
