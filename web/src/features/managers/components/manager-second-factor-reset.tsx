import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { DialogModal } from '../../../components/feedback/dialog-modal';
import { PhrasedText } from '../../../components/text/phrased-text';
import type { EditRow } from '../../../hooks/use-edit-rows';
import { useSession } from '../../../lib/session';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { resetSecondFactor } from '../api/reset-second-factor';
import type { UserValues } from '../utils/manager-values';

const FAILED = '2段階認証をリセットできませんでした。時間をおいて再度お試しください。';

/**
 * Staff reset a person's second factor from the managers page, after a confirmation:
 * the person sets it up again at their next sign-in (staff) or on the account page. The server
 * writes it to the audit log and refuses it for anyone but staff, and for one's own rows.
 */
export function useSecondFactorReset() {
  const { userInfo } = useSession();
  const [row, setRow] = useState<EditRow<UserValues> | null>(null);
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);

  const request = (target: EditRow<UserValues>) => {
    setRow(target);
    setOpened(true);
  };
  const close = () => {
    if (!busy) setOpened(false);
  };
  const confirm = async () => {
    if (!row?.id || busy) return;
    setBusy(true);
    try {
      const answer = await resetSecondFactor({ id: row.id, userId: userInfo?.id });
      showSuccessToast(
        answer.reset
          ? `${row.original.user_name}様の2段階認証をリセットしました。`
          : `${row.original.user_name}様は2段階認証を設定していません。`,
      );
      setOpened(false);
    } catch {
      showErrorToast(FAILED);
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <DialogModal opened={opened} onClose={close} title="2段階認証のリセット" centered>
      {row && (
        <Stack gap="md">
          <Text>
            「{row.original.user_name}
            様」の2段階認証をリセットします。認証アプリの登録、バックアップコード、信頼済みのブラウザはすべて使えなくなり、本人は次回ログイン時（またはアカウント設定）で設定し直します。よろしいですか？
          </Text>
          <Table variant="vertical" withTableBorder layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={120}>メールアドレス</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>{row.original.mail}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>氏名</Table.Th>
                <Table.Td>
                  <PhrasedText text={row.original.user_name} sizing />
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              キャンセル
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={busy}>
              リセットする
            </Button>
          </Group>
        </Stack>
      )}
    </DialogModal>
  );
  return { request, dialog };
}

/** The row's action: staff only, saved rows of other people. */
export function SecondFactorResetButton({
  row,
  onReset,
  text,
}: {
  row: EditRow<UserValues>;
  onReset: (row: EditRow<UserValues>) => void;
  /** The visible words; the accessible name always says whose factor and what. */
  text: string;
}) {
  return (
    <Button
      size="compact-sm"
      variant="default"
      color="red"
      onClick={() => onReset(row)}
      aria-label={`${row.original.mail} の2段階認証をリセット`}
    >
      {text}
    </Button>
  );
}
