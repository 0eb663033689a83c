import { mailRequest } from './mail-request';
import type { RequestCaller, SignInDeps } from './sign-in-deps';

/** A password-reset mail (docs/product.md §5), with a link valid an hour. */
export const requestPasswordReset = (
  deps: SignInDeps,
  caller: RequestCaller,
  input: { email?: unknown },
) =>
  mailRequest(caller, input.email, (mail) => deps.provider.requestResetMail(caller.provider, mail));
