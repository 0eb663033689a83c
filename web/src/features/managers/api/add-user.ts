import { savedUserSchema } from '@domain/api/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, loginUserId } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { MANAGED_USERS_QUERY_ROOT } from './get-managed-users';

export interface UserInput {
  mail: string;
  user_name: string;
  customer_code: number;
  customer_name: string;
  user_type_id: number;
  /** Sent with an update only; a new row is on. */
  shipment_mail?: boolean;
}

export type SavedUser = z.infer<typeof savedUserSchema>;

/**
 * POST /api/v1/user/add-user. A new mail gets an identity and an invitation (is_new_account);
 * an existing mail only gains the customer. 409 with detail.description for a duplicate, and
 * 409 MAIL_HELD_ELSEWHERE when an administrator names another corporation's user or staff.
 */
export function addUser({ input, userId }: { input: UserInput; userId: number }) {
  const now = new Date().toISOString();
  return apiRequest({
    method: 'POST',
    path: '/user/add-user',
    body: { ...input, login_user_id: userId, created_at: now, updated_at: now },
    auth: { kind: 'bearer' },
    schema: savedUserSchema,
  });
}

/** Resolves once the user list is reloaded (docs/product.md §4). */
export function useAddUser() {
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  return useMutation<SavedUser, Error, UserInput>({
    mutationFn: (input) => addUser({ input, userId: loginUserId(userInfo?.id) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MANAGED_USERS_QUERY_ROOT }),
  });
}
