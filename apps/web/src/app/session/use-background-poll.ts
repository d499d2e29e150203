import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

type Poll<T> = (signal: AbortSignal) => Promise<T>;

/**
 * Refreshes a query every `intervalMs` with a request marked as background, so that the poll does
 * not keep an idle session alive (D13). React Query's own refetchInterval cannot tell its queryFn
 * that a fetch is a poll, hence this small timer. A failed poll keeps the last answer; a poll still
 * running when the component goes away is aborted, so it cannot write into a cache cleared at logout.
 */
export function useBackgroundPoll<T>(queryKey: QueryKey, poll: Poll<T>, intervalMs: number, enabled = true): void {
  const queryClient = useQueryClient();
  const latest = useRef({ queryKey, poll });
  useEffect(() => {
    latest.current = { queryKey, poll };
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const timer = window.setInterval(() => {
      const { queryKey: key, poll: run } = latest.current;
      run(controller.signal).then(
        (data) => {
          if (!controller.signal.aborted) queryClient.setQueryData(key, data);
        },
        () => undefined,
      );
    }, intervalMs);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [enabled, intervalMs, queryClient]);
}
