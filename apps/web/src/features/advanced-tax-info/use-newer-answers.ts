import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdvancedTaxInfoResponse } from '@taxli/domain';
import { advancedKeys } from './api/keys';
import { isOutdatedRefusal } from './transmitted-refusal';

type Part = keyof AdvancedTaxInfoResponse['versions'];

/**
 * What the spouse, children and authorization forms do around a save's version: a save the server
 * refused as outdated (newer answers were saved in another tab or on another device) keeps what
 * was typed, and the form says so until it is saved or undone. The newer answers are loaded by
 * then (refreshWhenRefused), so the next save is made from them: the person decides, once told.
 */
export function useNewerAnswers(part: Part, taxYear: number, form: { rebase: (version: number) => void }) {
  const queryClient = useQueryClient();
  const [newerSaved, setNewerSaved] = useState(false);
  return {
    newerSaved,
    /** The save was kept as `version`. */
    saved(version: number): void {
      form.rebase(version);
      setNewerSaved(false);
    },
    /** The save failed; outdated, the form's changes now count as made from the newer answers. */
    failed(error: unknown): void {
      if (!isOutdatedRefusal(error)) return;
      const latest = queryClient.getQueryData<AdvancedTaxInfoResponse>(advancedKeys.info(taxYear))?.versions[part];
      if (latest !== undefined) form.rebase(latest);
      setNewerSaved(true);
    },
    /** The changes were undone: nothing is said any more. */
    dismiss: () => setNewerSaved(false),
  };
}
