import { invitationMail } from '../../identity/mail-templates';
import { recordAudit } from '../../repositories/audit-log-repository';
import { signInFactsOf } from '../../repositories/sign-in-state-repository';
import { inUsersTransaction } from '../../repositories/users-repository';
import { AppError } from '../app-error';
import type { Caller } from '../caller';
import { personToManage } from './person-to-manage';
import { actorOf, type UserAdminDeps } from './user-admin-common';

export const INVITATION_MESSAGES = {
  alreadySignedIn:
    'この利用者は既にログインしているため、招待メールは再送できません。パスワードを忘れた場合は、ログイン画面の「パスワードをお忘れの方はこちら」から再設定できます。',
  noAccount:
    'この利用者にはアカウントがないため、招待メールを送れません。利用者を削除して、追加し直してください。',
  unavailable: '招待メールを送れませんでした。時間をおいて再度お試しください。',
} as const;

/**
 * Sends the invitation again to a person who has not signed in yet (its link expired, or the mail
 * was lost): a new link, the same mail as when the row was added, written to the outbox in the
 * transaction that records it in the audit log (`user.invitation-resend`). A person who has signed
 * in has a password; the reset mail of the sign-in screen is theirs to use instead.
 */
export async function resendInvitation(deps: UserAdminDeps, caller: Caller, input: { id: number }) {
  const { db, identity } = deps;
  const { target, mail, customer } = await personToManage(deps, caller, input.id);
  if ((await signInFactsOf(db, [mail])).get(mail)?.lastSignInAt) {
    throw new AppError('conflict', 'ALREADY_SIGNED_IN', INVITATION_MESSAGES.alreadySignedIn);
  }
  const uid = target.firebase_uid ?? (await identity.findUidByMail(mail));
  if (uid === null) throw new AppError('conflict', 'NO_ACCOUNT', INVITATION_MESSAGES.noAccount);
  let link: string;
  try {
    link = await identity.invitationLink(uid);
  } catch (err) {
    deps.log.error({ err, userId: input.id }, 'no invitation link could be made to send again');
    throw new AppError('unavailable', 'SERVICE_UNAVAILABLE', INVITATION_MESSAGES.unavailable);
  }
  await inUsersTransaction(db, async (tx) => {
    await deps.mailer.enqueue(
      tx,
      { to: mail, ...invitationMail(deps.config, target.user_name, customer.customerName, link) },
      {
        kind: 'invitation',
        expiresAt: new Date(Date.now() + identity.invitationLinkValidSeconds * 1000),
      },
    );
    await recordAudit(tx, {
      ...actorOf(caller),
      action: 'user.invitation-resend',
      entity: 'user',
      entityId: target.id,
      customerCode: target.customer_code,
      before: null,
      after: { mail },
    });
  });
  deps.mailer.kick();
  return { id: target.id, sent: true as const };
}
