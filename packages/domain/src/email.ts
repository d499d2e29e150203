/**
 * The browser's quick check of an e-mail address before asking for a code: something@domain.tld,
 * no spaces. The server's schema (api/auth.ts) is the real rule; this one only spares a round trip
 * and keeps zod out of the login page's first JavaScript.
 */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
