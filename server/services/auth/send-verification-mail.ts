import { mailRequest } from './mail-request';
import type { RequestCaller, SignInDeps } from './sign-in-deps';

/**
 * The verification mail again, for a person whose mail is not yet verified (the login screen's
 * 「確認メールを再送する」): nothing is sent for a verified or an unknown address, and the answer
 * is the same.
 */
export const sendVerificationMail = (
  deps: SignInDeps,
  caller: RequestCaller,
  input: { email?: unknown },
) =>
  mailRequest(caller, input.email, (mail) =>
    deps.provider.requestVerificationMail(caller.provider, mail),
  );
