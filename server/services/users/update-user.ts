import type { z } from 'zod';
import type { ManagedUser, updateUserBodySchema } from '../../../domain/api/user';
import { normaliseMail } from '../../../domain/mail-address';
import { badRequest, notFound } from '../../errors';
import { recordAudit } from '../../repositories/audit-log-repository';
import {
  findManagedUser,
  findRowOfMailAt,
  inUsersTransaction,
  isAuthorOfTopContent,
  purgeUserRow,
  UserRowTakenError,
  updateUserRow,
} from '../../repositories/users-repository';
import { authorize, mayAdministerUsers } from '../authorization';
import type { Caller } from '../caller';
import {
  actorOf,
  assertValidRow,
  customerToManage,
  duplicate,
  type UserAdminDeps,
  withVisibleUids,
} from './user-admin-common';

type UpdateUser = z.infer<typeof updateUserBodySchema>;

/**
 * Changes a user row's name, customer, permission and shipment notification. The
 * caller must manage the row as it is and as it will be. The mail stays: a new mail is a new row.
 */
export async function updateUser(
  { db }: Pick<UserAdminDeps, 'db'>,
  caller: Caller,
  input: UpdateUser,
): Promise<ManagedUser> {
  authorize(mayAdministerUsers(caller));
  assertValidRow(input);
  const target = await findManagedUser(db, input.id);
  if (!target || target.delete_flag) throw notFound();
  await customerToManage(db, caller, target);
  await customerToManage(db, caller, input);
  // A manager who took their own permission or customer away would lose this page mid-edit; the
  // name stays theirs to change. Another manager (or staff) makes such a change.
  if (caller.rows.some((r) => r.userId === target.id)) {
    if (input.user_type_id !== target.user_type_id) {
      throw badRequest([{ field: 'user_type_id', message: 'ご自身の権限は変更できません。' }]);
    }
    if (input.customer_code !== target.customer_code) {
      throw badRequest([
        { field: 'customer_code', message: 'ご自身の取引先コードは変更できません。' },
      ]);
    }
  }
  if (normaliseMail(input.mail) !== target.mail) {
    throw badRequest([
      {
        field: 'mail',
        message: '登録済みのメールアドレスは変更できません。新しい行として追加してください。',
      },
    ]);
  }
  let updated: ManagedUser;
  try {
    updated = await inUsersTransaction(db, async (tx) => {
      if (input.customer_code !== target.customer_code) {
        const taken = await findRowOfMailAt(tx, target.mail, input.customer_code);
        // The mail's deleted row of that customer (nobody sees it) makes room for this one; its
        // history stays in the audit log. A row that wrote notices or banners stays (and refuses).
        if (taken && !(taken.deleted && !(await isAuthorOfTopContent(tx, taken.id)))) {
          throw duplicate('customerCode');
        }
        if (taken) {
          const removed = await findManagedUser(tx, taken.id);
          await purgeUserRow(tx, taken.id);
          await recordAudit(tx, {
            ...actorOf(caller),
            action: 'user.purge',
            entity: 'user',
            entityId: taken.id,
            customerCode: input.customer_code,
            before: removed ?? null,
            after: null,
          });
        }
      }
      await updateUserRow(tx, input.id, {
        user_name: input.user_name.trim(),
        customer_code: input.customer_code,
        user_type_id: input.user_type_id,
        ...(input.shipment_mail === undefined ? {} : { shipment_mail: input.shipment_mail }),
      });
      const after = (await findManagedUser(tx, input.id))!;
      await recordAudit(tx, {
        ...actorOf(caller),
        action: 'user.update',
        entity: 'user',
        entityId: input.id,
        customerCode: after.customer_code,
        before: target,
        after,
      });
      return after;
    });
  } catch (err) {
    if (err instanceof UserRowTakenError) throw duplicate('customerCode');
    throw err;
  }
  const [visible] = await withVisibleUids(db, caller, [updated]);
  return visible!;
}
