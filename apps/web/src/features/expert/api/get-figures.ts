import { useQuery } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/expert/returns/:userId/:taxYear/figures: the figures read from the year's documents (issue 29). */
export function useFigures(userId: number, taxYear: number) {
  return useQuery({
    queryKey: queryKeys.expertFigures(userId, taxYear),
    queryFn: ({ signal }) => callApi(routes.expertFigures, { params: { userId, taxYear }, signal }),
  });
}
