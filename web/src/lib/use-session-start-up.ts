import { type RefObject, startTransition, useEffect } from 'react';
import { clearAccessToken, ensureAccessToken } from './access-token';
import { discardInheritedIdentity, waitBeforeSignIn } from './identity-client';
import { tabWaitsForSecondFactor } from './second-factor-waiting';
import {
  clearStoredSession,
  readStoredSession,
  type SessionData,
  SIGNED_OUT,
  sessionOfOtherTab,
} from './session-storage';
import { askOtherTabs } from './session-tabs';

/**
 * Start-up: confirm a stored session with the identity provider (GET /api/auth/token). A tab
 * without one takes the session of another open tab (a link opened in a new tab), or else ends a
 * cookie session left by tabs closed since (docs/product.md §4, logged out on page unload).
 * `epoch` is bumped by every save or clear, so that this slower check cannot overwrite them.
 */
export function useSessionStartUp({
  apply,
  setState,
  epoch,
}: {
  apply: (next: SessionData) => void;
  setState: (next: SessionData) => void;
  epoch: RefObject<number>;
}): void {
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
          if (tabWaitsForSecondFactor()) return;
          return discardInheritedIdentity();
        }),
      );
    }
    return () => {
      active = false;
    };
  }, [apply, setState, epoch]);
}
