import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AdvancedTaxInfoResponse } from '@taxli/domain';
import { useKeptText } from '../../lib/kept-text';
import { advancedKeys } from './api/keys';
import { isOutdatedRefusal } from './transmitted-refusal';

type Part = keyof AdvancedTaxInfoResponse['versions'];

/**
 * What the spouse, children and authorization forms do around a save's version: a save the server
 * refused as outdated (newer answers were saved in another tab or on another device) keeps what
 * was typed, and the form says so until it is saved or undone. The newer answers are loaded by
 * then (refreshWhenRefused), so the next save is made from them: the person decides, once told.
 * What is said is kept with what was typed (`keptKey`, the form's own key): another tab of the
 * screen or a reload still says it.
 */
export function useNewerAnswers(part: Part, taxYear: number, keptKey: string, form: { unsaved: boolean; rebase: (version: number) => void }) {
  const queryClient = useQueryClient();
  const [kept, setKept] = useKeptText(`${keptKey}:newer`);
  const newerSaved = kept !== '';
  const setNewerSaved = (said: boolean) => setKept(said ? 'said' : '');
  // Typed back to what is stored: nothing is left to say.
  useEffect(() => {
    if (!form.unsaved && newerSaved) setKept('');
  }, [form.unsaved, newerSaved, setKept]);
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
