import { PASSWORD_POLICY_TEXT } from '@domain/password-policy';
import { Anchor, Button, Stack } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RevealablePasswordInput } from '../../../components/form/revealable-password-input';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { isHttpError } from '../../../lib/http';
import {
  NEW_PASSWORD_TEXTS,
  type NewPasswordErrors,
  validateNewPassword,
} from '../../../lib/new-password';
import type { LoginNotice } from '../../../lib/session';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';
import { NoticeAlert } from './notice-alert';

export const RESET_PASSWORD_TEXTS = {
  invalidLink: [
    'このリンクは無効か、有効期限が切れています。',
    'お手数ですが、パスワード再設定メールをもう一度送信してください。',
  ],
  failed: 'パスワードを再設定できませんでした。時間をおいて再度お試しください。',
  done: 'パスワードを再設定しました。新しいパスワードでログインしてください。',
  registered: '登録が完了しました。設定したパスワードでログインしてください。',
  // The new password's checks, shared with the account page (web/src/lib/new-password.ts).
  ...NEW_PASSWORD_TEXTS,
} as const;

type FieldErrors = NewPasswordErrors;

function InvalidLink() {
  return (
    <Stack gap="lg">
      <NoticeAlert notice={{ kind: 'error', lines: [...RESET_PASSWORD_TEXTS.invalidLink] }} />
      <Button component={Link} to={paths.mailResetPassword.path} size="md" fullWidth>
        パスワード再設定メールを送信する
      </Button>
      <Anchor component={Link} to={paths.login.path} size="sm" ta="center">
        ログイン画面に戻る
      </Anchor>
    </Stack>
  );
}

/** The invitation's link lands here too, with ?invitation=1: the words of a first registration. */
const INVITATION_TEXTS = {
  title: 'パスワードの設定',
  description: 'パスワードを設定して、アカウントの登録を完了してください。',
  submit: 'パスワードを設定して登録',
} as const;

/**
 * Where the reset mail's link lands: /reset-password?token=…, or ?error=INVALID_TOKEN when the
 * server found the link expired or used. A new password meeting the policy, then back to login.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invitation = params.get('invitation') === '1';
  const title = invitation ? INVITATION_TEXTS.title : paths.resetPassword.pageName;
  usePageTitle(title);
  const token = params.get('token');
  const [invalid, setInvalid] = useState(!token || params.has('error'));
  const [values, setValues] = useState({ newPassword: '', confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState(false);
  const newPasswordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  const reset = useResetPassword();

  const change = (field: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending || !token) return;
    setFailure(false);
    const found = validateNewPassword(values.newPassword, values.confirmation);
    setErrors(found);
    if (found.newPassword) return newPasswordRef.current?.focus();
    if (found.confirmation) return confirmationRef.current?.focus();
    reset.mutate(
      { newPassword: values.newPassword, token },
      {
        onSuccess: () => {
          const done = invitation ? RESET_PASSWORD_TEXTS.registered : RESET_PASSWORD_TEXTS.done;
          const notice: LoginNotice = { kind: 'success', lines: [done] };
          navigate(paths.login.path, { replace: true, state: { notice } });
        },
        onError: (error) => {
          if (isHttpError(error, 400) && error.code === 'INVALID_TOKEN') setInvalid(true);
          else if (isHttpError(error, 400) && error.code === 'PASSWORD_POLICY') {
            setErrors({ newPassword: RESET_PASSWORD_TEXTS.policyNotMet });
            newPasswordRef.current?.focus();
          } else setFailure(true);
        },
      },
    );
  };

  return (
    <AuthCard
      title={title}
      description={
        invalid
          ? undefined
          : invitation
            ? INVITATION_TEXTS.description
            : '新しいパスワードを入力してください。'
      }
    >
      {invalid ? (
        <InvalidLink />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            {failure && (
              <NoticeAlert notice={{ kind: 'error', lines: [RESET_PASSWORD_TEXTS.failed] }} />
            )}
            <RevealablePasswordInput
              ref={newPasswordRef}
              label="新しいパスワード"
              description={PASSWORD_POLICY_TEXT}
              name="newPassword"
              autoComplete="new-password"
              size="md"
              value={values.newPassword}
              onChange={change('newPassword')}
              error={errors.newPassword}
              what="新しいパスワード"
            />
            <RevealablePasswordInput
              ref={confirmationRef}
              label="新しいパスワード（確認）"
              name="confirmation"
              autoComplete="new-password"
              size="md"
              value={values.confirmation}
              onChange={change('confirmation')}
              error={errors.confirmation}
              what="確認用のパスワード"
            />
            <Button type="submit" size="md" fullWidth mt="xs" loading={reset.isPending}>
              {invitation ? INVITATION_TEXTS.submit : 'パスワードを再設定'}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
