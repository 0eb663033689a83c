import type { Database } from '../../../db/client';
import { SECOND_FACTOR_MESSAGES } from '../../../domain/second-factor';
import type { Config } from '../../config';
import { identitySecret } from '../../identity/identity';
import {
  isTrustedBrowser,
  markSessionPending,
  type PendingSecondFactor,
  pendingOfSession,
  type SecondFactorKeys,
  secondFactorKeys,
} from '../../identity/second-factor';
import { secondFactorNeeded } from '../../repositories/second-factor-repository';
import { AppError } from '../app-error';

/**
 * What sign-in asks between the password and the session (docs/decisions/016): whether this
 * person's new session must wait for a second factor, and then holding it.
 */
export async function createSecondFactorGate(
  config: Config,
  db: Database,
  /**
   * When the provider last changed the person's credentials on its own (Firebase: a password set
   * through Firebase's flows); a trusted browser marked before it asks for the code again.
   */
  credentialsChangedAt: (mail: string) => Promise<Date | null>,
) {
  const keys: SecondFactorKeys = secondFactorKeys(await identitySecret(config, db));
  return {
    keys,
    /**
     * After a right password: 'code' when the person has a factor (unless this browser, by its
     * trusted-browser cookie, is trusted for it), 'enrol' for staff without one under
     * STAFF_SECOND_FACTOR=required.
     */
    async pendingAfterPassword(
      trustedBrowser: string | undefined,
      mail: string,
    ): Promise<PendingSecondFactor | null> {
      const needed = await secondFactorNeeded(db, mail, config.STAFF_SECOND_FACTOR);
      if (
        needed.pending === 'code' &&
        isTrustedBrowser(keys, trustedBrowser, mail, needed.factorId!)
      ) {
        // Only a mark good otherwise costs a question to the provider.
        const since = await credentialsChangedAt(mail);
        if (isTrustedBrowser(keys, trustedBrowser, mail, needed.factorId!, Date.now(), since)) {
          return null;
        }
      }
      return needed.pending;
    },
    /**
     * The provider's answer to a right password: its session is marked as waiting before the
     * answer (and so the cookie) leaves, and the answer says what is awaited.
     */
    async holdSession(response: Response, pending: PendingSecondFactor): Promise<unknown> {
      const body = (await response.clone().json()) as { token?: unknown };
      if (typeof body.token !== 'string' || !(await markSessionPending(db, body.token, pending))) {
        throw new Error('the new session could not be held for its second factor');
      }
      // The session token goes in the cookie only: a waiting session's answer carries no token.
      const { token: _token, ...rest } = body;
      return { ...rest, second_factor: pending };
    },
    /** Whether the session still waits for its second factor. */
    async isPending(sessionId: string): Promise<boolean> {
      return (await pendingOfSession(db, sessionId)) !== null;
    },
    /** For routes a waiting session must not use: /token, the password change. */
    async refusePendingSession(sessionId: string): Promise<void> {
      if (await pendingOfSession(db, sessionId)) {
        throw new AppError('forbidden', 'SECOND_FACTOR_REQUIRED', SECOND_FACTOR_MESSAGES.pending);
      }
    },
  };
}
export type SecondFactorGate = Awaited<ReturnType<typeof createSecondFactorGate>>;
