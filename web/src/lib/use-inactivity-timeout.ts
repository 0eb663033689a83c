import { ACTIVITY_EVENTS, INACTIVITY_TIMEOUT_MS } from '@domain/constants';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

export interface InactivityWarning {
  /** When the warning shows: the time of the sign-out (ms since the epoch); null otherwise. */
  warningEndsAt: number | null;
  /** The person chose to stay: the hour starts again and the warning closes. */
  stayActive: () => void;
  /**
   * Activity in another tab of the portal: the hour starts again here too, and a warning here
   * closes (the person is at the computer; this tab's countdown would sign that tab out too).
   */
  noteActivityElsewhere: () => void;
}

/**
 * docs/product.md §4 Inactivity: calls onTimeout after `timeoutMs` without any of the spec's activity events.
 * Events only note the time; one timer checks it, so a stream of mousemove events costs nothing.
 *
 * With `warnBeforeMs`, a warning is due that long before the sign-out (`warningEndsAt`); its
 * 「ログインを続ける」 (`stayActive`), or any activity event, starts the hour again and closes it.
 * `onActivity` is told of each activity event the hour counts (its caller tells the server,
 * throttled); `stayActive` is not one of them, its caller reports it at once.
 */
export function useInactivityTimeout(
  enabled: boolean,
  onTimeout: () => void,
  timeoutMs: number = INACTIVITY_TIMEOUT_MS,
  { warnBeforeMs = 0, onActivity }: { warnBeforeMs?: number; onActivity?: () => void } = {},
): InactivityWarning {
  const callback = useRef(onTimeout);
  const activity = useRef(onActivity);
  useEffect(() => {
    callback.current = onTimeout;
    activity.current = onActivity;
  }, [onTimeout, onActivity]);
  const [warningEndsAt, setWarningEndsAt] = useState<number | null>(null);
  const restart = useRef<() => void>(() => {});

  useEffect(() => {
    if (!enabled) return;
    let lastActivity = Date.now();
    let warned = false;
    let timer: ReturnType<typeof setTimeout>;
    const warnAfter = timeoutMs - warnBeforeMs;
    const check = () => {
      const idle = Date.now() - lastActivity;
      if (idle >= timeoutMs) {
        setWarningEndsAt(null);
        callback.current();
        return;
      }
      if (warnBeforeMs > 0 && !warned && idle >= warnAfter) {
        warned = true;
        setWarningEndsAt(lastActivity + timeoutMs);
      }
      timer = setTimeout(check, (warned || warnBeforeMs <= 0 ? timeoutMs : warnAfter) - idle);
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(check, warnBeforeMs > 0 ? warnAfter : timeoutMs);
    };
    restart.current = () => {
      warned = false;
      lastActivity = Date.now();
      setWarningEndsAt(null);
      schedule();
    };
    const noteActivity = (event: Event) => {
      // The warning takes the focus as it opens, and the field that had it blurs: that blur is
      // the warning's, not the person's, and must not close it (the window's own blur, the person
      // turning to another window, still counts).
      if (warned && event.type === 'blur' && event.target instanceof Node) return;
      // During the warning an activity event is the person back at the screen: it closes.
      if (warned) restart.current();
      else lastActivity = Date.now();
      activity.current?.();
    };
    schedule();
    // Capture on window also sees events that do not bubble (blur of a field) and the document's
    // visibilitychange.
    const options = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, noteActivity, options);
    return () => {
      clearTimeout(timer);
      restart.current = () => {};
      setWarningEndsAt(null);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, noteActivity, options);
    };
  }, [enabled, timeoutMs, warnBeforeMs]);

  const stayActive = useCallback(() => restart.current(), []);
  const noteActivityElsewhere = useCallback(() => restart.current(), []);
  return useMemo(
    () => ({ warningEndsAt, stayActive, noteActivityElsewhere }),
    [warningEndsAt, stayActive, noteActivityElsewhere],
  );
}
