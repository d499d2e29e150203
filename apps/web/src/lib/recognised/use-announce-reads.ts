import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/ui/toast-store';
import { queryKeys } from '../query-keys';
import { recognisedText, recognisedToast } from './recognised-text';
import { watchReads } from './watch-reads';

/**
 * Issue 29, for every upload (the dashboard's and Advanced Tax Information's): the documents are read
 * in the background after the upload's answer. For a few seconds their reads are asked for; once they
 * are there, a second toast says what was recognised ("Salary certificate, COMPLEX Elektronik AG,
 * gross CHF 68'000.00") and the year's review inbox is read again. The upload never waits for this,
 * and the watching ends with the page: a toast belongs to the page it was raised on.
 */
export function useAnnounceReads(): (fileIds: number[], taxYear: number) => void {
  const { t, i18n } = useTranslation(['dashboard', 'categories']);
  const queryClient = useQueryClient();
  const watching = useRef<AbortController>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    watching.current = controller;
    return () => controller.abort();
  }, []);

  return useCallback(
    (fileIds: number[], taxYear: number) => {
      const signal = watching.current?.signal;
      if (!signal || fileIds.length === 0) return;
      void watchReads(fileIds, signal).then((reads) => {
        if (reads.length === 0 || signal.aborted) return;
        void queryClient.invalidateQueries({ queryKey: queryKeys.inbox(taxYear) });
        const message = recognisedToast(t, reads.flatMap((read) => recognisedText(t, read, i18n.language) ?? []));
        if (message) toast({ ...message, variant: 'success' });
      });
    },
    [queryClient, t, i18n],
  );
}
