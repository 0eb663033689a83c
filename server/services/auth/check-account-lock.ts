import type { Database } from '../../../db/client';
import { accountLockedUntil } from '../../repositories/account-lock-repository';
import { mailOfForm } from './sign-in-rules';

/**
 * Whether a mail is locked now (docs/product.md §4), for the login screen's pre-login call; the
 * mail read as sign-in reads it (full-width letters folded). The rate limits are the route's,
 * before this. A lock's end goes with it, as with the sign-in's 423, so that the screen can say
 * until when before signing in; whoever may ask whether a mail is locked learns little more from
 * it than from the flag.
 */
export async function checkAccountLock(
  deps: { db: Database },
  input: { mail: string },
): Promise<{ account_lock_flag: boolean; locked_until?: string }> {
  const until = await accountLockedUntil(deps.db, mailOfForm(input.mail));
  return until
    ? { account_lock_flag: true, locked_until: until.toISOString() }
    : { account_lock_flag: false };
}
