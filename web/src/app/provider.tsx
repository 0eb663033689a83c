import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import 'dayjs/locale/ja';
import type { AppConfig } from '@domain/app-config';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { AppConfigProvider } from '../lib/app-config';
import { mayAskAgain } from '../lib/http';
import { theme } from './theme';

dayjs.locale('ja');

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

export function AppProviders({
  children,
  config,
  queryClient,
  env = 'default',
}: {
  children: ReactNode;
  /** Tests pass these; the app reads the embedded configuration. */
  config?: AppConfig;
  queryClient?: QueryClient;
  env?: 'default' | 'test';
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <AppConfigProvider config={config}>
      <QueryClientProvider client={client}>
        <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
          {/* docs/product.md §9: the date picker week starts on Monday. */}
          <DatesProvider settings={{ locale: 'ja', firstDayOfWeek: 1 }}>
            <Notifications position="bottom-right" />
            {children}
          </DatesProvider>
        </MantineProvider>
      </QueryClientProvider>
    </AppConfigProvider>
  );
}
