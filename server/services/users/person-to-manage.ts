import { normaliseMail } from '../../../domain/mail-address';
import { notFound } from '../../errors';
import { findManagedUser, reachOfMail } from '../../repositories/users-repository';
import { authorize, mayAdministerUsers, maySeeIdentityOf } from '../authorization';
import type { Caller } from '../caller';
import { customerToManage, type UserAdminDeps } from './user-admin-common';

/**
 * The saved, active row an action on a person's sign-in names (resending the invitation, lifting
 * the lock), once the caller may act on that person: they manage the row's customer and user type,
 * and, for an administrator, the person is within their reach: a user of their corporation who
 * holds no staff row anywhere (maySeeIdentityOf), as the lock and the invitation are the person's,
 * not the row's.
 */
export async function personToManage(
  { db }: Pick<UserAdminDeps, 'db'>,
  caller: Caller,
  id: number,
) {
  authorize(mayAdministerUsers(caller));
  const target = await findManagedUser(db, id);
  if (!target || target.delete_flag) throw notFound();
  const customer = await customerToManage(db, caller, target);
  const mail = normaliseMail(target.mail);
  authorize(maySeeIdentityOf(caller, await reachOfMail(db, mail, target.firebase_uid)));
  return { target, mail, customer };
}
