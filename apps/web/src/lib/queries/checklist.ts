import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../api-client';
import { queryKeys } from '../query-keys';

/**
 * GET /api/checklist?taxYear= (DECISIONS D19): the year's personal document checklist. One query for
 * the dashboard's list and Advanced Tax Information's "still missing"; never stale, as the files.
 */
export function checklistQuery(taxYear: number) {
  return queryOptions({
    queryKey: queryKeys.checklist(taxYear),
    queryFn: ({ signal }) => callApi(routes.getChecklist, { query: { taxYear }, signal }),
    staleTime: 0,
    retry: 2,
  });
}

export function useChecklist(taxYear: number, enabled = true) {
  return useQuery({ ...checklistQuery(taxYear), enabled });
}
