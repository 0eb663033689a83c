import { ACTIVITY_EVENTS, INACTIVITY_TIMEOUT_MS } from '@domain/constants';
import { useEffect, useRef } from 'react';

/**
 * docs/product.md §4 Inactivity: calls onTimeout after `timeoutMs` without any of the spec's activity events.
 * Events only note the time; one timer checks it, so a stream of mousemove events costs nothing.
 */
export function useInactivityTimeout(
  enabled: boolean,
  onTimeout: () => void,
  timeoutMs: number = INACTIVITY_TIMEOUT_MS,
): void {
  const callback = useRef(onTimeout);
  useEffect(() => {
    callback.current = onTimeout;
  }, [onTimeout]);

  useEffect(() => {
    if (!enabled) return;
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const idle = Date.now() - lastActivity;
      if (idle >= timeoutMs) callback.current();
      else timer = setTimeout(check, timeoutMs - idle);
    };
    const noteActivity = () => {
      lastActivity = Date.now();
    };
    timer = setTimeout(check, timeoutMs);
    // Capture on window also sees events that do not bubble (blur of a field) and the document's
    // visibilitychange.
    const options = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, noteActivity, options);
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, noteActivity, options);
    };
  }, [enabled, timeoutMs]);
}
