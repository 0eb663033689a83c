import type { Database } from '../../../db/client';
import type { Config } from '../../config';
import type { IdentityEvent } from '../../identity/identity-events';
import type { IdentityPort } from '../../identity/identity-port';
import type { PendingSecondFactor, SecondFactorKeys } from '../../identity/second-factor';
import type { ClientInfo } from '../caller';

/** What the second factor's use cases need (docs/decisions/016, 025). */
export interface SecondFactorDeps {
  db: Database;
  keys: SecondFactorKeys;
  config: Pick<Config, 'STAFF_SECOND_FACTOR' | 'WEB_TITLE'>;
  identity: Pick<IdentityPort, 'checkPassword'>;
  /** The person's identity events in the audit log; never fails the call. */
  record: (client: ClientInfo, ...events: IdentityEvent[]) => Promise<void>;
}

/**
 * The caller of an /api/auth route: the cookie session, waiting for its second factor or
 * complete, as the identity plugin read it (`app.authSessionOf`).
 */
export interface SessionCaller {
  sessionId: string;
  /** When the session's password was checked: its sign-in. */
  signedInAt: Date;
  uid: string;
  /** In normaliseMail's spelling. */
  mail: string;
  pending: PendingSecondFactor | null;
  client: ClientInfo;
}
