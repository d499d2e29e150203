import { QueryClient } from '@tanstack/react-query';

/** Defaults of part 1 §9: no retries unless a query says so, no refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
