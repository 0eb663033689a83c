import { UNSAFE_createBrowserHistory } from 'react-router';
import { BlockingRouter, createBlockingHistory } from '../lib/navigation-blocker';
import { RouteTree } from './route-tree';
import { routes } from './routes';

// The declarative router, not the data router (createBrowserRouter), which would add 15 KB gzip to
// every screen's first load (decision 013, size budgets). v5Compat: a push or replace is passed to
// the router too, as BrowserRouter does.
const history = createBlockingHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));

export function AppRouter() {
  return (
    <BlockingRouter history={history}>
      <RouteTree routes={routes} />
    </BlockingRouter>
  );
}
