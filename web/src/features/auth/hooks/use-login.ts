import { useCallback, useState } from 'react';
import { useAppConfig } from '../../../lib/app-config';
import type { LoginFormValues } from '../components/login-form';
import type { LoginOutcome } from '../utils/log-in';
import { LOGIN_NOTICES } from '../utils/login-notices';

export type { LoginOutcome } from '../utils/log-in';

/**
 * The sign-in's code (its calls and their zod schemas) is not in the login screen's first load
 * (decision 013, size budgets): it loads when the form is first used, or at the latest on submit.
 */
export const loadLogIn = () => import('../utils/log-in');

/** docs/product.md §4 Login flow; `isPending` while a sign-in runs. */
export function useLogin() {
  const { publicApiKey, publicBaseUrl } = useAppConfig();
  const [isPending, setPending] = useState(false);
  const logIn = useCallback(
    async (values: LoginFormValues): Promise<LoginOutcome> => {
      setPending(true);
      try {
        const { logIn: run } = await loadLogIn();
        return await run(values, { apiKey: publicApiKey, publicBaseUrl });
      } catch {
        // Only the code's own loading can fail here (a lost connection): logIn never rejects.
        return { kind: 'failed', notice: LOGIN_NOTICES.generic, identitySignedIn: false };
      } finally {
        setPending(false);
      }
    },
    [publicApiKey, publicBaseUrl],
  );
  return { logIn, isPending, preload: loadLogIn };
}
