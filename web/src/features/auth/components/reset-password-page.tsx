import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { meetsPasswordPolicy, PASSWORD_POLICY_TEXT } from '../../../../../domain/password-policy';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { isHttpError } from '../../../lib/http';
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
  enterPassword: '新しいパスワードを入力してください。',
  policyNotMet: 'パスワードが条件を満たしていません。',
  enterConfirmation: '確認のため、新しいパスワードをもう一度入力してください。',
  mismatch: 'パスワードが一致しません。',
} as const;

interface FieldErrors {
  newPassword?: string;
  confirmation?: string;
}

export function validateNewPassword(newPassword: string, confirmation: string): FieldErrors {
  const errors: FieldErrors = {};
  if (newPassword === '') errors.newPassword = RESET_PASSWORD_TEXTS.enterPassword;
  else if (!meetsPasswordPolicy(newPassword))
    errors.newPassword = RESET_PASSWORD_TEXTS.policyNotMet;
  if (confirmation === '') errors.confirmation = RESET_PASSWORD_TEXTS.enterConfirmation;
  else if (confirmation !== newPassword) errors.confirmation = RESET_PASSWORD_TEXTS.mismatch;
  return errors;
}

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

/**
 * Where the reset mail's link lands: /reset-password?token=…, or ?error=INVALID_TOKEN when the
 * server found the link expired or used. A new password meeting the policy, then back to login.
 */
export function ResetPasswordPage() {
  usePageTitle(paths.resetPassword.pageName);
  const navigate = useNavigate();
  const [params] = useSearchParams();
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
          const notice: LoginNotice = { kind: 'success', lines: [RESET_PASSWORD_TEXTS.done] };
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
      title={paths.resetPassword.pageName}
      description={invalid ? undefined : '新しいパスワードを入力してください。'}
    >
      {invalid ? (
        <InvalidLink />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            {failure && (
              <NoticeAlert notice={{ kind: 'error', lines: [RESET_PASSWORD_TEXTS.failed] }} />
            )}
            <PasswordInput
              ref={newPasswordRef}
              label="新しいパスワード"
              description={PASSWORD_POLICY_TEXT}
              name="newPassword"
              autoComplete="new-password"
              size="md"
              value={values.newPassword}
              onChange={change('newPassword')}
              error={errors.newPassword}
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': '新しいパスワードを表示' }}
            />
            <PasswordInput
              ref={confirmationRef}
              label="新しいパスワード（確認）"
              name="confirmation"
              autoComplete="new-password"
              size="md"
              value={values.confirmation}
              onChange={change('confirmation')}
              error={errors.confirmation}
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': '確認用のパスワードを表示' }}
            />
            <Button type="submit" size="md" fullWidth mt="xs" loading={reset.isPending}>
              パスワードを再設定
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
