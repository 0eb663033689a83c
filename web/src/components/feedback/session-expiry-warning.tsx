import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSession } from '../../lib/session';
import { usePageHasUnsavedChanges } from '../../lib/unsaved-changes-state';
import { DialogModal } from './dialog-modal';

export const SESSION_WARNING_TITLE = 'まもなく自動的にログアウトします';
export const SESSION_WARNING_UNSAVED =
  '登録していない変更があります。ログアウトすると変更は失われますので、続ける場合は先に登録してください。';

/** 「4分05秒」: the time left, to the second. */
export function timeLeftText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return minutes > 0 ? `${minutes}分${rest}秒` : `${seconds % 60}秒`;
}

/**
 * The warning before the sign-out for inactivity (docs/product.md §4; decision 034): a countdown
 * and 「ログインを続ける」, which keeps the session on the server too. On a page with rows not yet
 * registered it says they would be lost.
 */
export function SessionExpiryWarning() {
  const {
    inactivity: { warningEndsAt, stayActive },
  } = useSession();
  const unsaved = usePageHasUnsavedChanges();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (warningEndsAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [warningEndsAt]);
  const opened = warningEndsAt !== null;

  return (
    <DialogModal
      opened={opened}
      onClose={stayActive}
      title={SESSION_WARNING_TITLE}
      centered
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        <Text role="timer" aria-live="off">
          操作のない状態が続いているため、あと
          {/* The time left on one line (「5分 / 00秒」 read as two times on a phone). The shared
              phrase breaking (PhrasedText) would put its module into every screen's first load. */}
          <span style={{ whiteSpace: 'nowrap' }}>
            {timeLeftText(opened ? warningEndsAt - now : 0)}で
          </span>
          自動的にログアウトします。
        </Text>
        {unsaved && (
          <Text fw={700} c="red.8">
            {SESSION_WARNING_UNSAVED}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={stayActive} data-autofocus>
            ログインを続ける
          </Button>
        </Group>
      </Stack>
    </DialogModal>
  );
}
