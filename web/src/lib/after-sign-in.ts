import { paths } from '../config/paths';

/** Where a sign-in stands once an answer came: what decides the next screen. */
export type SignInStep =
  /** Signed in as one user row (the only one, or staff, or the one chosen). */
  | { kind: 'signedIn' }
  /** The identity has several customer codes: the person chooses one (/login-tenant). */
  | { kind: 'chooseTenant' }
  /** The session waits for the code of the person's factor, or for the staff's enrolment. */
  | { kind: 'secondFactor'; pending: 'code' | 'enrol'; identityUid: string };

export interface Destination {
  path: string;
  state?: Record<string, unknown>;
  /** The sign-in screen is left behind: Back does not return to it. */
  replace?: boolean;
}

/**
 * The one rule of where a person goes after signing in (the login screen, the tenant choice and
 * the staff's second-factor set-up all follow it): the page they came for (`returnTo`, carried
 * along every step) or the top page once signed in; the tenant choice or the set-up first when
 * the sign-in is not complete. Null: the person stays where they are (the code step of the login
 * screen).
 */
export function afterSignInDestination(
  step: SignInStep,
  returnTo: string | null,
): Destination | null {
  const carried = returnTo ? { returnTo } : undefined;
  switch (step.kind) {
    case 'signedIn':
      return { path: returnTo ?? paths.top.path, replace: true };
    case 'chooseTenant':
      return { path: paths.loginTenant.path, ...(carried ? { state: carried } : {}) };
    case 'secondFactor':
      return step.pending === 'enrol'
        ? {
            path: paths.secondFactorSetup.path,
            state: { identityUid: step.identityUid, ...carried },
          }
        : null;
  }
}
