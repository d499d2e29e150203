import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { SIGNED_OUT } from './session';
import { forgetKeptTexts } from './kept-text';

/**
 * Drops everything cached for the signed-out account (and the texts typed but not sent), so the
 * next account never sees it, and
 * records "signed out" (keeping the auth query itself, which the root layout observes).
 */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.auth[0] });
  queryClient.setQueryData(queryKeys.auth, SIGNED_OUT);
  forgetKeptTexts();
}
