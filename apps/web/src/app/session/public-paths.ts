/** Pages anyone may see (part 1 §2): the login page and the legal pages. */
export const PUBLIC_PATHS = [
  '/login',
  '/cookies',
  '/cookie-policy',
  '/data-protection',
  '/data-protection-policy',
  '/terms-and-conditions',
] as const;

export function isPublicPath(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PUBLIC_PATHS as readonly string[]).includes(normalised);
}
