import type { SessionCaller } from './second-factor-deps';
import type { SessionLifetimeDeps } from './session-lifetime-deps';

/**
 * A page of the session was hidden for good (closed, reloaded, navigated away): the session ends
 * after the grace, unless a page of it, the reloaded one or another open tab, reports activity
 * within it (docs/product.md §4, logged out on page unload; decision 034).
 */
export async function leaveSession(
  deps: SessionLifetimeDeps,
  caller: SessionCaller,
): Promise<void> {
  await deps.leave(caller.sessionId);
}
