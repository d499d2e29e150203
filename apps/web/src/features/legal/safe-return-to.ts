/**
 * A `returnTo` that stays on this site: a relative path starting with one '/'. Anything else
 * ('//evil.com', '/\\evil.com', 'https://…', 'javascript:…') is refused, so the Back link can
 * never become an open redirect.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and backslashes can be read as part of a host by some browsers.
  if ([...value].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  const base = 'https://taxli.invalid';
  try {
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
