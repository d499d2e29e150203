import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256-bit random token, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A numeric code of `length` digits from the CSPRNG, leading zeros kept. */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(0, 10));
  return out;
}

/** Hex SHA-256 of a string; the one-shot hash, since every signed-in request hashes its session cookie. */
export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

/** Keyed hash for values that must be comparable but never readable (codes, e-mails, IPs in audit). */
export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(purpose).update('\0').update(value).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
