/**
 * Where a freshly signed-in user goes: an incomplete profile first (part 1 §2), otherwise the page
 * the session watcher sent them away from (?returnTo=), if it is a path of this app, else home.
 */
export function signInTarget(isProfileComplete: boolean, returnTo: string | null): string {
  if (!isProfileComplete) return '/profile?firstTime=true';
  return isSafeReturnTo(returnTo) ? returnTo : '/';
}

function isSafeReturnTo(value: string | null): value is string {
  // Only same-app paths: "//host" and "/\host" would leave the site.
  return !!value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') && !value.startsWith('/login');
}
