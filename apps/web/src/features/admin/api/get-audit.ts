import { useInfiniteQuery } from '@tanstack/react-query';
import { routes, type AuditFilter } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** The filters of the audit card, as the form holds them (empty: not filtered). */
export type AuditFilters = Omit<AuditFilter, 'cursor'>;

/** GET /api/admin/audit: the trail newest first, a page at a time (each page's nextCursor asks for the older one). */
export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ pageParam, signal }) => callApi(routes.adminAudit, { query: { ...filters, cursor: pageParam }, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    retry: false,
  });
}
