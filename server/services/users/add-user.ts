import type { z } from 'zod';
import type { ManagedUser, saveUserBodySchema } from '../../../domain/api/user';
import { normaliseMail } from '../../../domain/mail-address';
import { MAIL_HELD_ELSEWHERE, MAIL_NOT_CONFIRMED } from '../../../domain/manager-row';
import { HttpError } from '../../errors';
import { IdentityExistsError } from '../../identity/identity-port';
import { invitationMail } from '../../identity/mail-templates';
import { recordAudit } from '../../repositories/audit-log-repository';
import {
  findManagedUser,
  findRowOfMailAt,
  hasActiveRow,
  identityHoldsMail,
  insertUserRow,
  inUsersTransaction,
  reachOfIdentities,
  reachOfMail,
  restoreUserRow,
  UserRowTakenError,
} from '../../repositories/users-repository';
import { authorize, mayAddMailOf, mayAdministerUsers } from '../authorization';
import type { Caller } from '../caller';
import {
  actorOf,
  assertValidRow,
  customerToManage,
  duplicate,
  type UserAdminDeps,
  withVisibleUids,
} from './user-admin-common';

type SaveUser = z.infer<typeof saveUserBodySchema>;

const mailNotConfirmed = () =>
  new HttpError(409, MAIL_NOT_CONFIRMED.code, MAIL_NOT_CONFIRMED.message, {
    detail: { description: MAIL_NOT_CONFIRMED.description },
  });

const mailHeldElsewhere = () =>
  new HttpError(409, MAIL_HELD_ELSEWHERE.code, MAIL_HELD_ELSEWHERE.message, {
    detail: { description: MAIL_HELD_ELSEWHERE.description },
  });

/**
 * Adds a user row. A mail without an identity gets one (no usable password) and an invitation
 * whose link lets the person choose a password; an existing mail only gains the row, and an
 * administrator may add it only for a person within their reach (mayAddMailOf). A row
 * deleted before (docs/product.md §8 tells a deleted user to ask their administrator to be added
 * again) is brought back with the new name and permission instead of refused as a duplicate.
 *
 * The identity lives with the provider, outside the database's transaction: it is created after
 * every check has passed, and removed again when its row cannot be written, so that a failed
 * save leaves no identity that would hold the mail for nobody.
 */
export async function addUser(deps: UserAdminDeps, caller: Caller, input: SaveUser) {
  const { db, identity } = deps;
  authorize(mayAdministerUsers(caller));
  assertValidRow(input);
  const customer = await customerToManage(db, caller, input);
  const mail = normaliseMail(input.mail);
  const userName = input.user_name.trim();

  const existingUid = await identity.findUidByMail(mail);
  const reach = await reachOfMail(db, mail, existingUid);
  const isNewPerson = existingUid === null && reach.corporations.length === 0;
  if (mayAddMailOf(caller, isNewPerson ? null : reach) !== 'allowed') throw mailHeldElsewhere();
  const taken = await findRowOfMailAt(db, mail, input.customer_code);
  if (taken && !taken.deleted) throw duplicate('mail');
  // An existing account is joined only when it has proved the mail: verified at the provider, or
  // joined to this very mail by the portal before (an invitation not yet used). Under Firebase a
  // person may change their own account's mail without confirming it; adding that mail must not
  // hand the row to them.
  if (
    existingUid !== null &&
    (await identity.getIdentity(existingUid))?.mailVerified !== true &&
    !(await identityHoldsMail(db, existingUid, mail))
  ) {
    throw mailNotConfirmed();
  }

  let uid = existingUid;
  const isNewAccount = uid === null;
  if (uid === null) {
    try {
      uid = await identity.createIdentity({ mail, name: userName, mailVerified: false });
    } catch (err) {
      // The same mail added at the same moment (a double submit): the other one won.
      if (err instanceof IdentityExistsError) throw duplicate('mail');
      throw err;
    }
  }
  const firebaseUid = uid;
  // A person whose last row was deleted was disabled at the provider (deleteUser): being added
  // again lets them sign in again. One disabled elsewhere (Firebase's console) while they still
  // hold rows stays disabled.
  const enableAgain =
    !isNewAccount &&
    !(await hasActiveRow(db, firebaseUid)) &&
    (await identity.getIdentity(firebaseUid))?.disabled === true;
  // A new person's invitation: its link is made before the transaction (the provider is outside
  // it), the mail is written to the outbox inside it (docs/decisions/014).
  const invitationLink = isNewAccount ? await invitationLinkOf(deps, firebaseUid) : null;

  let user: ManagedUser;
  try {
    user = await inUsersTransaction(db, async (tx) => {
      const values = {
        user_name: userName,
        user_type_id: input.user_type_id,
        firebase_uid: firebaseUid,
        // Joining an identity that existed before: its sessions signed in until now do not get
        // the row; the owner signs in again to use it (resolveCaller, docs/decisions/011).
        identity_joined_at: isNewAccount ? null : new Date(),
      };
      const before = taken ? ((await findManagedUser(tx, taken.id)) ?? null) : null;
      let id: number;
      if (taken) {
        await restoreUserRow(tx, taken.id, values);
        id = taken.id;
      } else {
        id = await insertUserRow(tx, { ...values, mail, customer_code: input.customer_code });
      }
      const saved = (await findManagedUser(tx, id))!;
      if (invitationLink !== null) {
        await deps.mailer.enqueue(
          tx,
          {
            to: saved.mail,
            ...invitationMail(deps.config, saved.user_name, customer.customerName, invitationLink),
          },
          { kind: 'invitation', expiresAt: invitationExpiry(deps) },
        );
      }
      await recordAudit(tx, {
        ...actorOf(caller),
        action: taken ? 'user.restore' : 'user.create',
        entity: 'user',
        entityId: saved.id,
        customerCode: saved.customer_code,
        before,
        after: { ...saved, is_new_account: isNewAccount },
      });
      return saved;
    });
  } catch (err) {
    if (isNewAccount) await removeUnusedIdentity(deps, firebaseUid);
    if (err instanceof UserRowTakenError) throw duplicate('mail');
    throw err;
  }

  if (invitationLink !== null) deps.mailer.kick();
  if (enableAgain) await identity.setDisabled(firebaseUid, false);
  const invitationSent = invitationLink !== null;
  const [visible] = await withVisibleUids(db, caller, [user]);
  return { ...visible!, is_new_account: isNewAccount, invitation_sent: invitationSent };
}

/** An identity created for a row that could not be written, unless a row took it meanwhile. */
async function removeUnusedIdentity(deps: UserAdminDeps, uid: string) {
  try {
    if ((await reachOfIdentities(deps.db, [uid])).size === 0) {
      await deps.identity.deleteIdentity(uid);
    }
  } catch (err) {
    deps.log.error({ err, uid }, 'an identity created for a failed save could not be removed');
  }
}

/**
 * The invitation's link. The user is saved whatever happens here; when no link can be made the
 * answer says the invitation was not sent instead of failing the save, and the person can still
 * use "forgot password". Once written to the outbox the mail is sent, retried while the mail
 * server is away (invitation_sent: true).
 */
async function invitationLinkOf(deps: UserAdminDeps, uid: string): Promise<string | null> {
  try {
    return await deps.identity.invitationLink(uid);
  } catch (err) {
    deps.log.error({ err, uid }, 'no invitation link could be made; no invitation is sent');
    return null;
  }
}

/** Until when the invitation's link works, as long as the provider keeps it. */
function invitationExpiry(deps: UserAdminDeps): Date {
  return new Date(Date.now() + deps.identity.invitationLinkValidSeconds * 1000);
}
