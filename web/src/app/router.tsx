import { UNSAFE_createBrowserHistory } from 'react-router';
import {
  type BlockingHistory,
  BlockingRouter,
  createBlockingHistory,
} from '../lib/navigation-blocker';
import { RouteTree, screensOfLocation } from './route-tree';
import { routes } from './routes';

// The declarative router, not the data router (createBrowserRouter), which would add 15 KB gzip to
// every screen's first load (decision 013, size budgets). v5Compat: a push or replace is passed to
// the router too, as BrowserRouter does.
let browserHistory: BlockingHistory | undefined;

/** The browser's history, made on first use: this module also loads on the server (decision 019). */
function theBrowserHistory(): BlockingHistory {
  // The address changes once the next screen has loaded; the old screen stays meanwhile.
  browserHistory ??= createBlockingHistory(UNSAFE_createBrowserHistory({ v5Compat: true }), {
    prepare: (location) => screensOfLocation(routes, location),
  });
  return browserHistory;
}

/** The app's routes; the server passes a history of the one location it renders. */
export function AppRouter({ history }: { history?: BlockingHistory }) {
  return (
    <BlockingRouter history={history ?? theBrowserHistory()}>
      <RouteTree routes={routes} />
    </BlockingRouter>
  );
}
