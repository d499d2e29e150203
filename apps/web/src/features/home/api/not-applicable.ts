import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { routes, type ChecklistResponse } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

interface Item {
  taxYear: number;
  categoryId: number;
}

/**
 * The answer is the year's checklist after the change: it replaces the cached one. Marking the last
 * open item may have moved the status 2 → 3 (undoing, back): the status, the user (which carries it)
 * and the bell's notices are read again, as after a document change.
 */
async function applyAnswer(queryClient: QueryClient, answer: ChecklistResponse): Promise<void> {
  queryClient.setQueryData(queryKeys.checklist(answer.taxYear), answer);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.taxStatus(answer.taxYear) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.user() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  ]);
}

/** PUT /api/checklist/{taxYear}/items/{categoryId}/not-applicable with the person's reason. */
export function useMarkNotApplicable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taxYear, categoryId, reason }: Item & { reason: string }) =>
      callApi(routes.markNotApplicable, { params: { taxYear, categoryId }, body: { reason } }),
    onSuccess: (answer) => applyAnswer(queryClient, answer),
  });
}

/** DELETE /api/checklist/{taxYear}/items/{categoryId}/not-applicable */
export function useUndoNotApplicable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taxYear, categoryId }: Item) => callApi(routes.unmarkNotApplicable, { params: { taxYear, categoryId } }),
    onSuccess: (answer) => applyAnswer(queryClient, answer),
  });
}
