import { STAFF_CUSTOMER_CODE } from '@domain/constants';
import { foldMail } from '@domain/mail-address';
import { meetsPasswordPolicy } from '@domain/password-policy';
import { loadUserSession } from '../../../api/load-user-session';
import { fetchAccessToken } from '../../../lib/access-token';
import { HttpError } from '../../../lib/http';
import { settledSignOut } from '../../../lib/identity-client';
import type { LoginNotice, SignedInData } from '../../../lib/session';
import { checkAccountLock } from '../api/check-account-lock';
import { getAllCustomers } from '../api/get-all-customers';
import { signInEmail } from '../api/sign-in-email';
import type { LoginFormValues } from '../components/login-form';
import {
  afterSignInFailureNotice,
  LOGIN_NOTICES,
  lockedNotice,
  signInFailureNotice,
} from './login-notices';

export type LoginOutcome =
  | { kind: 'signedIn'; session: SignedInData }
  | { kind: 'chooseTenant'; identityUid: string; customerCodeList: number[] }
  /** The password was right; the session waits for a second factor. */
  | { kind: 'secondFactor'; pending: 'code' | 'enrol'; identityUid: string }
  /** `signedIn`: an identity session exists and must be ended. */
  | { kind: 'failed'; notice: LoginNotice; identitySignedIn: boolean };

const failed = (notice: LoginNotice, identitySignedIn = false): LoginOutcome => ({
  kind: 'failed',
  notice,
  identitySignedIn,
});

// The sign-in itself, loaded when the login screen is first used (hooks/use-login.ts), not with
// the screen: its calls check their answers with zod, which the first load has no room for
// (decision 013, size budgets).

/** docs/product.md §4 Login flow, steps 1 to 5. Never rejects: every failure is an outcome with its notice. */
export async function logIn(
  form: LoginFormValues,
  { apiKey, publicBaseUrl }: { apiKey: string; publicBaseUrl: string },
): Promise<LoginOutcome> {
  // A mail typed in full-width letters (ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ) is the same mail; the password is
  // taken exactly as typed.
  const mail = foldMail(form.mail);
  const { password } = form;
  // docs/product.md §5: a password outside the policy is a failed login, told apart from no other.
  if (!meetsPasswordPolicy(password)) return failed(LOGIN_NOTICES.wrongCredentials);

  try {
    const lock = await checkAccountLock({ mail, apiKey });
    if (lock.locked) return failed(lockedNotice(lock.until));
  } catch {
    return failed(LOGIN_NOTICES.generic);
  }

  await settledSignOut();
  let signedIn: Awaited<ReturnType<typeof signInEmail>>;
  try {
    signedIn = await signInEmail({ email: mail, password });
  } catch (error) {
    return failed(signInFailureNotice(error, publicBaseUrl));
  }
  const identityUid = signedIn.user.id;
  if (signedIn.second_factor) {
    return { kind: 'secondFactor', pending: signedIn.second_factor, identityUid };
  }
  return finishLogIn(identityUid);
}

/**
 * docs/product.md §4 Login flow, steps 4 and 5, once the identity session is complete: right
 * after the password, or after the second factor's code or enrolment.
 */
export async function finishLogIn(identityUid: string): Promise<LoginOutcome> {
  try {
    await fetchAccessToken();
    const customerCodeList = await getAllCustomers({ firebaseUid: identityUid });
    // docs/product.md §6: a user holding 99999 receives every code, and signs in as staff with 99999.
    const customerCode = customerCodeList.includes(STAFF_CUSTOMER_CODE)
      ? STAFF_CUSTOMER_CODE
      : customerCodeList.length === 1
        ? customerCodeList[0]
        : undefined;
    if (customerCodeList.length === 0) throw new HttpError(0, 'NO_CUSTOMER_CODES');
    if (customerCode === undefined) return { kind: 'chooseTenant', identityUid, customerCodeList };
    const session = await loadUserSession({ identityUid, customerCode, customerCodeList });
    return { kind: 'signedIn', session };
  } catch (error) {
    return failed(afterSignInFailureNotice(error), true);
  }
}
