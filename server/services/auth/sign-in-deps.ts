import type { Database } from '../../../db/client';
import type { IdentityEvent } from '../../identity/identity-events';
import type { ProviderRequest, SignInPort } from '../../identity/identity-port';
import type { ClientInfo } from '../caller';
import type { SecondFactorGate } from './second-factor-gate';

/** What the use cases of sign-in, password change and reset need (docs/decisions/008, 016). */
export interface SignInDeps {
  db: Database;
  /** The identity provider's steps (server/identity/identity-port.ts SignInPort). */
  provider: SignInPort;
  secondFactor: Pick<SecondFactorGate, 'pendingAfterPassword' | 'holdSession'>;
  /** The identity events in the audit log, one after the other so that the log keeps their order. */
  record: (client: ClientInfo, ...events: IdentityEvent[]) => Promise<void>;
  /** Forgets the access tokens already verified for an identity whose sessions have ended. */
  forgetSessionsOf: (uid: string) => void;
}

/** Who calls a pre-login /api/auth route: a client, perhaps with a browser's cookies. */
export interface RequestCaller {
  client: ClientInfo;
  /** The request as the provider's endpoints read it (cookies, origin, query string). */
  provider: ProviderRequest;
  /**
   * The pre-login rate limits (docs/product.md §12) per client address and, when given, per mail;
   * throws 429 when one is reached.
   */
  limit: (mail: string) => Promise<void>;
  /** The browser's mark that it may skip the second factor (decision 016), when it has one. */
  trustedBrowser?: string;
}

/** The provider's answer as the client gets it (status, headers, cookies); `body` replaces its body. */
export interface ProviderAnswer {
  response: Response;
  body?: unknown;
}
