// Mantine's styles in its cascade layer (`@layer mantine`), so that they lose to the app's own
// styles whatever order the chunks load in. The first load has only the base and the components of
// the screens before sign-in; the signed-in layout loads the rest (decision 013: size budgets).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import './global.css';
import 'dayjs/locale/ja';
import type { AppConfig } from '@domain/app-config';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { AppConfigProvider } from '../lib/app-config';
import { mayAskAgain } from '../lib/http';
import { theme } from './theme';

dayjs.locale('ja');

// The toasts' container and styles load after the first screen (notifications.show() keeps what is
// shown before in its store).
const Notifications = lazy(() => import('./notifications'));

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
            <Suspense fallback={null}>
              <Notifications />
            </Suspense>
            {children}
          </DatesProvider>
        </MantineProvider>
      </QueryClientProvider>
    </AppConfigProvider>
  );
}
