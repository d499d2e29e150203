import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { SIGNED_OUT } from './session';
import { forgetKeptTexts } from './kept-text';

/**
 * Drops everything cached for the signed-out account, so the next account never sees it, and
 * records "signed out" (keeping the auth query itself, which the root layout observes). Signing
 * out drops the texts typed but not sent too; a session that ran out keeps them for the same
 * account's next sign-in (`keptTexts: 'keep'`: another account's sign-in drops them, kept-text.ts).
 */
export function forgetSession(queryClient: QueryClient, { keptTexts = 'forget' }: { keptTexts?: 'forget' | 'keep' } = {}): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.auth[0] });
  queryClient.setQueryData(queryKeys.auth, SIGNED_OUT);
  if (keptTexts === 'forget') forgetKeptTexts();
}
