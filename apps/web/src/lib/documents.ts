import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from './api-client';
import { queryKeys } from './query-keys';

/** The year's documents (latest version each); never stale, two retries (part 1 §9). */
export function useFiles(taxYear: number) {
  return useQuery({
    queryKey: queryKeys.files(taxYear),
    queryFn: ({ signal }) => callApi(routes.listFiles, { query: { taxYear }, signal }),
    staleTime: 0,
    retry: 2,
  });
}

/** GET /api/files/{id}/history: every version of one document (the version dialog of the dashboard and File History). */
export function useFileHistory(fileId: number) {
  return useQuery({
    queryKey: queryKeys.fileHistory(fileId),
    queryFn: ({ signal }) => callApi(routes.fileHistory, { params: { id: fileId }, signal }),
    staleTime: 0,
  });
}

/**
 * Categories for the year; 5 minutes fresh, three retries. Callers read a failure as an empty list
 * (part 1 §7) and the dashboard also says so ('Failed to fetch document categories: {status}').
 */
export const categoriesQuery = (taxYear: number, mode: 'basic' | 'all' = 'basic') =>
  queryOptions({
    queryKey: queryKeys.categories(taxYear, mode),
    queryFn: ({ signal }) => callApi(routes.documentCategories, { query: { taxYear, mode }, signal }),
    staleTime: 5 * 60_000,
    retry: 3,
  });

export function useDocumentCategories(taxYear: number, mode: 'basic' | 'all' = 'basic') {
  return useQuery(categoriesQuery(taxYear, mode));
}

