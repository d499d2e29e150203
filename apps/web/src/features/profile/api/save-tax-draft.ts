import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { routes, type TaxProfileResponse, type WizardDraft } from '@taxli/domain';
import { ApiError, callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/tax-profile/draft?taxYear=: where the wizard is and what has been answered (D15). */
export function saveTaxDraft(taxYear: number, draft: WizardDraft, { keepalive = false } = {}): Promise<TaxProfileResponse> {
  return callApi(routes.saveTaxDraft, { query: { taxYear }, body: draft, keepalive });
}

/** Retries after 1, 2, 4, 8 and 16 s; a refusal (4xx) is not retried, it would be refused again. */
export const DRAFT_RETRIES = 5;
export const DRAFT_RETRY_BASE_MS = 1000;

function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < DRAFT_RETRIES;
}

/** The key of a year's draft saves: the wizard waits for those still under way before it opens again. */
export const draftSaveKey = (taxYear: number) => ['tax-profile-draft', taxYear] as const;

/** A year's draft saves, and its final submit, run one after another in this scope. */
export const draftSaveScope = (taxYear: number) => ({ id: `tax-profile-draft-${taxYear}` });

export const isDraftOutdated = (error: unknown) => error instanceof ApiError && error.code === 'DRAFT_OUTDATED';

export type DraftSaveState = 'idle' | 'saving' | 'retrying' | 'saved' | 'failed';

interface Queued {
  draft: WizardDraft;
  /** Order of the asking: only the newest draft asked for is worth sending. */
  seq: number;
  /** Asked for as the page goes away: the request must outlive it. */
  keepalive: boolean;
}

/**
 * Saves the wizard's draft in the background: `save` returns at once. The saves of a year run one
 * after another (a mutation scope, which goes on when the wizard is left), each sending the
 * version the previous answer gave, so the server refuses a draft edited from an older version
 * (another tab or device saved since) instead of overwriting the newer one. A draft asked for
 * while a newer one waits is skipped; a failed save is retried with a growing pause. When the
 * server says the draft is outdated, every draft still waiting is dropped and `onOutdated` runs.
 * `onSaved` gets each save's answer: what the server holds now.
 */
export function useDraftSaver(
  taxYear: number,
  startVersion: number,
  { onOutdated, onSaved = () => {}, onSettled = () => {} }: { onOutdated: () => void; onSaved?: (saved: TaxProfileResponse) => void; onSettled?: () => void },
) {
  const queryClient = useQueryClient();
  // Refs, not state: the queued saves read them when they run, after any earlier save has answered.
  // `settled` counts the saves answered (saved, skipped or given up); `failed`: the last one was given up.
  const chain = useRef({ version: startVersion, asked: 0, droppedUpTo: 0, settled: 0, failed: false });
  const mutation = useMutation({
    mutationKey: draftSaveKey(taxYear),
    scope: draftSaveScope(taxYear),
    mutationFn: async ({ draft, seq, keepalive }: Queued): Promise<TaxProfileResponse | null> => {
      const current = chain.current;
      if (seq < current.asked || seq <= current.droppedUpTo) return null;
      const saved = await saveTaxDraft(taxYear, { ...draft, version: current.version }, { keepalive });
      current.version = saved.version;
      queryClient.setQueryData(queryKeys.taxProfile(taxYear), saved);
      onSaved(saved);
      return saved;
    },
    retry: shouldRetry,
    retryDelay: (attempt) => Math.min(DRAFT_RETRY_BASE_MS * 2 ** attempt, 30_000),
    onError: (error) => {
      if (!isDraftOutdated(error)) return;
      chain.current.droppedUpTo = chain.current.asked;
      onOutdated();
    },
    // Also after the wizard has gone (the mutation's own callbacks): the last save's answer decides
    // whether the answers kept for the tab can go.
    onSettled: (_saved, error) => {
      chain.current.settled += 1;
      chain.current.failed = error !== null && !isDraftOutdated(error);
      onSettled();
    },
  });
  const { mutate } = mutation;

  const save = useCallback(
    (draft: WizardDraft, { keepalive = false } = {}) => {
      chain.current.asked += 1;
      mutate({ draft, seq: chain.current.asked, keepalive });
    },
    [mutate],
  );

  /** The version the next save goes on from, and how many saves asked for are not answered yet. */
  const progress = useCallback(() => {
    const { version, asked, settled, failed } = chain.current;
    return { version, pending: asked - settled, failed };
  }, []);

  /** The wizard loaded the server's newer draft: the next save goes on from its version. */
  const rebase = useCallback((version: number) => {
    chain.current.version = version;
  }, []);

  let state: DraftSaveState = 'idle';
  if (mutation.isPending) state = mutation.failureCount > 0 ? 'retrying' : 'saving';
  else if (mutation.isError) state = isDraftOutdated(mutation.error) ? 'idle' : 'failed';
  else if (mutation.isSuccess) state = 'saved';
  return { save, rebase, progress, state, error: mutation.error };
}
