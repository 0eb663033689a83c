import { resetSecondFactorAnswerSchema } from '@domain/api/second-factor';
import { apiRequest, loginUserId } from '../../../lib/api-client';

/** PUT /api/v1/user/reset-second-factor (staff only): the person's factor is removed. */
export function resetSecondFactor({ id, userId }: { id: number; userId: number | undefined }) {
  return apiRequest({
    method: 'PUT',
    path: '/user/reset-second-factor',
    body: { id, login_user_id: loginUserId(userId) },
    auth: { kind: 'bearer' },
    schema: resetSecondFactorAnswerSchema,
  });
}
