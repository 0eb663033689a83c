import { act, screen } from '@testing-library/react';
import { type ComponentType, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../testing/render';
import { lazyScreen } from './route-tree';

/** The load of a screen (a paragraph of `text`, or the given one) that the test finishes. */
function deferredScreen(shown: string | ComponentType) {
  let finish: () => void = () => {};
  const Screen = typeof shown === 'string' ? () => <p>{shown}</p> : shown;
  const load = vi.fn(
    () =>
      new Promise<ComponentType>((resolve) => {
        finish = () => resolve(Screen);
      }),
  );
  return { load, finish: () => finish() };
}

/** Lets the promise callbacks and React's retry run (a load finished without a screen change). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

function Layout() {
  return (
    <section aria-label="layout">
      <Outlet />
    </section>
  );
}

/** Shown only while it is `true` (like a guard waiting for the session); set outside the router. */
const gate = (() => {
  let open = false;
  const listeners = new Set<() => void>();
  return {
    /** Whether a Gate on the page listens (it subscribes in an effect, after its first commit). */
    listened: () => listeners.size > 0,
    set(value: boolean) {
      open = value;
      for (const listener of listeners) listener();
    },
    useOpen: () =>
      useSyncExternalStore(
        (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        () => open,
      ),
  };
})();

function Gate() {
  return gate.useOpen() ? <Outlet /> : null;
}

describe('the route tree’s lazy screens', () => {
  it('loads every screen of the location at once and shows them when all are in', async () => {
    const layout = deferredScreen(Layout);
    const page = deferredScreen('page');
    renderRoutes(
      [
        {
          Component: lazyScreen(layout.load),
          children: [{ path: '/x', Component: lazyScreen(page.load) }],
        },
      ],
      { path: '/x' },
    );
    expect(layout.load).toHaveBeenCalledTimes(1);
    expect(page.load).toHaveBeenCalledTimes(1);
    page.finish();
    await settle();
    expect(screen.queryByText('page')).toBeNull();
    layout.finish();
    expect(await screen.findByText('page')).toBeTruthy();
  });

  it('keeps the screen being left on the page until the next one has loaded', async () => {
    const next = deferredScreen('next');
    const { router } = renderRoutes([
      { path: '/', Component: () => <p>first</p> },
      { path: '/next', Component: lazyScreen(next.load) },
    ]);
    expect(screen.getByText('first')).toBeTruthy();
    // Not inside act(), which would wait for the loading screen (React does as a browser).
    void router.navigate('/next');
    await vi.waitFor(() => expect(next.load).toHaveBeenCalledTimes(1));
    await settle();
    expect(screen.getByText('first').style.display).not.toBe('none');
    next.finish();
    expect(await screen.findByText('next')).toBeTruthy();
    expect(screen.queryByText('first')).toBeNull();
  });

  it('shows a screen first let through outside a navigation without hiding its layout', async () => {
    gate.set(false);
    const layout = deferredScreen(Layout);
    const page = deferredScreen('page');
    renderRoutes(
      [
        {
          Component: lazyScreen(layout.load),
          children: [
            { Component: Gate, children: [{ path: '/x', Component: lazyScreen(page.load) }] },
          ],
        },
      ],
      { path: '/x' },
    );
    page.finish();
    layout.finish();
    const shownLayout = await screen.findByRole('region', { name: 'layout' });
    // The layout's commit is seen before React has run its effects: the guard must be listening
    // before it lets the screen through, as on the page.
    await vi.waitFor(() => expect(gate.listened()).toBe(true));
    act(() => gate.set(true));
    // Rendered at once, the layout never hidden behind the (empty) fallback.
    expect(screen.getByText('page')).toBeTruthy();
    expect(shownLayout.style.display).not.toBe('none');
  });
});
