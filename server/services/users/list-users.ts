import type { ManagedUserWithState } from '../../../domain/api/user';
import { normaliseMail } from '../../../domain/mail-address';
import {
  listCustomersByCodes,
  listCustomersOfCorporation,
} from '../../repositories/customers-repository';
import { signInFactsOf } from '../../repositories/sign-in-state-repository';
import { listManagedUsers, listUserTypes } from '../../repositories/users-repository';
import {
  authorize,
  mayAdministerUsers,
  mayListUsersOf,
  userAdminScope,
  userTypeGroupScope,
} from '../authorization';
import type { Caller } from '../caller';
import { type UserAdminDeps, withVisibleUids } from './user-admin-common';

/**
 * The active users of the customers asked for; none asked means every customer the caller
 * manages. An administrator's list leaves out rows of the staff user type. Each row carries its
 * person's sign-in state (a person of several customer codes has the same state on each row).
 */
export async function getUsersByCustomer(
  { db }: Pick<UserAdminDeps, 'db'>,
  caller: Caller,
  input: { customerCodes: number[] },
): Promise<ManagedUserWithState[]> {
  authorize(mayAdministerUsers(caller));
  const scope = userAdminScope(caller);
  let codes = input.customerCodes;
  if (codes.length === 0) {
    // Staff must choose a customer first (docs/product.md §2); administrators may "show all".
    if (scope === 'all') return [];
    const lists = await Promise.all(
      scope.map((corporation) => listCustomersOfCorporation(db, corporation)),
    );
    codes = lists.flat().map((c) => c.customerCode);
  } else {
    const found = new Map((await listCustomersByCodes(db, codes)).map((c) => [c.customerCode, c]));
    authorize(
      mayListUsersOf(
        caller,
        codes.map((code) => found.get(code)),
      ),
    );
  }
  const users = await listManagedUsers(db, codes, { withoutStaffType: scope !== 'all' });
  const facts = await signInFactsOf(
    db,
    users.map((u) => normaliseMail(u.mail)),
  );
  const withState = users.map((u): ManagedUserWithState => {
    const f = facts.get(normaliseMail(u.mail));
    const lockedUntil = f?.lockedUntil ?? null;
    const lastSignInAt = f?.lastSignInAt ?? null;
    return {
      ...u,
      sign_in_state: lockedUntil ? 'locked' : lastSignInAt ? 'active' : 'invited',
      locked_until: lockedUntil?.toISOString() ?? null,
      last_sign_in_at: lastSignInAt?.toISOString() ?? null,
    };
  });
  return withVisibleUids(db, caller, withState);
}

/** The user types for the permission select; administrators get the BtoB group only. */
export async function getAllUserTypes(
  { db }: Pick<UserAdminDeps, 'db'>,
  caller: Caller,
  input: { userGroup?: string | undefined },
) {
  authorize(mayAdministerUsers(caller));
  const btobOnly = input.userGroup === 'BtoB' || userTypeGroupScope(caller) === 'BtoB';
  return (await listUserTypes(db)).filter((t) => !btobOnly || t.user_group === 'BtoB');
}
