import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { routes, requiredChecklistPercent, type FileRecord } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Part 1 §4: at status 2 with a file in each of the six required categories, the dashboard asks
 * for status 3 with the numeric update call. The server makes this move itself after the upload
 * that completes the six; this call catches the case where that move failed. Asked once per year
 * and file list; a failure is only logged (part 1 §8).
 */
export function useAdvanceWhenDocumentsComplete(taxYear: number, statusId: number, files: FileRecord[] | undefined): void {
  const queryClient = useQueryClient();
  const asked = useRef<string | null>(null);
  const complete = requiredChecklistPercent((files ?? []).map((file) => file.categoryId)) === 100;
  const key = `${taxYear}:${(files ?? []).length}`;

  useEffect(() => {
    if (statusId !== 2 || !complete || asked.current === key) return;
    asked.current = key;
    callApi(routes.updateNumericStatus, { body: { status: 3, taxYear } })
      .then((answer) => queryClient.setQueryData(queryKeys.taxStatus(taxYear), answer))
      .catch((error: unknown) => console.warn('automatic status advance failed', error));
  }, [statusId, complete, key, taxYear, queryClient]);
}
