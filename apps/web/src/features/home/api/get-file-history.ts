import { useQuery } from '@tanstack/react-query';
import type { FileVersionEntry } from '@taxli/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/files/{id}/history: every version of one document, for the dashboard's file list. */
export function useFileHistory(fileId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.fileHistory(fileId ?? 0),
    queryFn: ({ signal }) => api.get<FileVersionEntry[]>(`/api/files/${fileId}/history`, { signal }),
    enabled: fileId !== undefined,
    staleTime: 0,
  });
}
