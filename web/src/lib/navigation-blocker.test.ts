import {
  type Location,
  NavigationType,
  UNSAFE_createBrowserHistory,
  UNSAFE_createMemoryHistory,
} from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type BlockingHistory,
  createBlockingHistory,
  type PendingNavigation,
} from './navigation-blocker';

const stopListening: (() => void)[] = [];
afterEach(() => {
  for (const stop of stopListening.splice(0)) stop();
});

/** The updates the history passes on to its listener (the router), as action and pathname. */
function listened(history: BlockingHistory): string[] {
  const seen: string[] = [];
  stopListening.push(
    history.listen(({ action, location }) => seen.push(`${action} ${location.pathname}`)),
  );
  return seen;
}

/** A blocker that holds every navigation away from the pathname it is at, and keeps them. */
function holdLeaving(history: BlockingHistory): PendingNavigation[] {
  const held: PendingNavigation[] = [];
  history.block((navigation) => {
    if (navigation.nextLocation.pathname === navigation.currentLocation.pathname) return false;
    held.push(navigation);
    return true;
  });
  return held;
}

const pathname = (location: Location) => location.pathname;

describe('createBlockingHistory over a memory history', () => {
  const memory = (...entries: string[]) =>
    createBlockingHistory(UNSAFE_createMemoryHistory({ initialEntries: entries, v5Compat: true }));

  it('passes every navigation on while no blocker is registered', () => {
    const history = memory('/a');
    const seen = listened(history);
    history.push('/b');
    history.replace('/c?x=1');
    history.go(-1);
    expect(seen).toEqual(['PUSH /b', 'REPLACE /c', 'POP /a']);
    expect(history.location.pathname).toBe('/a');
  });

  it('holds a push or replace the blocker answers true for, and makes it on retry', () => {
    const history = memory('/a');
    const seen = listened(history);
    const held = holdLeaving(history);

    history.push('/b?q=1', { from: 'a' });
    history.replace('/c');
    expect(seen).toEqual([]);
    expect(history.location.pathname).toBe('/a');
    expect(held.map(({ action }) => action)).toEqual([NavigationType.Push, NavigationType.Replace]);
    expect(held.map(({ currentLocation }) => pathname(currentLocation))).toEqual(['/a', '/a']);
    expect(held[0]?.nextLocation).toMatchObject({
      pathname: '/b',
      search: '?q=1',
      state: { from: 'a' },
    });

    held[0]?.retry();
    expect(seen).toEqual(['PUSH /b']);
    expect(history.location).toMatchObject({ pathname: '/b', state: { from: 'a' } });
  });

  it('asks the blocker about moves within the page too, which it may let through', () => {
    const history = memory('/a');
    const seen = listened(history);
    const held = holdLeaving(history);
    history.push('/a?page=2');
    expect(held).toEqual([]);
    expect(seen).toEqual(['PUSH /a']);
    expect(history.location.search).toBe('?page=2');
  });

  it('undoes a held POP without passing it on, and makes it again on retry', async () => {
    const history = memory('/a', '/b', '/c');
    const seen = listened(history);
    const held = holdLeaving(history);

    history.go(-2);
    expect(seen).toEqual([]);
    expect(history.location.pathname).toBe('/c');
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ action: NavigationType.Pop });
    expect(pathname(held[0]?.currentLocation as Location)).toBe('/c');
    expect(pathname(held[0]?.nextLocation as Location)).toBe('/a');

    held[0]?.retry();
    await vi.waitFor(() => expect(seen).toEqual(['POP /a']));
    expect(history.location.pathname).toBe('/a');
    // The retried POP was not asked about again.
    expect(held).toHaveLength(1);
    // Forward again is a new question.
    history.go(1);
    expect(held).toHaveLength(2);
    expect(history.location.pathname).toBe('/a');
  });

  it('stops asking once the blocker is removed, and keeps a later blocker when an earlier goes', () => {
    const history = memory('/a');
    const seen = listened(history);
    const first = vi.fn(() => true);
    const removeFirst = history.block(first);
    const second = vi.fn(() => true);
    const removeSecond = history.block(second);
    removeFirst();
    history.push('/b');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    removeSecond();
    history.push('/b');
    expect(seen).toEqual(['PUSH /b']);
  });

  it('compares with the location last passed on, not one a held POP left behind', () => {
    const history = memory('/a', '/b');
    listened(history);
    const held = holdLeaving(history);
    history.go(-1);
    history.push('/c');
    expect(held.map(({ currentLocation }) => pathname(currentLocation))).toEqual(['/b', '/b']);
  });
});

describe('createBlockingHistory with a preparation', () => {
  /** A history whose locations under /slow wait until their resolve in `waiting` is called. */
  function preparing() {
    const waiting = new Map<string, () => void>();
    const history = createBlockingHistory(
      UNSAFE_createMemoryHistory({ initialEntries: ['/a', '/b'], v5Compat: true }),
      {
        prepare: ({ pathname }) =>
          pathname.startsWith('/slow')
            ? new Promise<void>((resolve) => waiting.set(pathname, resolve))
            : null,
      },
    );
    return { history, waiting };
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('changes the location once the next one is ready, at once when it already is', async () => {
    const { history, waiting } = preparing();
    const seen = listened(history);
    history.push('/slow');
    await settled();
    expect(seen).toEqual([]);
    expect(history.location.pathname).toBe('/b');
    waiting.get('/slow')?.();
    await settled();
    expect(seen).toEqual(['PUSH /slow']);
    history.replace('/c');
    expect(seen).toEqual(['PUSH /slow', 'REPLACE /c']);
  });

  it('drops a navigation still waiting when another comes, or the browser moves', async () => {
    const { history, waiting } = preparing();
    const seen = listened(history);
    history.push('/slow-1');
    history.push('/c');
    waiting.get('/slow-1')?.();
    await settled();
    expect(seen).toEqual(['PUSH /c']);

    history.push('/slow-2');
    history.go(-1);
    waiting.get('/slow-2')?.();
    await settled();
    expect(seen).toEqual(['PUSH /c', 'POP /b']);
    expect(history.location.pathname).toBe('/b');
  });

  it('prepares a held navigation when the blocker lets it through', async () => {
    const { history, waiting } = preparing();
    const seen = listened(history);
    const held = holdLeaving(history);
    history.push('/slow');
    held[0]?.retry();
    await settled();
    expect(seen).toEqual([]);
    waiting.get('/slow')?.();
    await settled();
    expect(seen).toEqual(['PUSH /slow']);
  });
});

describe('createBlockingHistory over the browser history', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  /** Resolves once the browser has moved `times` times (popstate), each handled by the history. */
  const popped = (times: number) =>
    new Promise<void>((resolve) => {
      let left = times;
      const onPop = () => {
        left -= 1;
        if (left > 0) return;
        window.removeEventListener('popstate', onPop);
        setTimeout(resolve);
      };
      window.addEventListener('popstate', onPop);
    });

  it('undoes the back button while held (the address goes back to the page) and goes back on retry', async () => {
    window.history.replaceState(null, '', '/a');
    const history = createBlockingHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));
    const seen = listened(history);
    history.push('/b');
    const held = holdLeaving(history);

    // The back button: the address is /a at once, then /b again once undone.
    const undone = popped(2);
    window.history.back();
    await undone;
    expect(held).toHaveLength(1);
    expect(pathname(held[0]?.nextLocation as Location)).toBe('/a');
    expect(window.location.pathname).toBe('/b');
    expect(seen).toEqual(['PUSH /b']);

    const retried = popped(1);
    held[0]?.retry();
    await retried;
    expect(window.location.pathname).toBe('/a');
    expect(seen).toEqual(['PUSH /b', 'POP /a']);
    expect(held).toHaveLength(1);
  });
});
