import { type ComponentType, Suspense } from 'react';
import { type Location, matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './routes/route-error';

// The screens load lazily, each in its own chunk (decision 013, size budgets), and the routes show
// once every screen the location matches has loaded, fetched side by side: what the data router's
// `lazy` routes did. With React.lazy a screen would be fetched only once its layout had rendered,
// and would suspend on its first render even with its chunk loaded: a screen first shown outside a
// navigation (a guard letting it through once the session is known) would blank the layout
// already on the page for a moment.

/** A lazy screen's state: its component once loaded, else the loading to wait for (started). */
type ScreenState = ComponentType | Promise<void>;

/** Each lazy screen's state by its route Component (that of a failed load throws the failure). */
const screenStates = new WeakMap<ComponentType, () => ScreenState>();

/**
 * A route's Component that loads `load` (a dynamic import) on first use. While loading it
 * suspends by throwing the loading, as React.lazy does (use() would too, but React does not resume
 * a render suspended by use() inside a test's act()). A failed load stays failed: the route error
 * boundary shows it until the page is reloaded.
 */
export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  let screen: ComponentType | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<void> | undefined;
  const state = (): ScreenState => {
    if (screen) return screen;
    if (failure) throw failure.error;
    loading ??= load().then(
      (loaded) => {
        screen = loaded;
      },
      (error: unknown) => {
        failure = { error };
      },
    );
    return loading;
  };
  function LazyScreen() {
    const Screen = state();
    if (Screen instanceof Promise) throw Screen;
    return <Screen />;
  }
  screenStates.set(LazyScreen, state);
  return LazyScreen;
}

/** The loadings still to wait for before the location's routes can show (each started). */
function screensLoading(routes: RouteObject[], location: string | Partial<Location>) {
  const loading: Promise<void>[] = [];
  for (const { route } of matchRoutes(routes, location) ?? []) {
    const state = route.Component ? screenStates.get(route.Component)?.() : undefined;
    if (state instanceof Promise) loading.push(state);
  }
  return loading;
}

/**
 * The loading of a location's lazy screens still under way (started now if not yet), or null once
 * they have all loaded: the router's history waits for it before it changes the address (router.tsx).
 */
export function screensOfLocation(
  routes: RouteObject[],
  location: string | Partial<Location>,
): Promise<unknown> | null {
  const loading = screensLoading(routes, location);
  return loading.length > 0 ? Promise.all(loading) : null;
}

/**
 * Loads the lazy screens of a location: the server before it renders a screen's HTML, the browser
 * before it hydrates that HTML (docs/decisions/019). Rejects if one fails to load.
 */
export async function loadScreens(
  routes: RouteObject[],
  location: string | Partial<Location>,
): Promise<void> {
  await Promise.all(screensLoading(routes, location));
  // A failed load's loading settles without the error; its state throws it.
  for (const { route } of matchRoutes(routes, location) ?? []) {
    if (route.Component) screenStates.get(route.Component)?.();
  }
}

/** The routes of the location, once all their lazy screens have loaded. */
function LoadedRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const loading = screensLoading(routes, location);
  if (loading.length > 0) throw Promise.all(loading);
  return useRoutes(routes, location);
}

/**
 * The route tree of a router: nothing until the location's screens have loaded (a navigation keeps
 * the screen it leaves meanwhile, as router updates are transitions), RouteError if a screen fails.
 */
export function RouteTree({ routes }: { routes: RouteObject[] }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>
        <LoadedRoutes routes={routes} />
      </Suspense>
    </RouteErrorBoundary>
  );
}
