import type { ManagedUserWithState } from '@domain/api/user';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isHttpError } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { MANAGED_USERS_QUERY_ROOT } from '../api/get-managed-users';
import { resendInvitation, unlockAccount } from '../api/sign-in-actions';
import { SIGN_IN_STATE_TEXTS, signInStateWords } from '../utils/manager-sign-in-state';

const COLOR = { invited: 'blue', active: 'teal', locked: 'red' } as const;

/** The server's own sentence of a 409 (already signed in, no account), else the general one. */
function refusalMessage(error: unknown, fallback: string): string {
  if (!isHttpError(error, 409)) return fallback;
  const message = (error.body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
}

/**
 * The managers page's actions on a person's sign-in: the invitation sent again, the lock lifted;
 * each answered in a toast and the list read again, so that the row shows the new state.
 */
export function useSignInActions() {
  const { userInfo } = useSession();
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<number | null>(null);
  const run = async (
    user: ManagedUserWithState,
    act: () => Promise<string>,
    failed: string,
  ): Promise<void> => {
    if (busyId !== null) return;
    setBusyId(user.id);
    try {
      showSuccessToast(await act());
    } catch (error) {
      showErrorToast(refusalMessage(error, failed));
    } finally {
      setBusyId(null);
      void queryClient.invalidateQueries({ queryKey: MANAGED_USERS_QUERY_ROOT });
    }
  };
  const resend = (user: ManagedUserWithState) =>
    run(
      user,
      async () => {
        await resendInvitation({ id: user.id, userId: userInfo?.id });
        return SIGN_IN_STATE_TEXTS.resent(user.user_name);
      },
      SIGN_IN_STATE_TEXTS.resendFailed,
    );
  const unlock = (user: ManagedUserWithState) =>
    run(
      user,
      async () => {
        const { lifted } = await unlockAccount({ id: user.id, userId: userInfo?.id });
        return (lifted ? SIGN_IN_STATE_TEXTS.unlocked : SIGN_IN_STATE_TEXTS.notLocked)(
          user.user_name,
        );
      },
      SIGN_IN_STATE_TEXTS.unlockFailed,
    );
  return { resend, unlock, busyId };
}

/**
 * A saved row's sign-in state, under its mail: the state as a badge, the last sign-in under it, and the action the
 * state calls for (none on one's own row).
 */
export function SignInStateCell({
  user,
  own,
  actions,
}: {
  user: ManagedUserWithState;
  own: boolean;
  actions: ReturnType<typeof useSignInActions>;
}) {
  const words = signInStateWords(user);
  const busy = actions.busyId === user.id;
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={COLOR[user.sign_in_state]} variant="light" radius="sm" tt="none">
        {words.state}
      </Badge>
      <Text size="xs" c="dimmed">
        {words.lastSignIn}
      </Text>
      {!own && user.sign_in_state === 'invited' && (
        <Button
          size="compact-sm"
          variant="default"
          loading={busy}
          onClick={() => void actions.resend(user)}
          aria-label={`${user.mail} に${SIGN_IN_STATE_TEXTS.resend}`}
        >
          {SIGN_IN_STATE_TEXTS.resend}
        </Button>
      )}
      {!own && user.sign_in_state === 'locked' && (
        <Button
          size="compact-sm"
          variant="default"
          color="red"
          loading={busy}
          onClick={() => void actions.unlock(user)}
          aria-label={`${user.mail} の${SIGN_IN_STATE_TEXTS.unlock}`}
        >
          {SIGN_IN_STATE_TEXTS.unlock}
        </Button>
      )}
    </Stack>
  );
}
