import type { AppConfig } from '@domain/app-config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/provider';
import { DEFAULT_APP_CONFIG } from '../lib/app-config';
import { SessionProvider } from '../lib/session';
import { type SeededSession, seedSession } from './data';
import { fakeServer } from './fake-server';

interface RenderOptions {
  /** The URL the memory router starts at. */
  path?: string;
  /** Signs a user in before rendering (this tab's storage and the fake identity session). */
  session?: SeededSession;
  config?: AppConfig;
}

function renderRouter(routes: RouteObject[], { path = '/', session, config }: RenderOptions) {
  if (session) {
    const user = seedSession(session);
    fakeServer.identity = {
      id: session.identityUid ?? user.firebaseUid ?? 'uid-admin',
      email: user.mail,
    };
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AppProviders env="test" config={config ?? DEFAULT_APP_CONFIG}>
        <RouterProvider router={router} />
      </AppProviders>
    </QueryClientProvider>,
  );
  return { ...result, router, user: userEvent.setup() };
}

/** Renders one component inside the providers, a memory router and the session. */
export function renderWithProviders(ui: ReactNode, options: RenderOptions = {}) {
  return renderRouter([{ path: '*', element: <SessionProvider>{ui}</SessionProvider> }], options);
}

/** Renders a route tree (e.g. the app's) starting at options.path. */
export function renderRoutes(routes: RouteObject[], options: RenderOptions = {}) {
  return renderRouter(routes, options);
}
