import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authSession } from '../../db/schema';
import {
  deadlineAfterActivity,
  deadlineAfterLeaving,
  type SessionLifetime,
} from '../../domain/session-lifetime';

// The identity session's deadline (docs/decisions/034) is the provider's own `expires_at`: the
// provider refuses the cookie once it has passed, and the access-token check refuses the tokens
// of the session (server/identity/identity.ts), under either provider, since the portal issues
// its own sessions under Firebase too. The provider never moves it (disableSessionRefresh); only
// what is here does.

/** Sets a new session's deadline to one idle period after its sign-in (the provider's create hook). */
export const sessionCreationHook =
  (lifetime: SessionLifetime) =>
  async (session: { createdAt?: Date | string | null }): Promise<{ data: { expiresAt: Date } }> => {
    const now = new Date();
    const signedInAt = session.createdAt ? new Date(session.createdAt) : now;
    return { data: { expiresAt: deadlineAfterActivity(lifetime, signedInAt, now) } };
  };

/** The session of the given id if it is still alive: its sign-in and its deadline. */
async function liveSession(db: Database, sessionId: string) {
  const [row] = await db
    .select({ createdAt: authSession.createdAt, expiresAt: authSession.expiresAt })
    .from(authSession)
    .where(and(eq(authSession.id, sessionId), gt(authSession.expiresAt, new Date())));
  return row ? { signedInAt: new Date(row.createdAt), deadline: new Date(row.expiresAt) } : null;
}

/**
 * The person is active: the session ends an idle period from now, never past its maximum. Also
 * takes back a leave announced by a page that was only reloaded. Null when the session has ended.
 */
export async function extendSession(
  db: Database,
  lifetime: SessionLifetime,
  sessionId: string,
): Promise<Date | null> {
  const session = await liveSession(db, sessionId);
  if (!session) return null;
  const deadline = deadlineAfterActivity(lifetime, session.signedInAt, new Date());
  await db
    .update(authSession)
    .set({ expiresAt: deadline, updatedAt: new Date() })
    .where(and(eq(authSession.id, sessionId), gt(authSession.expiresAt, new Date())));
  return deadline;
}

/** A page of the session was left (closed or reloaded): the session ends after the grace. */
export async function leaveSession(
  db: Database,
  lifetime: SessionLifetime,
  sessionId: string,
): Promise<void> {
  const session = await liveSession(db, sessionId);
  if (!session) return;
  await db
    .update(authSession)
    .set({ expiresAt: deadlineAfterLeaving(lifetime, session.deadline, new Date()) })
    .where(eq(authSession.id, sessionId));
}
