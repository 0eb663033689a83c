import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/provider';
import { loadScreens, screensOfLocation } from './app/route-tree';
import { AppRouter } from './app/router';
import { routes } from './app/routes';
import { paths } from './config/paths';
import { fetchAccessToken } from './lib/access-token';
import { keepTypedBeforeScripts } from './lib/server-rendering';
import { readStoredSession } from './lib/session-storage';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);

/**
 * Whether the page holds the server's HTML of this very screen as this tab would render it first
 * (decision 019): the server renders it for someone signed out who arrived without a navigation's
 * state (a notice, the page to return to). Otherwise the browser renders the app afresh.
 */
function hydratable(root: HTMLElement): boolean {
  const state: unknown = window.history.state;
  const navigationState =
    typeof state === 'object' && state !== null && 'usr' in state ? state.usr : undefined;
  return (
    root.dataset.serverRendered === window.location.pathname &&
    readStoredSession().status === 'signedOut' &&
    navigationState == null
  );
}

if (hydratable(container)) {
  // The screen's chunks first: a hydration that suspended would keep the server's HTML unused.
  // In a transition, React hydrates in slices and lets the browser answer input in between.
  void loadScreens(routes, window.location.pathname).then(
    () => startTransition(() => void hydrateRoot(container, app)),
    () => createRoot(container).render(app),
  );
} else {
  keepTypedBeforeScripts(container);
  const stored = readStoredSession();
  if (stored.userInfo && window.location.pathname === paths.orders.path) {
    // The orders screen's first search goes out as soon as the token is there, beside the
    // screen's chunks, and the screen takes its answer (decision 021): the lines, the screen's
    // largest paint, no longer wait a round trip after the screen has loaded. Its small chunk is
    // asked for first, ahead of the screen's many.
    const { userInfo } = stored;
    const { search } = window.location;
    void import('./features/orders/api/search-ahead').then(
      ({ searchOrdersAhead }) => searchOrdersAhead(search, userInfo),
      () => undefined,
    );
  }
  if (stored.status !== 'signedOut') {
    // A tab that stores a session needs an access token before any screen can ask for its data:
    // asked for now, it arrives while the screens' chunks load instead of after them. The session
    // provider confirms the stored session with it (or ends it on a 401).
    void fetchAccessToken().catch(() => undefined);
    // The address's screens start loading now too, beside the providers' own lazy parts, instead
    // of once the first render reaches the routes. (Signed out, the tab goes to the login screen.)
    void screensOfLocation(routes, window.location.pathname);
  }
  // In a transition, React renders the app in slices and the browser answers input in between.
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
