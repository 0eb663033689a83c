/**
 * How long a signed-in session lives (docs/product.md §4 Inactivity; docs/decisions/034): it ends
 * `idle` after its last activity, `max` after its sign-in whatever the activity, and shortly after
 * its last page was left. The server holds the deadline; the screen warns before it.
 */
export interface SessionLifetime {
  idleMs: number;
  maxMs: number;
  leaveGraceMs: number;
}

/** The settings as configured (SESSION_IDLE_MINUTES, SESSION_MAX_HOURS, SESSION_LEAVE_GRACE_SECONDS). */
export const sessionLifetimeOf = (settings: {
  idleMinutes: number;
  maxHours: number;
  leaveGraceSeconds: number;
}): SessionLifetime => ({
  idleMs: settings.idleMinutes * 60_000,
  maxMs: settings.maxHours * 3_600_000,
  leaveGraceMs: settings.leaveGraceSeconds * 1000,
});

/** The session's end after an activity at `activeAt`: an idle period later, never past its maximum. */
export const deadlineAfterActivity = (
  lifetime: SessionLifetime,
  signedInAt: Date,
  activeAt: Date,
): Date =>
  new Date(Math.min(activeAt.getTime() + lifetime.idleMs, signedInAt.getTime() + lifetime.maxMs));

/** The session's end once its page was left at `leftAt`: the grace, unless it ends sooner anyway. */
export const deadlineAfterLeaving = (
  lifetime: SessionLifetime,
  deadline: Date,
  leftAt: Date,
): Date => new Date(Math.min(deadline.getTime(), leftAt.getTime() + lifetime.leaveGraceMs));

/** docs/product.md §4: the warning comes five minutes before the sign-out (half the idle time when shorter). */
export const SESSION_WARNING_BEFORE_MS = 5 * 60_000;
export const warningLeadMs = (idleMs: number) => Math.min(SESSION_WARNING_BEFORE_MS, idleMs / 2);

/**
 * How often at most a busy screen tells the server it is in use: a tenth of the idle time, at most
 * a minute, so that the server's deadline never falls before the screen's by more than that.
 */
export const activityReportEveryMs = (idleMs: number) => Math.min(60_000, idleMs / 10);

/** The cookie session's calls (server/routes/auth/session-lifetime.ts); here, not in domain/api, so that the web app's first load reads them without zod. */
export const SESSION_ACTIVITY_PATH = '/api/auth/session/activity';
export const SESSION_LEAVE_PATH = '/api/auth/session/leave';
