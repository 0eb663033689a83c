import { liftedLockSchema, resentInvitationSchema } from '@domain/api/user';
import { apiRequest, loginUserId } from '../../../lib/api-client';

/** PUT /api/v1/user/resend-invitation: the invitation mail again, to a person not yet signed in. */
export function resendInvitation({ id, userId }: { id: number; userId: number | undefined }) {
  return apiRequest({
    method: 'PUT',
    path: '/user/resend-invitation',
    body: { id, login_user_id: loginUserId(userId) },
    auth: { kind: 'bearer' },
    schema: resentInvitationSchema,
  });
}

/** PUT /api/v1/user/unlock-account: the person's account lock lifted. */
export function unlockAccount({ id, userId }: { id: number; userId: number | undefined }) {
  return apiRequest({
    method: 'PUT',
    path: '/user/unlock-account',
    body: { id, login_user_id: loginUserId(userId) },
    auth: { kind: 'bearer' },
    schema: liftedLockSchema,
  });
}
