import { findCanton } from './cantons.js';
import { digitsOnly } from './phone.js';

/**
 * The cantonal tax identification number (TIN) of the Authorization tab (part 2 §5). Each canton
 * has one shape of digit groups and separators (cantons.ts); these helpers read it from there.
 */

/** True when the value has exactly the canton's shape; blank values and unknown cantons are invalid. */
export function isValidTaxId(code: string, value: string): boolean {
  const canton = findCanton(code);
  const trimmed = value.trim();
  if (!canton || trimmed === '') return false;
  return canton.tin.pattern.test(trimmed);
}

/** The canton's shape for messages ('XXX.XXX.XXX'), or undefined for an unknown canton. */
export function taxIdFormat(code: string): string | undefined {
  return findCanton(code)?.tin.format;
}

/**
 * Formats the input while the user types: digits only, at most the canton's count, separators
 * inserted once the next group has begun ('123456' → '123.456' for ZH; no dangling '123.').
 * Without a known canton the digits are returned as typed.
 */
export function formatTaxIdInput(code: string, raw: string): string {
  const digits = digitsOnly(raw);
  const canton = findCanton(code);
  if (!canton) return digits;
  const kept = digits.slice(0, canton.tin.digits);
  const parts: string[] = [];
  let at = 0;
  for (const size of canton.tin.groups) {
    if (at >= kept.length) break;
    parts.push(kept.slice(at, at + size));
    at += size;
  }
  return parts.join(canton.tin.separator);
}
