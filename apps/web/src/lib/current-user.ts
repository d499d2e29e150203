import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, BACKGROUND_REQUEST_HEADER, type UserResponse } from '@taxli/domain';
import { ApiError, callApi } from './api-client';
import { queryKeys } from './query-keys';

/** Part 1 §9: the user is fresh for 30 s and retried 3 times. */
export const USER_STALE_TIME_MS = 30_000;

interface GetUserOptions {
  taxYear?: number;
  signal?: AbortSignal;
  /** A poll: must not keep an idle session alive (D13). */
  background?: boolean;
  /** Asked before the session is known (at start): a 401 means signed out, not an ended session. */
  signedOutIsExpected?: boolean;
}

/** GET /api/user[?taxYear=]: the signed-in user. Shared by the shell and the features that show the user. */
export function getUser({ taxYear, signal, background = false, signedOutIsExpected }: GetUserOptions = {}): Promise<UserResponse> {
  return callApi(routes.getUser, {
    query: { taxYear },
    signal,
    signedOutIsExpected,
    headers: background ? { [BACKGROUND_REQUEST_HEADER]: '1' } : undefined,
  });
}

/** Retrying cannot help a 4xx answer (a 401 would also raise the session-expired event again). */
function retryUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

export function userQueryOptions(taxYear?: number) {
  return queryOptions({
    queryKey: queryKeys.user(taxYear),
    queryFn: ({ signal }) => getUser({ taxYear, signal }),
    staleTime: USER_STALE_TIME_MS,
    retry: retryUnlessClientError,
  });
}

export function useCurrentUser({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userQueryOptions(), enabled });
}
