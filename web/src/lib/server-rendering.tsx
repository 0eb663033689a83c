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

/** The fields of the server's HTML while the browser renders the app over them, until taken. */
let serverFields: HTMLInputElement[] = [];

/**
 * Keeps the fields of the server's HTML under `root` when the browser renders the app afresh there
 * instead of hydrating it (a tab that stores a session, or arrived with a navigation's state:
 * decision 019). They stay on screen, and can be typed into, until that render replaces them with
 * new, empty fields: what the person typed is read from them then (takeTypedBeforeScripts).
 */
export function keepTypedBeforeScripts(root: HTMLElement): void {
  serverFields = [...root.querySelectorAll<HTMLInputElement>('input[name]')];
}

/**
 * What the server's fields that the app has replaced hold, by name, taken once: the fields are let
 * go then (they hold the whole detached server page), and a later screen finds none.
 */
export function takeTypedBeforeScripts(): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const field of serverFields) if (!field.isConnected) typed[field.name] = field.value;
  serverFields = [];
  return typed;
}

/** Forgets the server's fields kept by a test (called after each test by setup-tests.ts). */
export function forgetTypedBeforeScriptsForTests(): void {
  serverFields = [];
}
