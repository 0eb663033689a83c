import '@mantine/core/styles/Combobox.layer.css';
import { canOpenManagers } from '@domain/user-type';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCustomerNames } from '../../api/get-customer-name';
import { loadUserSession } from '../../api/load-user-session';
import { paths } from '../../config/paths';
import { loginUserId } from '../../lib/api-client';
import { isHttpError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { showSuccessToast } from '../../lib/toasts';
import { DialogModal } from '../feedback/dialog-modal';

export const SWITCH_TEXTS = {
  title: '取引先の切り替え',
  prompt: '表示する取引先を選択してください',
  submit: '切り替える',
  cancel: 'キャンセル',
  /** The customer shown now, in full above the choice (a phone's select cuts a long name). */
  current: (label: string) => `表示中の取引先：${label}`,
  switched: (label: string) => `${label} に切り替えました。`,
  failed: '取引先を切り替えられませんでした。時間をおいて再度お試しください。',
  deleted:
    'この取引先のアカウントは削除されています。法人の管理者にアカウントの追加を申請してください。',
} as const;

/** "code: name", as the tenant screen lists them (docs/product.md §2); the code alone until named. */
const customerLabel = (code: number, name: string | undefined) =>
  name ? `${code}: ${name}` : String(code);

/**
 * Where the screen goes after a switch: the same screen's start (a thread or a folder of the other
 * customer is not this one's), or the top page when the new customer's permission does not admit
 * that screen.
 */
export function pathAfterSwitch(pathname: string, userTypeId: number): string {
  const section = `/${pathname.split('/')[1] ?? ''}`;
  const restricted = section === paths.managers.path || section === paths.audit.path;
  if (restricted && !canOpenManagers(userTypeId)) return paths.top.path;
  if (section === paths.editTop.path || section === paths.permissionDenied.path) {
    return paths.top.path;
  }
  return section;
}

/**
 * The choice of the tenant screen for a person already signed in: another of their customer codes,
 * whose user record, corporation and names replace this tab's (as signing in to it would), and
 * every screen reads its data again for it. The server needs no call of its own: it lets a token
 * read the customers its person holds, whichever the screen shows.
 */
export default function CustomerSwitchDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const session = useSession();
  const { identityUid, customerCodeList, userInfo } = session;
  const current = userInfo?.customerCode ?? null;
  const { names } = useCustomerNames(customerCodeList, loginUserId(userInfo?.id));
  // The choice is among the other customers; the one shown now is said in full above it.
  const others = customerCodeList.flatMap((code, index) =>
    code === current ? [] : [{ value: String(code), label: customerLabel(code, names[index]) }],
  );
  const firstOther = customerCodeList.find((code) => code !== current);
  const initial = firstOther === undefined ? '' : String(firstOther);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const switching = useMutation({
    mutationFn: (customerCode: number) => {
      if (!identityUid) throw new Error('A signed-in session has its identity.');
      return loadUserSession({ identityUid, customerCode, customerCodeList });
    },
  });

  const close = () => {
    setValue(initial);
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (switching.isPending) return;
    const chosen = Number(value);
    if (chosen === current) return close();
    switching.mutate(chosen, {
      onSuccess: (data) => {
        session.saveSignedIn(data);
        // What the screens hold is the other customer's: every screen reads its data again.
        void queryClient.resetQueries();
        navigate(pathAfterSwitch(pathname, data.userInfo.userTypeId));
        showSuccessToast(
          SWITCH_TEXTS.switched(customerLabel(chosen, names[customerCodeList.indexOf(chosen)])),
        );
        onClose();
      },
      onError: (failure) =>
        setError(isHttpError(failure, 409) ? SWITCH_TEXTS.deleted : SWITCH_TEXTS.failed),
    });
  };

  return (
    <DialogModal opened={opened} onClose={close} title={SWITCH_TEXTS.title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {current !== null && (
            <Text size="sm">
              {SWITCH_TEXTS.current(
                customerLabel(current, names[customerCodeList.indexOf(current)]),
              )}
            </Text>
          )}
          <NativeSelect
            label={SWITCH_TEXTS.prompt}
            name="customerCode"
            size="md"
            data={others}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Text size="sm" c="dimmed">
            切り替えると、各画面にその取引先の情報を表示します。ログインし直す必要はありません。
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {SWITCH_TEXTS.cancel}
            </Button>
            <Button type="submit" loading={switching.isPending}>
              {SWITCH_TEXTS.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </DialogModal>
  );
}
