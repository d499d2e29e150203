import { digitsOnly } from './phone.js';

/**
 * The Swiss social security number (AHV/AVS, DECISIONS D12): 13 digits '756.XXXX.XXXX.XC', 756 being
 * Switzerland's country prefix and C an EAN-13 check digit over the first twelve.
 */
export const AHV_PREFIX = '756';
export const AHV_DIGITS = 13;
export const AHV_PLACEHOLDER = '756.XXXX.XXXX.XX';

/** Digit groups of the written form: 756.1234.5678.97. */
const GROUPS = [3, 4, 4, 2] as const;
const DOTTED = /^\d{3}\.\d{4}\.\d{4}\.\d{2}$/;
const PLAIN = /^\d{13}$/;

/** EAN-13: weights 1 and 3 alternate from the left over the first twelve digits. */
export function ahvCheckDigit(firstTwelve: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(firstTwelve[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** The 13 digits when the value is written '756.1234.5678.97' or '7561234567897', otherwise null. */
function ahvDigits(value: string): string | null {
  const trimmed = value.trim();
  if (!DOTTED.test(trimmed) && !PLAIN.test(trimmed)) return null;
  return digitsOnly(trimmed);
}

export function isValidAhvNumber(value: string): boolean {
  const digits = ahvDigits(value);
  if (digits === null || !digits.startsWith(AHV_PREFIX)) return false;
  return ahvCheckDigit(digits.slice(0, 12)) === Number(digits[12]);
}

function withDots(digits: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of GROUPS) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join('.');
}

/** While typing: digits only, at most 13, dots inserted once the next group has begun. */
export function formatAhvInput(raw: string): string {
  return withDots(digitsOnly(raw).slice(0, AHV_DIGITS));
}

/** The stored form '756.1234.5678.97' of a valid number, or null when the number is not valid. */
export function normalizeAhvNumber(value: string): string | null {
  if (!isValidAhvNumber(value)) return null;
  return withDots(digitsOnly(value));
}

/**
 * What others than the owner see (D12): prefix and the last two digits, '756.****.****.97'.
 * A value that is not 13 digits reveals nothing at all.
 */
export function maskAhvNumber(value: string): string {
  const digits = digitsOnly(value);
  if (digits.length !== AHV_DIGITS) return '***.****.****.**';
  return `${digits.slice(0, 3)}.****.****.${digits.slice(11)}`;
}

/**
 * An AHV number anywhere in free text, such as a file name: 756 and ten more digits, any of them
 * set off by a dot, space, dash or underscore, with no digit right before or after.
 */
const AHV_IN_TEXT = /(?<!\d)756(?:[.\s_-]?\d){10}(?!\d)/g;

/** The text with every AHV number in it masked as others see one (maskAhvNumber), whether its check digit fits or not. */
export function maskAhvNumbersIn(text: string): string {
  return text.replace(AHV_IN_TEXT, (number) => maskAhvNumber(number));
}
