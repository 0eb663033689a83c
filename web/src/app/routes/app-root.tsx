import { Outlet } from 'react-router';
import { SessionProvider } from '../../lib/session';

/** Root of every screen: the session needs the router, as signing out navigates. */
export function AppRoot() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}
