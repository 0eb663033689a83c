import { SESSION_ACTIVITY_PATH, SESSION_LEAVE_PATH } from '@domain/session-lifetime';
import { isHttpError, requestJson } from './http';

// The cookie session's deadline on the server (docs/decisions/034): the screen reports activity,
// and a page hidden for good announces that it leaves, so that closing the last tab ends the
// session after a short grace while a reload takes it back.

/** Tells the server the person is active. 'ended' when the session is over (401). */
export async function reportActivity(): Promise<'alive' | 'ended' | 'unknown'> {
  try {
    await requestJson(SESSION_ACTIVITY_PATH, { method: 'POST', body: {} });
    return 'alive';
  } catch (error) {
    // A network failure or a server in trouble: the next report tries again.
    return isHttpError(error, 401) ? 'ended' : 'unknown';
  }
}

/**
 * Announces that this page leaves (pagehide): a beacon, since a fetch may not outlive the page.
 * The cookie goes with it (same origin).
 */
export function announceLeaving(): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  navigator.sendBeacon(SESSION_LEAVE_PATH);
}
