/** `returnTo=<path>` for a query string: the path encoded, its slashes kept readable (/profile%3FfirstTime%3Dtrue). */
export function returnToParam(path: string): string {
  return `returnTo=${encodeURIComponent(path).replace(/%2F/g, '/')}`;
}
