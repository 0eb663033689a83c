/** The session store the lifetime's use cases move deadlines in (server/identity/session-lifetime.ts). */
export interface SessionLifetimeDeps {
  /** One idle period from now, never past the maximum; null when the session has ended. */
  extend: (sessionId: string) => Promise<Date | null>;
  /** The session ends after the grace unless a page of it reports activity before. */
  leave: (sessionId: string) => Promise<void>;
}
