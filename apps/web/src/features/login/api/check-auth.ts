import { useQuery } from '@tanstack/react-query';
import { getSession } from '../../../lib/session';

/** The session check (lib/session.ts), asked once when the login page opens: already signed in? */
export async function isSignedIn(signal?: AbortSignal): Promise<boolean> {
  try {
    return (await getSession({ signal })).isAuthenticated === true;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return false;
  }
}

/**
 * Its own key, not queryKeys.auth: invalidating the session after sign-in must not make this
 * one-shot check answer "signed in" and race the page's own redirect.
 */
export function useIsSignedInOnArrival() {
  return useQuery({
    queryKey: ['login', 'signed-in-on-arrival'],
    queryFn: ({ signal }) => isSignedIn(signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
