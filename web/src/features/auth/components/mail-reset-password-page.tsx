import { RESET_MESSAGES } from '@domain/messages';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { PasswordResetRequestError, useSendPasswordResetMail } from '../api/request-password-reset';
import { AuthCard } from './auth-card';
import { NoticeAlert } from './notice-alert';

/** docs/product.md §2 /mail-reset-password: a mail address to send the reset link to. */
export function MailResetPasswordPage() {
  usePageTitle(paths.mailResetPassword.pageName);
  const navigate = useNavigate();
  const send = useSendPasswordResetMail();
  const [mail, setMail] = useState('');
  const [mailError, setMailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mailRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    setMailError(null);
    setFailure(null);
    const address = mail.trim();
    send.mutate(address, {
      onSuccess: () => navigate(paths.mailSendComplete.path, { state: { mail: address } }),
      onError: (error) => {
        // The "check your mail" message belongs to the field; a failed sending is for the page.
        if (error instanceof PasswordResetRequestError && error.reason === 'checkMail') {
          setMailError(RESET_MESSAGES.checkMail);
          mailRef.current?.focus();
        } else setFailure(RESET_MESSAGES.sendFailed);
      },
    });
  };

  return (
    <AuthCard
      title={paths.mailResetPassword.pageName}
      description="ご登録のメールアドレスを入力してください。パスワード再設定用のURLをメールでお送りします。"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          {failure && <NoticeAlert notice={{ kind: 'error', lines: [failure] }} />}
          <TextInput
            ref={mailRef}
            label="メールアドレス"
            type="email"
            name="mail"
            autoComplete="email"
            inputMode="email"
            size="md"
            value={mail}
            onChange={(event) => {
              setMail(event.currentTarget.value);
              setMailError(null);
            }}
            error={mailError}
          />
          <Button type="submit" size="md" fullWidth mt="xs" loading={send.isPending}>
            送信
          </Button>
          <Anchor component={Link} to={paths.login.path} size="sm" ta="center">
            ログイン画面に戻る
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
