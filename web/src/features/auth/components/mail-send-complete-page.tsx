import { Button, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { AuthCard } from './auth-card';

function sentTo(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('mail' in state)) return null;
  const { mail } = state as { mail: unknown };
  return typeof mail === 'string' && mail !== '' ? mail : null;
}

/** docs/product.md §2 /mail-send-complete: the reset mail is on its way; back to login. */
export function MailSendCompletePage() {
  usePageTitle(paths.mailSendComplete.pageName);
  const mail = sentTo(useLocation().state);
  return (
    <AuthCard title={paths.mailSendComplete.pageName}>
      <Stack gap="md">
        <Text>
          {mail ? (
            <>
              <Text span fw={700} style={{ overflowWrap: 'anywhere' }}>
                {mail}
              </Text>{' '}
              宛てにパスワード再設定用のメールを送信しました。
            </>
          ) : (
            'パスワード再設定用のメールを送信しました。'
          )}
        </Text>
        <Text>メールに記載されたURLから、新しいパスワードを設定してください。</Text>
        <Text size="sm" c="dimmed">
          メールが届かない場合は、迷惑メールフォルダをご確認のうえ、時間をおいて再度お試しください。
        </Text>
        <Button component={Link} to={paths.login.path} size="md" fullWidth mt="md">
          ログイン画面に戻る
        </Button>
      </Stack>
    </AuthCard>
  );
}
