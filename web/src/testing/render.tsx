import type { AppConfig } from '@domain/app-config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { type Location, type RouteObject, type To, UNSAFE_createMemoryHistory } from 'react-router';
import { AppProviders } from '../app/provider';
import { RouteTree } from '../app/route-tree';
import { DEFAULT_APP_CONFIG } from '../lib/app-config';
import { BlockingRouter, createBlockingHistory } from '../lib/navigation-blocker';
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

/** The router as a test drives it: the location shown, and moves as by the address bar. */
export interface TestRouter {
  /** `location`: where the router is (a move's screen may still be loading; findBy… waits). */
  readonly state: { readonly location: Location };
  /** A move as a link or the app would make it (a number: the history's back or forward). */
  navigate(to: To | number, options?: { replace?: boolean; state?: unknown }): Promise<void>;
}

function renderRouter(routes: RouteObject[], { path = '/', session, config }: RenderOptions) {
  if (session) {
    const user = seedSession(session);
    fakeServer.identity = {
      id: session.identityUid ?? user.firebaseUid ?? 'uid-admin',
      email: user.mail,
    };
  }
  // The app's router (app/router.tsx) over a memory history in place of the browser's: what
  // MemoryRouter is, with the blocker of unsaved changes (navigation-blocker.tsx) in its way.
  const history = createBlockingHistory(
    UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }),
  );
  const router: TestRouter = {
    state: {
      get location() {
        return history.location;
      },
    },
    navigate: async (to, options = {}) => {
      if (typeof to === 'number') history.go(to);
      else if (options.replace) history.replace(to, options.state);
      else history.push(to, options.state);
    },
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AppProviders env="test" config={config ?? DEFAULT_APP_CONFIG}>
        <BlockingRouter history={history}>
          <RouteTree routes={routes} />
        </BlockingRouter>
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
