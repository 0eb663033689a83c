import type { Database } from '../../../db/client';
import type { ManagerRowFields } from '../../../domain/manager-row';
import { DUPLICATE_DESCRIPTIONS, managerRowProblems } from '../../../domain/manager-row';
import { fieldProblemMessage } from '../../../domain/top-content';
import type { Config } from '../../config';
import { badRequest, HttpError } from '../../errors';
import type { IdentityPort } from '../../identity/identity-port';
import type { MailOutbox } from '../../mail/mail-outbox';
import { findCustomer } from '../../repositories/customers-repository';
import { reachOfIdentities, userTypeExists } from '../../repositories/users-repository';
import { authorize, mayGiveUserType, mayManageUsersOf, maySeeIdentityOf } from '../authorization';
import type { Caller } from '../caller';
import { auditActorOf } from '../ports';

// What the use cases of user administration (the managers page, docs/product.md §2) share: their
// dependencies, the row check, the duplicate answer, and the uids an administrator may see.

/** Where a use case reports a problem it does not fail for (the request's log). */
export interface ProblemLog {
  error(details: object, message: string): void;
}

export interface UserAdminDeps {
  db: Database;
  identity: IdentityPort;
  /** The mail outbox: invitations are written in the save's transaction. */
  mailer: MailOutbox;
  config: Config;
  log: ProblemLog;
}

/** docs/product.md §5 "Manager row": every problem of the row, each naming its field. */
export function assertValidRow(row: ManagerRowFields): void {
  const problems = Object.entries(managerRowProblems(row));
  if (problems.length > 0) {
    throw badRequest(
      problems.map(([field, p]) => ({ field, message: fieldProblemMessage(p!, field) })),
    );
  }
}

/** 409 with the description the managers page reads to mark the mail or customer cell (§8). */
export const duplicate = (description: keyof typeof DUPLICATE_DESCRIPTIONS) =>
  new HttpError(409, 'CONFLICT', undefined, {
    detail: { description: DUPLICATE_DESCRIPTIONS[description] },
  });

/** The audit log's actor, as every audit entry names it (ports.ts auditActorOf). */
export const actorOf = (caller: Caller) => auditActorOf(caller);

/**
 * The users as the caller may see them: the firebase_uid of a person out of the caller's reach
 * (maySeeIdentityOf: for an administrator, anyone not a user of their corporation, or staff) is
 * given as null.
 */
export async function withVisibleUids<T extends { firebase_uid: string | null }>(
  db: Database,
  caller: Caller,
  list: T[],
): Promise<T[]> {
  const uids = list.flatMap((u) => (u.firebase_uid ? [u.firebase_uid] : []));
  const reach = await reachOfIdentities(db, uids);
  const hidden = (uid: string) => {
    const person = reach.get(uid) ?? { corporations: [], staff: false };
    return maySeeIdentityOf(caller, person) !== 'allowed';
  };
  return list.map((u) =>
    u.firebase_uid && hidden(u.firebase_uid) ? { ...u, firebase_uid: null } : u,
  );
}

/**
 * The customer of a row the caller is to write, once the rules allow it: they manage that
 * customer's users and may give that user type. A customer or user type that does not exist is a
 * mistake in the row (400 naming the field), which only staff get to see.
 */
export async function customerToManage(
  db: Database,
  caller: Caller,
  row: { customer_code: number; user_type_id: number },
) {
  const customer = await findCustomer(db, row.customer_code);
  const decision = mayManageUsersOf(caller, customer);
  if (decision !== 'not-found') authorize(decision);
  authorize(mayGiveUserType(caller, row.user_type_id));
  if (!customer) {
    throw badRequest([{ field: 'customer_code', message: '取引先コードが見つかりません。' }]);
  }
  if (!(await userTypeExists(db, row.user_type_id))) {
    throw badRequest([{ field: 'user_type_id', message: '権限が見つかりません。' }]);
  }
  return customer;
}
