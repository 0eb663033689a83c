import { CONFIG_DEFAULTS } from '@domain/config-defaults';
import { activityReportEveryMs, warningLeadMs } from '@domain/session-lifetime';
import { useEffect, useMemo, useRef } from 'react';
import { useAppConfig } from './app-config';
import { announceLeaving, reportActivity } from './session-lifetime-client';
import { listenToOtherTabs, tellOtherTabs } from './session-tabs';
import { type InactivityWarning, useInactivityTimeout } from './use-inactivity-timeout';

/** Reports at most one activity every `everyMs`, and the last one of a busy stretch at its end. */
function throttled(everyMs: number, send: () => void) {
  let lastSent = 0;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  const sendNow = () => {
    clearTimeout(trailing);
    trailing = undefined;
    lastSent = Date.now();
    send();
  };
  return {
    note() {
      const since = Date.now() - lastSent;
      if (since >= everyMs) sendNow();
      else trailing ??= setTimeout(sendNow, everyMs - since);
    },
    now: sendNow,
    stop: () => clearTimeout(trailing),
  };
}

/**
 * The session's lifetime as the screen keeps it (docs/product.md §4 Inactivity; decision 034):
 * the hour without activity with its warning, the activity told to the server (throttled) and to
 * the other tabs, and the page's leaving announced as it is hidden for good, so that closing the
 * last tab ends the session on the server too, while a reload takes it back at its start.
 */
export function useSessionLifetime(
  signedIn: boolean,
  { onIdle, onEnded }: { onIdle: () => void; onEnded: () => void },
): InactivityWarning {
  const { session } = useAppConfig();
  const idleMs = (session?.idleMinutes ?? CONFIG_DEFAULTS.sessionIdleMinutes) * 60_000;
  const graceMs = (session?.leaveGraceSeconds ?? CONFIG_DEFAULTS.sessionLeaveGraceSeconds) * 1000;
  const ended = useRef(onEnded);
  useEffect(() => {
    ended.current = onEnded;
  }, [onEnded]);

  const reporter = useMemo(
    () =>
      throttled(activityReportEveryMs(idleMs), () => {
        tellOtherTabs({ type: 'active' });
        void reportActivity().then((state) => {
          if (state === 'ended') ended.current();
        });
      }),
    [idleMs],
  );
  const warning = useInactivityTimeout(signedIn, onIdle, idleMs, {
    warnBeforeMs: warningLeadMs(idleMs),
    onActivity: reporter.note,
  });
  const { noteActivityElsewhere } = warning;

  useEffect(() => {
    if (!signedIn) return;
    // A reloaded page takes back the session its previous page announced it would leave.
    reporter.now();
    let confirm: ReturnType<typeof setTimeout> | undefined;
    const leave = (event: PageTransitionEvent) => {
      announceLeaving();
      tellOtherTabs({ type: 'leaving' });
      // Kept in the browser's back-forward cache: coming back is a page shown again, below.
      if (!event.persisted) reporter.stop();
    };
    const shownAgain = (event: PageTransitionEvent) => {
      if (event.persisted) reporter.now();
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', shownAgain);
    const stopListening = listenToOtherTabs({
      session: () => null,
      onSignedOut: () => {},
      // Another tab closed: this one is still open, and says so within the grace. Not at once:
      // its leave may reach the server after this tab's answer would have.
      onLeaving: () => {
        clearTimeout(confirm);
        confirm = setTimeout(reporter.now, graceMs / 4);
      },
      onActive: noteActivityElsewhere,
    });
    return () => {
      clearTimeout(confirm);
      reporter.stop();
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', shownAgain);
      stopListening();
    };
  }, [signedIn, reporter, graceMs, noteActivityElsewhere]);

  const { stayActive } = warning;
  return useMemo(
    () => ({
      ...warning,
      // 「ログインを続ける」: the server's deadline moves at once, not at the next report.
      stayActive: () => {
        stayActive();
        reporter.now();
      },
    }),
    [warning, stayActive, reporter],
  );
}
