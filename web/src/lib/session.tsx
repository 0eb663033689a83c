import {
  createContext,
  type ReactNode,
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
import { clearAccessToken, onAccessTokenLost } from './access-token';
import { forgetChosenCustomer } from './chosen-customer';
import { signOutIdentity } from './identity-client';
import { useHydrated } from './server-rendering';
import {
  clearStoredSession,
  INACTIVITY_NOTICE,
  type LoginNotice,
  readStoredSession,
  type SessionData,
  SIGNED_OUT,
  type SignedInData,
  storedEntries,
  writeStoredSession,
} from './session-storage';
import { listenToOtherTabs, tabsCanTalk, tellOtherTabsSignedOut } from './session-tabs';
import type { InactivityWarning } from './use-inactivity-timeout';
import { useSessionLifetime } from './use-session-lifetime';
import { useSessionStartUp } from './use-session-start-up';
import { useTokenRefresh } from './use-token-refresh';

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
  /** The warning before the sign-out for inactivity, and the way to stay signed in. */
  inactivity: Pick<InactivityWarning, 'warningEndsAt' | 'stayActive'>;
};

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
    if (next.status === 'signedOut') {
      clearStoredSession();
      forgetChosenCustomer();
    } else writeStoredSession(next);
    setState(next);
  }, []);

  useSessionStartUp({ apply, setState, epoch });

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

  useTokenRefresh(signedIn);

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

  // docs/product.md §4 Inactivity: one hour without an activity event signs out, after a warning;
  // the server ends its session by the same rule, and when the last tab closes (decision 034).
  const signOutInactive = useCallback(() => signOut(INACTIVITY_NOTICE), [signOut]);
  const inactivity = useSessionLifetime(signedIn, {
    onIdle: signOutInactive,
    onEnded: signOutInactive,
  });

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
      inactivity,
    }),
    [
      state,
      saveIdentityOnly,
      saveSignedIn,
      clear,
      signOut,
      signOutNotice,
      dismissSignOutNotice,
      inactivity,
    ],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
