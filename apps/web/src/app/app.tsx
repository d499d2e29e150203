import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { LazyToaster } from '../components/ui/lazy-toaster';
import type { AppRouter } from './router';

/** The whole app; main.tsx gives it the query client and the router, which have started the session and the page. */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <LazyToaster />
    </QueryClientProvider>
  );
}
