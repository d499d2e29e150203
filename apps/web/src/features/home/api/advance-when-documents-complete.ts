import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { useChecklist } from '../../../lib/queries/checklist';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Part 1 §4 with D19: at status 2 with the year's checklist complete (each item has a file or is
 * marked not applicable), the dashboard asks for status 3 with the numeric update call. The server
 * makes this move itself after the upload or the mark that completes the list; this call catches
 * the case where that move failed. Asked once per year and state of the list; a failure is only
 * logged (part 1 §8).
 */
export function useAdvanceWhenDocumentsComplete(taxYear: number, statusId: number): void {
  const queryClient = useQueryClient();
  const asked = useRef<string | null>(null);
  const checklist = useChecklist(taxYear, statusId >= 2);
  const data = checklist.data?.taxYear === taxYear ? checklist.data : undefined;
  const complete = data?.percent === 100;
  const key = `${taxYear}:${(data?.items ?? []).map((item) => `${item.categoryId}${item.hasFile ? 'f' : ''}${item.notApplicable ? 'n' : ''}`).join(',')}`;

  useEffect(() => {
    if (statusId !== 2 || !complete || asked.current === key) return;
    asked.current = key;
    callApi(routes.updateNumericStatus, { body: { status: 3, taxYear } })
      .then((answer) => queryClient.setQueryData(queryKeys.taxStatus(taxYear), answer))
      .catch((error: unknown) => console.warn('automatic status advance failed', error));
  }, [statusId, complete, key, taxYear, queryClient]);
}
