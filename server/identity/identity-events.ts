import type { Database } from '../../db/client';
import type { SignInFailureReason } from '../../domain/api/account';
import { normaliseMail } from '../../domain/mail-address';
import { recordAudit } from '../repositories/audit-log-repository';
import { findRowsOfMail } from '../repositories/users-repository';

// The identity's events in the audit log, in one shape, whichever provider holds the
// credentials (the portal's /api/auth routes handle both, server/services/auth/):
//   action      one of IdentityAction
//   entity      'auth', entity_id the normalised mail the event concerns
//   actor       the mail (as typed, normalised, even when no account has it) and the user row id
//               of that mail (null for an unknown address)
//   customer    the customer code when the mail holds exactly one (else null: chosen after sign-in)
//   client      the request's address and User-Agent
//   after       { success, reason } — never a password or a token.

export type IdentityAction =
  | 'auth.sign-in'
  | 'auth.sign-in-failed'
  | 'auth.lock'
  | 'auth.password-change'
  | 'auth.password-reset'
  | 'auth.sign-out'
  // The second factor (server/plugins/second-factor.ts); a staff reset is recorded by
  // services/users/reset-second-factor.ts with the staff member as actor.
  | 'auth.second-factor.enrol'
  | 'auth.second-factor.disable'
  | 'auth.second-factor.backup-code-used'
  | 'auth.second-factor.failed';

/** Where a request came from (services/caller.ts clientInfoOf). */
export interface EventClient {
  ip: string | null;
  userAgent: string | null;
}

export interface IdentityEvent {
  action: IdentityAction;
  /** The mail the event concerns (for a failed sign-in, the address typed). */
  mail: string;
  /** False for a refused attempt (a password change with a wrong current password). */
  success?: boolean;
  reason?: SignInFailureReason | (string & {}) | null;
}

/** The longest mail kept: an address typed at the sign-in form is the client's text. */
const MAIL_MAX = 254;

/**
 * Records one identity event. It never throws: the event has happened (a session made or ended)
 * whether or not its record could be written; a failure is logged instead.
 */
export async function recordIdentityEvent(
  db: Database,
  client: EventClient,
  event: IdentityEvent,
  log?: { error(fields: object, message: string): void },
): Promise<void> {
  const mail = normaliseMail(event.mail).slice(0, MAIL_MAX);
  if (!mail) return;
  try {
    const rows = await findRowsOfMail(db, mail);
    const active = rows.filter((r) => !r.deleted);
    const actor = active[0] ?? rows[0];
    await recordAudit(db, {
      actorUserId: actor?.id ?? null,
      actorMail: mail,
      action: event.action,
      entity: 'auth',
      entityId: mail,
      customerCode: active.length === 1 ? active[0]!.customerCode : null,
      ipAddress: client.ip,
      userAgent: client.userAgent,
      before: null,
      after: {
        success: event.success ?? event.action !== 'auth.sign-in-failed',
        reason: event.reason ?? null,
      },
    });
  } catch (err) {
    log?.error({ err, action: event.action }, 'identity event could not be recorded');
  }
}

/**
 * Why a sign-in with a wrong password (or an address without an account) failed: an address
 * no user row has is 'unknown-mail', else 'wrong-password'.
 */
export async function wrongSignInReason(
  db: Database,
  mail: string,
): Promise<Extract<SignInFailureReason, 'wrong-password' | 'unknown-mail'>> {
  const rows = await findRowsOfMail(db, normaliseMail(mail)).catch(() => []);
  return rows.length > 0 ? 'wrong-password' : 'unknown-mail';
}
