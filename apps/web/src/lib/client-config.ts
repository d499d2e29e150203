import { useQuery } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { callApi } from './api-client';

/** GET /api/config. Debug tools only when the server says so; any failure means "no". */
export async function hasDebugTools(signal?: AbortSignal): Promise<boolean> {
  try {
    const config = await callApi(routes.clientConfig, { signal });
    return config?.debugTools === true;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return false;
  }
}

/** `enabled: false` asks nothing (e.g. for someone who is not an admin) and answers false. */
export function useDebugToolsEnabled(enabled = true): boolean {
  const query = useQuery({
    enabled,
    queryKey: ['client-config', 'debug-tools'],
    queryFn: ({ signal }) => hasDebugTools(signal),
    staleTime: Infinity,
    retry: false,
  });
  return query.data === true;
}
