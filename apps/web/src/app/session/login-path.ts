interface Place {
  pathname: string;
  search: string;
}

/** /login, remembering where the visitor wanted to go (not needed for the home page). */
export function loginPath({ pathname, search }: Place): string {
  const target = `${pathname}${search}`;
  return target === '/' ? '/login' : `/login?returnTo=${encodeURIComponent(target)}`;
}
