import { isAccountLocked, liftAccountLock } from '../../repositories/account-lock-repository';
import { recordAudit } from '../../repositories/audit-log-repository';
import type { Caller } from '../caller';
import { personToManage } from './person-to-manage';
import { actorOf, type UserAdminDeps } from './user-admin-common';

/**
 * An administrator (or staff) lifts a person's account lock before its hour is over, once they
 * know the failed sign-ins were the person's own: the lock ends and the count starts again, as a
 * password reset by mail does (docs/decisions/008), recorded in the same transaction
 * (`auth.unlock`, the person's mail). Nothing happens, and nothing is recorded, when no lock holds.
 */
export async function liftLockOfUser(
  { db }: Pick<UserAdminDeps, 'db'>,
  caller: Caller,
  input: { id: number },
  client: { ipAddress: string | null; userAgent: string | null },
) {
  const { target, mail } = await personToManage({ db }, caller, input.id);
  const lifted = await db.transaction(async (tx) => {
    if (!(await isAccountLocked(tx, mail))) return false;
    await liftAccountLock(tx, mail);
    await recordAudit(tx, {
      ...actorOf(caller),
      action: 'auth.unlock',
      entity: 'auth',
      entityId: mail,
      customerCode: target.customer_code,
      ipAddress: client.ipAddress,
      userAgent: client.userAgent,
      before: null,
      after: { success: true, reason: null, target_user_id: target.id },
    });
    return true;
  });
  return { id: target.id, lifted };
}
