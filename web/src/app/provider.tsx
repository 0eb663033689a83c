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
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import './global.css';
import type { AppConfig } from '@domain/app-config';
import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { AppConfigProvider } from '../lib/app-config';
import { theme } from './theme';

// The toasts' container and styles load after the first screen (notifications.show() keeps what is
// shown before in its store).
const Notifications = lazy(() => import('./notifications'));

export function AppProviders({
  children,
  config,
  env = 'default',
}: {
  children: ReactNode;
  /** The server and tests pass this; the app reads the embedded configuration. */
  config?: AppConfig;
  env?: 'default' | 'test';
}) {
  // The query client is not here: the screens that use it bring it (query-provider.tsx).
  return (
    <AppConfigProvider config={config}>
      <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
        <Suspense fallback={null}>
          <Notifications />
        </Suspense>
        {children}
      </MantineProvider>
    </AppConfigProvider>
  );
}
