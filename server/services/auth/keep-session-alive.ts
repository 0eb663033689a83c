import { AppError } from '../app-error';
import type { SessionCaller } from './second-factor-deps';
import { pendingError } from './second-factor-rules';
import type { SessionLifetimeDeps } from './session-lifetime-deps';

/**
 * The screen reports activity (or 「ログインを続ける」, or a reloaded page taking its session back):
 * the session's deadline moves to an idle period from now (docs/product.md §4; decision 034). A
 * session still waiting for its second factor is not signed in and is not kept.
 */
export async function keepSessionAlive(
  deps: SessionLifetimeDeps,
  caller: SessionCaller,
): Promise<{ expiresAt: string }> {
  if (caller.pending) throw pendingError();
  const deadline = await deps.extend(caller.sessionId);
  if (!deadline) throw new AppError('unauthenticated', 'UNAUTHORIZED');
  return { expiresAt: deadline.toISOString() };
}
