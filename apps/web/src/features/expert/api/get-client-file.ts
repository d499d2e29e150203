import { useQuery } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/expert/returns/:userId/:taxYear: the client file (each read is audited on the server). */
export function useClientFile(userId: number, taxYear: number) {
  return useQuery({
    queryKey: queryKeys.expertClientFile(userId, taxYear),
    queryFn: ({ signal }) => callApi(routes.expertClientFile, { params: { userId, taxYear }, signal }),
  });
}
