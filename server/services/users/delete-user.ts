import { badRequest, notFound } from '../../errors';
import { recordAudit } from '../../repositories/audit-log-repository';
import {
  findManagedUser,
  hasActiveRow,
  inUsersTransaction,
  markUserRowDeleted,
} from '../../repositories/users-repository';
import { authorize, mayAdministerUsers } from '../authorization';
import type { Caller } from '../caller';
import { actorOf, customerToManage, type UserAdminDeps } from './user-admin-common';

/**
 * Soft delete (delete_flag): the row stays for the record. Access for that customer ends at once
 * (every call reads the rows); when the person has no active row left, their sessions end too
 * (docs/decisions/008), once the deletion is committed.
 */
export async function deleteUser(
  { db, identity, log }: Pick<UserAdminDeps, 'db' | 'identity' | 'log'>,
  caller: Caller,
  input: { id: number },
) {
  authorize(mayAdministerUsers(caller));
  const target = await findManagedUser(db, input.id);
  if (!target || target.delete_flag) throw notFound();
  await customerToManage(db, caller, target);
  if (caller.rows.some((r) => r.userId === input.id)) {
    throw badRequest([{ field: 'id', message: 'ご自身のアカウントは削除できません。' }]);
  }
  const lastRowOf = await inUsersTransaction(db, async (tx) => {
    await markUserRowDeleted(tx, input.id);
    await recordAudit(tx, {
      ...actorOf(caller),
      action: 'user.delete',
      entity: 'user',
      entityId: input.id,
      customerCode: target.customer_code,
      before: target,
      after: { ...target, delete_flag: true },
    });
    const uid = target.firebase_uid;
    return uid && !(await hasActiveRow(tx, uid)) ? uid : null;
  });
  // Their tokens are then told the account is deleted (409), not merely signed out. The rows
  // already refuse every call, so a provider that fails here does not undo the deletion. The
  // identity is disabled at the provider, not deleted (Firebase: the account and its uid stay for
  // the record and for being added again, which enables it; docs/decisions/011).
  if (lastRowOf) {
    await identity.endSessions(lastRowOf).catch((err: unknown) => {
      log.error({ err, userId: input.id }, 'the sessions of a deleted user could not be ended');
    });
    await identity.setDisabled(lastRowOf, true).catch((err: unknown) => {
      log.error({ err, userId: input.id }, 'the identity of a deleted user could not be disabled');
    });
  }
  return { id: input.id, delete_flag: true as const };
}
