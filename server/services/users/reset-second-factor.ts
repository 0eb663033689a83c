import { normaliseMail } from '../../../domain/mail-address';
import { SECOND_FACTOR_MESSAGES } from '../../../domain/second-factor';
import { badRequest, notFound } from '../../errors';
import { recordAudit } from '../../repositories/audit-log-repository';
import { removeSecondFactor } from '../../repositories/second-factor-repository';
import { findManagedUser, inUsersTransaction } from '../../repositories/users-repository';
import { authorize, mayResetSecondFactor } from '../authorization';
import type { Caller } from '../caller';
import { actorOf, type UserAdminDeps } from './user-admin-common';

/**
 * Staff reset another person's second factor from the managers page: the factor, its
 * backup codes and its trusted browsers end together, written to the audit log in the same
 * transaction (`auth.second-factor.reset`, the target's mail). The person enrols again at their
 * next sign-in (staff) or on /account. Nobody resets their own: a backup code signs them in.
 */
export async function resetSecondFactor(
  { db }: Pick<UserAdminDeps, 'db'>,
  caller: Caller,
  input: { id: number },
  client: { ipAddress: string | null; userAgent: string | null },
) {
  authorize(mayResetSecondFactor(caller));
  const target = await findManagedUser(db, input.id);
  if (!target) throw notFound();
  const mail = normaliseMail(target.mail);
  if (caller.rows.some((r) => normaliseMail(r.mail) === mail)) {
    throw badRequest(
      [{ field: 'id', message: SECOND_FACTOR_MESSAGES.ownReset }],
      SECOND_FACTOR_MESSAGES.ownReset,
    );
  }
  const reset = await inUsersTransaction(db, async (tx) => {
    const had = await removeSecondFactor(tx, mail);
    if (had) {
      await recordAudit(tx, {
        ...actorOf(caller),
        action: 'auth.second-factor.reset',
        entity: 'auth',
        entityId: mail,
        customerCode: target.customer_code,
        ipAddress: client.ipAddress,
        userAgent: client.userAgent,
        before: null,
        after: { success: true, reason: null, target_user_id: input.id },
      });
    }
    return had;
  });
  return { id: input.id, reset };
}
