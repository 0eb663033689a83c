// The login screen arrives as HTML the server rendered from these components, and the browser
// hydrates it (decision 019). For React to take that HTML over, the browser's first render must
// give the same markup as the server's: these say when a component is in that first render.
import { createContext, useContext, useSyncExternalStore } from 'react';

const ServerRenderedContext = createContext(false);

/**
 * Around the app when it renders on the server or hydrates the server's HTML. The first render
 * then assumes no stored session (the browser hydrates only when it has none).
 */
export const ServerRenderedProvider = ServerRenderedContext.Provider;

/** Whether the app started from the server's HTML (see ServerRenderedProvider). */
export const useServerRendered = (): boolean => useContext(ServerRenderedContext);

const subscribeToNothing = () => () => {};

/**
 * False on the server and in the browser's hydrating render, true in every other render: what
 * only a running browser can show (the viewport's layout, a button that needs the script) waits
 * for this. React renders again, at once, after the hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
