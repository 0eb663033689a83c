import type { SignInEvent } from '@domain/api/account';
import { Badge, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { useSignIns } from '../api/get-sign-ins';
import { signInResultLabel, signInTime } from '../utils/sign-in-labels';
import { AccountSection } from './account-section';

export const SIGN_IN_HISTORY_TEXTS = {
  description:
    'このアカウントの最近のログイン（最大20件、日時の降順）です。心当たりのないログインがあれば、パスワードを変更してください。',
  empty: 'ログインの記録はまだありません。',
  failed: 'ログイン履歴を読み込めませんでした。',
} as const;

function Result({ event }: { event: SignInEvent }) {
  return (
    <Badge color={event.success ? 'teal' : 'red'} variant="light" radius="sm" mt={4} tt="none">
      {signInResultLabel(event)}
    </Badge>
  );
}

/** The last 20 sign-ins of this account from the audit log: a table on a desktop, cards on a phone. */
export function SignInHistorySection() {
  const isDesktop = useIsDesktop();
  const history = useSignIns();
  const items = history.data?.items ?? [];

  let body: React.ReactNode;
  if (history.isPending) {
    body = (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label="読み込み中" />
      </Group>
    );
  } else if (history.isError) {
    body = <Text c="red.8">{SIGN_IN_HISTORY_TEXTS.failed}</Text>;
  } else if (items.length === 0) {
    body = <Text c="dimmed">{SIGN_IN_HISTORY_TEXTS.empty}</Text>;
  } else if (isDesktop) {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover aria-label="ログイン履歴">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">日時</Table.Th>
              <Table.Th scope="col">IPアドレス</Table.Th>
              <Table.Th scope="col">ブラウザ</Table.Th>
              <Table.Th scope="col">結果</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((event) => (
              <Table.Tr key={event.id}>
                <Table.Td>{signInTime(event.at)}</Table.Td>
                <Table.Td>{event.ip_address ?? '不明'}</Table.Td>
                <Table.Td>{event.browser}</Table.Td>
                <Table.Td>
                  <Result event={event} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  } else {
    body = (
      <Stack
        gap="xs"
        component="ul"
        aria-label="ログイン履歴"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {items.map((event) => (
          <Paper component="li" key={event.id} withBorder p="sm" radius="sm">
            {/* The time on its own line, the result below it: a failure's reason reads whole. */}
            <Text fw={600} size="sm">
              {signInTime(event.at)}
            </Text>
            <Result event={event} />
            <Text size="sm" mt={4}>
              {event.browser}
            </Text>
            <Text size="sm" c="dimmed">
              {event.ip_address ?? '不明'}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <AccountSection title="ログイン履歴" description={SIGN_IN_HISTORY_TEXTS.description}>
      {body}
    </AccountSection>
  );
}
