/** Pages anyone may see (part 1 §2): the login page and the legal pages. */
export const PUBLIC_PATHS = [
  '/login',
  '/cookies',
  '/cookie-policy',
  '/data-protection',
  '/data-protection-policy',
  '/terms-and-conditions',
] as const;

/** An address's path without its trailing slashes, as the router matches it ('/' stays '/'). */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(withoutTrailingSlash(pathname));
}
