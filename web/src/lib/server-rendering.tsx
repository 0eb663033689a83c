// The login screen arrives as HTML the server rendered from these components, and the browser
// hydrates it (decision 019). For React to take that HTML over, the browser's first render must
// give the same markup as the server's: this says when a component is in that first render.
import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False on the server and in the browser's hydrating render, true in every other render (a page
 * the browser renders itself is true from its first render): what only a running browser can show
 * (a stored session, the viewport's layout, a button that needs the script) waits for this. React
 * renders again, at once, after the hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
