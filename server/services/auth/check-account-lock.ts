import type { Database } from '../../../db/client';
import { isAccountLocked } from '../../repositories/account-lock-repository';
import { mailOfForm } from './sign-in-rules';

/**
 * Whether a mail is locked now (docs/product.md §4), for the login screen's pre-login call; the
 * mail read as sign-in reads it (full-width letters folded). The rate limits are the route's,
 * before this.
 */
export async function checkAccountLock(
  deps: { db: Database },
  input: { mail: string },
): Promise<{ account_lock_flag: boolean }> {
  return { account_lock_flag: await isAccountLocked(deps.db, mailOfForm(input.mail)) };
}
