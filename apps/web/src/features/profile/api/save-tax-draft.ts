import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { TaxProfileResponse, WizardDraft } from '@taxli/domain';
import { api, ApiError } from '../../../lib/api-client';

/** PUT /api/tax-profile/draft?taxYear=: where the wizard is and what has been answered (D15). */
export function saveTaxDraft(taxYear: number, draft: WizardDraft): Promise<TaxProfileResponse> {
  return api.put<TaxProfileResponse>(`/api/tax-profile/draft?taxYear=${taxYear}`, draft);
}

/** Retries after 1, 2, 4, 8 and 16 s; a refusal (4xx) is not retried, it would be refused again. */
export const DRAFT_RETRIES = 5;
export const DRAFT_RETRY_BASE_MS = 1000;

function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < DRAFT_RETRIES;
}

export type DraftSaveState = 'idle' | 'saving' | 'retrying' | 'saved' | 'failed';

/**
 * Saves the wizard's draft in the background: `save` returns at once, the newest draft wins (a save
 * asked for while one is under way is sent right after it, and a retry always sends the newest),
 * and a failed save is retried with a growing pause.
 */
export function useDraftSaver(taxYear: number) {
  const latest = useRef<{ draft: WizardDraft; version: number } | null>(null);
  const sent = useRef(0);
  const mutation = useMutation({
    mutationKey: ['tax-profile-draft', taxYear],
    mutationFn: () => {
      const current = latest.current;
      if (!current) return Promise.resolve(undefined);
      sent.current = current.version;
      return saveTaxDraft(taxYear, current.draft);
    },
    retry: shouldRetry,
    retryDelay: (attempt) => Math.min(DRAFT_RETRY_BASE_MS * 2 ** attempt, 30_000),
  });
  const { mutate, isPending } = mutation;

  const save = useCallback(
    (draft: WizardDraft) => {
      latest.current = { draft, version: (latest.current?.version ?? 0) + 1 };
      if (!isPending) mutate();
    },
    [isPending, mutate],
  );

  // A draft asked for while the previous one was on its way goes out as soon as that one settles.
  useEffect(() => {
    if (!isPending && latest.current && latest.current.version > sent.current) mutate();
  }, [isPending, mutate]);

  let state: DraftSaveState = 'idle';
  if (mutation.isPending) state = mutation.failureCount > 0 ? 'retrying' : 'saving';
  else if (mutation.isError) state = 'failed';
  else if (mutation.isSuccess) state = 'saved';
  return { save, state, error: mutation.error };
}
