import { TOKEN_REFRESH_BEFORE_EXPIRY_MS } from '@domain/constants';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import {
  accessTokenState,
  clearAccessToken,
  ensureAccessToken,
  fetchAccessToken,
  onAccessTokenChange,
  onAccessTokenLost,
} from './access-token';
import { isHttpError } from './http';
import { discardInheritedIdentity, signOutIdentity, waitBeforeSignIn } from './identity-client';
import { useHydrated } from './server-rendering';
import {
  clearStoredSession,
  INACTIVITY_NOTICE,
  type LoginNotice,
  readStoredSession,
  type SessionData,
  SIGNED_OUT,
  type SignedInData,
  sessionOfOtherTab,
  storedEntries,
  writeStoredSession,
} from './session-storage';
import {
  askOtherTabs,
  listenToOtherTabs,
  tabsCanTalk,
  tellOtherTabsSignedOut,
} from './session-tabs';
import { useInactivityTimeout } from './use-inactivity-timeout';

export {
  type CorporationCustomers,
  clearStoredSession,
  INACTIVITY_NOTICE,
  type LoginNotice,
  readLoginNotice,
  readStoredSession,
  SESSION_STORAGE_KEYS,
  type SessionData,
  type SessionStatus,
  type SignedInData,
  type UserInfo,
} from './session-storage';

export type Session = SessionData & {
  /** Identity signed in, customer code still to be chosen (docs/product.md §4 Login flow 5). */
  saveIdentityOnly: (data: { identityUid: string; customerCodeList: number[] }) => void;
  /** Fully signed in: stores the user record and the names the header shows. */
  saveSignedIn: (data: SignedInData) => void;
  /** Ends the identity session and clears the stored session, staying on this screen. */
  clear: () => void;
  /** clear(), then the login screen, optionally with a notice. */
  signOut: (notice?: LoginNotice) => void;
  /**
   * The notice of the last signOut, for the login screen. Kept here, not in the navigation state,
   * because a guard may redirect to /login before signOut's own navigation has finished.
   */
  signOutNotice: LoginNotice | null;
  dismissSignOutNotice: () => void;
};

/** If a refresh fails for another reason than a lost session, try again after this long. */
const REFRESH_RETRY_MS = 60 * 1000;
/** Never refresh in a tight loop, whatever a token says about its expiry. */
const MIN_REFRESH_DELAY_MS = 30 * 1000;

function initialState(): SessionData {
  const stored = readStoredSession();
  // A tab with a stored session waits for the identity provider, a tab without one for the
  // other tabs' answer (guards show nothing meanwhile).
  if (stored.status !== 'signedOut') return { ...stored, status: 'loading' };
  return tabsCanTalk() ? { ...SIGNED_OUT, status: 'loading' } : SIGNED_OUT;
}

const SessionContext = createContext<Session | null>(null);

/** Must sit inside the router: signing out navigates to /login. */
export function SessionProvider({ children }: { children: ReactNode }) {
  // The declarative router's navigate is a new function at every location; through a ref, signOut
  // (and so the session every screen reads) stays the same from one screen to the next.
  const navigate = useNavigate();
  const latestNavigate = useRef(navigate);
  useLayoutEffect(() => {
    latestNavigate.current = navigate;
  });
  // The server renders the login screen for someone signed out, and the browser hydrates that HTML
  // only when this tab stores no session (decision 019): there the first render is signed out,
  // without reading the storage; another tab's session is asked for below.
  const hydrated = useHydrated();
  const [state, setState] = useState<SessionData>(() => (hydrated ? initialState() : SIGNED_OUT));
  const [signOutNotice, setSignOutNotice] = useState<LoginNotice | null>(null);
  /** Bumped by every save or clear, so that a slower start-up check cannot overwrite them. */
  const epoch = useRef(0);

  const apply = useCallback((next: SessionData) => {
    epoch.current += 1;
    if (next.status !== 'signedOut') setSignOutNotice(null);
    if (next.status === 'signedOut') clearStoredSession();
    else writeStoredSession(next);
    setState(next);
  }, []);

  // Start-up: confirm a stored session with the identity provider (GET /api/auth/token). A tab
  // without one takes the session of another open tab (a link opened in a new tab), or else ends
  // a cookie session left by tabs closed since (docs/product.md §4, logged out on page unload).
  useEffect(() => {
    const stored = readStoredSession();
    const startedAt = epoch.current;
    let active = true;
    const current = () => active && epoch.current === startedAt;
    // A token main.tsx fetched while the screens loaded confirms it as well.
    const confirm = (session: SessionData) =>
      ensureAccessToken().then(
        () => {
          if (!current()) return;
          if (stored.status === 'signedOut') apply(session);
          // This first shows the layout and the screen: in a transition, React renders them in
          // slices and answers input in between (decision 021). A later update still wins.
          else startTransition(() => setState(session));
        },
        () => {
          if (!current()) return;
          clearAccessToken();
          apply(SIGNED_OUT);
        },
      );
    if (stored.status !== 'signedOut') {
      void confirm(stored);
    } else {
      clearStoredSession();
      // A sign-in sent while this runs waits for it (settledSignOut): a session ended after that
      // sign-in's answer would be the new one.
      waitBeforeSignIn(
        askOtherTabs().then((sent) => {
          if (!current()) return;
          const session = sessionOfOtherTab(sent);
          if (session.status !== 'signedOut') return confirm(session);
          setState(SIGNED_OUT);
          return discardInheritedIdentity();
        }),
      );
    }
    return () => {
      active = false;
    };
  }, [apply]);

  // The other tabs of this browser: a new one takes this tab's session; a sign-out there ends
  // this tab's too (the identity session they share is gone).
  const signedIn = state.status === 'signedIn' || state.status === 'identityOnly';
  useEffect(() => {
    if (!signedIn) return;
    return listenToOtherTabs({
      session: storedEntries,
      onSignedOut: () => {
        clearAccessToken();
        apply(SIGNED_OUT);
      },
    });
  }, [signedIn, apply]);

  // Token loss (docs/product.md §4): the identity session is gone, so is the stored user.
  useEffect(() => onAccessTokenLost(() => apply(SIGNED_OUT)), [apply]);

  // docs/product.md §9: refresh the access token 5 minutes before it expires.
  useEffect(() => {
    if (!signedIn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      fetchAccessToken().catch((error: unknown) => {
        if (!isHttpError(error, 401)) timer = setTimeout(refresh, REFRESH_RETRY_MS);
      });
    };
    const schedule = () => {
      clearTimeout(timer);
      const token = accessTokenState();
      if (!token) return;
      const due = token.expiresAt - TOKEN_REFRESH_BEFORE_EXPIRY_MS - Date.now();
      timer = setTimeout(refresh, Math.max(due, MIN_REFRESH_DELAY_MS));
    };
    schedule();
    const unsubscribe = onAccessTokenChange(schedule);
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [signedIn]);

  const clear = useCallback(() => {
    clearAccessToken();
    apply(SIGNED_OUT);
    void signOutIdentity();
    tellOtherTabsSignedOut();
  }, [apply]);

  const signOut = useCallback(
    (notice?: LoginNotice) => {
      clear();
      setSignOutNotice(notice ?? null);
      latestNavigate.current(paths.login.path, { replace: true });
    },
    [clear],
  );

  const saveIdentityOnly = useCallback(
    ({ identityUid, customerCodeList }: { identityUid: string; customerCodeList: number[] }) =>
      apply({ ...SIGNED_OUT, status: 'identityOnly', identityUid, customerCodeList }),
    [apply],
  );

  const saveSignedIn = useCallback(
    (data: SignedInData) => apply({ ...data, status: 'signedIn' }),
    [apply],
  );

  // docs/product.md §4 Inactivity: one hour without an activity event signs out.
  const signOutInactive = useCallback(() => signOut(INACTIVITY_NOTICE), [signOut]);
  useInactivityTimeout(signedIn, signOutInactive);

  const dismissSignOutNotice = useCallback(() => setSignOutNotice(null), []);

  const value = useMemo<Session>(
    () => ({
      ...state,
      saveIdentityOnly,
      saveSignedIn,
      clear,
      signOut,
      signOutNotice,
      dismissSignOutNotice,
    }),
    [state, saveIdentityOnly, saveSignedIn, clear, signOut, signOutNotice, dismissSignOutNotice],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
