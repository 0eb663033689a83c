import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { mayAskAgain } from '../lib/http';

// TanStack Query, the app's reads and writes, is not in the first load: the login screen needs
// none of it (decision 013, size budgets). routes.tsx loads this module with every other screen
// (withQueries) and puts the screen inside QueryProvider.

/** How often a failed read is tried again: three times, unless the answer was final (a 404). */
const READ_RETRIES = 3;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < READ_RETRIES && mayAskAgain(error),
      },
    },
  });
}

/** One client for the tab's life, whichever screen loads it first (its cache outlives screens). */
let appQueryClient: QueryClient | undefined;

/** Its children inside the app's query client, or inside the one already around them (tests). */
export function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  appQueryClient ??= createQueryClient();
  return <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>;
}
