import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  type Blocker,
  type BlockerFunction,
  unstable_HistoryRouter as HistoryRouter,
  type HistoryRouterProps,
  type Location,
  NavigationType,
  parsePath,
  type To,
  useLocation,
} from 'react-router';

// React Router's useBlocker needs its data router, whose code is 15 KB gzip more in every screen's
// first load than the declarative router's (decision 013, size budgets). The app's router is the
// declarative one over a history that this module wraps: its navigations ask a blocker first, as
// the data router does inside.

/** The browser's or a test's history, as React Router's routers take it. */
export type History = HistoryRouterProps['history'];

/** A navigation a blocker is asked about; `retry` lets it through later. */
export interface PendingNavigation {
  action: NavigationType;
  currentLocation: Location;
  nextLocation: Location;
  retry(): void;
}

/** Answers true to hold the navigation (and calls its retry() if the person leaves after all). */
export type NavigationHold = (navigation: PendingNavigation) => boolean;

/** A history whose navigations a blocker may hold. */
export interface BlockingHistory extends History {
  /** Makes `hold` the blocker (one at a time: a later one replaces it); returns its removal. */
  block(hold: NavigationHold): () => void;
}

/**
 * What must be ready before a push or replace to a location is made: a promise to wait for, or
 * null when nothing is missing (the router's lazy screens, route-tree.tsx).
 */
export type NavigationPreparation = (location: Location) => Promise<unknown> | null;

/**
 * Wraps a history so that a registered blocker may hold its navigations. A push or replace is not
 * made while held; a POP (the browser's back and forward buttons) has already moved the address,
 * so it is undone (history.go back by its delta, that move not passed on) and made again on
 * retry, as the data router does. With `prepare`, a push or replace is made once its location is
 * ready, so the address changes when the next screen can show (the data router waited for its
 * lazy routes too); a later navigation drops one still waiting.
 */
export function createBlockingHistory(
  history: History,
  { prepare }: { prepare?: NavigationPreparation } = {},
): BlockingHistory {
  let hold: NavigationHold | null = null;
  /** Bumped by every navigation, so that only the latest waiting one is made. */
  let latest = 0;
  /** The location last passed on to the router (a browser history already shows a popped one). */
  let current = history.location;
  /** While a held POP is undone: that move is not passed on, and ends the wait of its retry. */
  let undoing: (() => void) | null = null;
  /** A POP let through by retry(): not asked about again. */
  let passing = false;

  const held = (action: NavigationType, nextLocation: Location, retry: () => void) =>
    hold?.({ action, currentLocation: current, nextLocation, retry }) ?? false;
  /** Where a push or replace would go (the router passes absolute paths; the key comes later). */
  const locationOf = (to: To, state: unknown): Location => ({
    pathname: current.pathname,
    search: '',
    hash: '',
    ...(typeof to === 'string' ? parsePath(to) : to),
    state: state ?? null,
    key: 'pending',
  });

  /** Makes a push or replace once its location is ready, unless another navigation came first. */
  const whenReady = (next: Location, navigate: () => void) => {
    latest += 1;
    const ticket = latest;
    const preparing = prepare?.(next);
    if (!preparing) return navigate();
    void preparing.finally(() => {
      if (ticket === latest) navigate();
    });
  };
  // The router calls push and replace unbound (useNavigate), so these are closures.
  const push = (to: To, state?: unknown) => {
    const next = locationOf(to, state);
    const navigate = () => history.push(to, state);
    if (held(NavigationType.Push, next, () => whenReady(next, navigate))) return;
    whenReady(next, navigate);
  };
  const replace = (to: To, state?: unknown) => {
    const next = locationOf(to, state);
    const navigate = () => history.replace(to, state);
    if (held(NavigationType.Replace, next, () => whenReady(next, navigate))) return;
    whenReady(next, navigate);
  };

  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    push,
    replace,
    go: (delta) => history.go(delta),
    listen: (listener) =>
      history.listen((update) => {
        if (undoing) {
          undoing();
          undoing = null;
          return;
        }
        // A move of the browser's own (back, forward) wins over a push or replace still waiting.
        if (update.action === NavigationType.Pop) latest += 1;
        const { delta } = update;
        // A POP from an entry the router did not make has no delta; it cannot be undone.
        if (update.action === NavigationType.Pop && !passing && delta !== null && delta !== 0) {
          let undone: () => void = () => {};
          const undo = new Promise<void>((resolve) => {
            undone = resolve;
          });
          const retry = () => {
            void undo.then(() => {
              passing = true;
              history.go(delta);
            });
          };
          if (held(NavigationType.Pop, update.location, retry)) {
            undoing = undone;
            history.go(-delta);
            return;
          }
        }
        passing = false;
        current = update.location;
        listener(update);
      }),
    block(next) {
      hold = next;
      return () => {
        if (hold === next) hold = null;
      };
    },
  };
}

const BlockingHistoryContext = createContext<BlockingHistory | null>(null);

/** React Router's declarative router over a blocking history, which useBlocker reaches. */
export function BlockingRouter({
  history,
  children,
}: {
  history: BlockingHistory;
  children: ReactNode;
}) {
  return (
    <BlockingHistoryContext.Provider value={history}>
      <HistoryRouter history={history}>{children}</HistoryRouter>
    </BlockingHistoryContext.Provider>
  );
}

const UNBLOCKED: Blocker = {
  state: 'unblocked',
  proceed: undefined,
  reset: undefined,
  location: undefined,
};

/**
 * React Router's useBlocker for the declarative router (BlockingRouter): holds the navigations
 * `shouldBlock` answers true for; the returned blocker is 'blocked' until proceed() (the
 * navigation goes on) or reset() (it is dropped). One per router at a time.
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const history = useContext(BlockingHistoryContext);
  if (!history) throw new Error('useBlocker must be used inside <BlockingRouter>');
  const { key } = useLocation();
  const [blocker, setBlocker] = useState<{ at: string; blocker: Blocker } | null>(null);
  const ask = useRef(shouldBlock);
  /** The location the page shows (the router's may be ahead while a screen loads). */
  const shown = useRef(key);
  useLayoutEffect(() => {
    ask.current = shouldBlock;
    shown.current = key;
  });

  useEffect(
    () =>
      history.block(({ action, currentLocation, nextLocation, retry }) => {
        if (!ask.current({ currentLocation, nextLocation, historyAction: action })) return false;
        const at = shown.current;
        setBlocker({
          at,
          blocker: {
            state: 'blocked',
            location: nextLocation,
            proceed: () => {
              setBlocker({
                at,
                blocker: {
                  state: 'proceeding',
                  location: nextLocation,
                  proceed: undefined,
                  reset: undefined,
                },
              });
              retry();
            },
            reset: () => setBlocker(null),
          },
        });
        return true;
      }),
    [history],
  );

  // A navigation that went through (the one let go, or another) ends the hold, as in the data
  // router.
  return blocker?.at === key ? blocker.blocker : UNBLOCKED;
}
