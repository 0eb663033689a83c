import { LOGIN_MESSAGES, lockedMessage } from '@domain/messages';
import { PASSWORD_POLICY_TEXT } from '@domain/password-policy';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { RevealablePasswordInput } from '../../../components/form/revealable-password-input';
import { PhrasedText } from '../../../components/text/phrased-text';
import { isHttpError } from '../../../lib/http';
import {
  NEW_PASSWORD_TEXTS,
  type NewPasswordErrors,
  validateNewPassword,
} from '../../../lib/new-password';
import { showSuccessToast } from '../../../lib/toasts';
import { useChangePassword } from '../api/change-password';
import { AccountSection } from './account-section';

export const PASSWORD_TEXTS = {
  description: 'パスワードを変更すると、ほかの端末やブラウザのログインは終了します。',
  enterCurrent: '現在のパスワードを入力してください。',
  wrongCurrent: '現在のパスワードが正しくありません。',
  done: 'パスワードを変更しました。',
  failed: 'パスワードを変更できませんでした。時間をおいて再度お試しください。',
} as const;

type Errors = NewPasswordErrors & { currentPassword?: string };
const EMPTY = { currentPassword: '', newPassword: '', confirmation: '' };

/**
 * The password change (docs/product.md §5 rules, the reset screen's checks): the current password
 * is checked under the account lock, so five wrong ones lock the account like a sign-in.
 */
export function PasswordSection() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  /** A message for the whole form: the lock, or a failure that is no field's. */
  const [alert, setAlert] = useState<string[] | null>(null);
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmation: useRef<HTMLInputElement>(null),
  };
  const change = useChangePassword();

  const edit = (field: keyof typeof EMPTY) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const focusFirst = (found: Errors) => {
    const first = (['currentPassword', 'newPassword', 'confirmation'] as const).find(
      (f) => found[f],
    );
    if (first) refs[first].current?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setAlert(null);
    const found: Errors = {
      ...(values.currentPassword === '' ? { currentPassword: PASSWORD_TEXTS.enterCurrent } : {}),
      ...validateNewPassword(values.newPassword, values.confirmation),
    };
    // The current password again is no change: said at once, as the server would say it.
    if (
      !found.newPassword &&
      values.newPassword !== '' &&
      values.newPassword === values.currentPassword
    ) {
      found.newPassword = LOGIN_MESSAGES.samePassword;
    }
    setErrors(found);
    if (Object.values(found).some(Boolean)) return focusFirst(found);
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(EMPTY);
          showSuccessToast(PASSWORD_TEXTS.done);
        },
        onError: (error) => {
          if (isHttpError(error, 423)) {
            const until = (error.body as { locked_until?: unknown } | null)?.locked_until;
            setAlert([lockedMessage(typeof until === 'string' ? new Date(until) : null)]);
          } else if (isHttpError(error, 400) && error.code === 'INVALID_PASSWORD') {
            const lockedNow = (error.body as { account_locked?: unknown } | null)?.account_locked;
            const next = { currentPassword: PASSWORD_TEXTS.wrongCurrent };
            setErrors(next);
            if (lockedNow === true) setAlert([LOGIN_MESSAGES.lockedNowAddition]);
            focusFirst(next);
          } else if (isHttpError(error, 400) && error.code === 'SAME_PASSWORD') {
            const next = { newPassword: LOGIN_MESSAGES.samePassword };
            setErrors(next);
            focusFirst(next);
          } else if (isHttpError(error, 400) && error.code === 'PASSWORD_POLICY') {
            const next = { newPassword: NEW_PASSWORD_TEXTS.policyNotMet };
            setErrors(next);
            focusFirst(next);
          } else {
            setAlert([PASSWORD_TEXTS.failed]);
          }
        },
      },
    );
  };

  return (
    <AccountSection title="パスワードの変更" description={PASSWORD_TEXTS.description}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={480}>
          {alert && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={20} aria-hidden="true" />}
              role="alert"
            >
              {alert.join('')}
            </Alert>
          )}
          <RevealablePasswordInput
            ref={refs.currentPassword}
            label="現在のパスワード"
            name="currentPassword"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={edit('currentPassword')}
            error={errors.currentPassword}
            what="現在のパスワード"
          />
          <RevealablePasswordInput
            ref={refs.newPassword}
            label="新しいパスワード"
            description={<PhrasedText text={PASSWORD_POLICY_TEXT} />}
            name="newPassword"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={edit('newPassword')}
            error={errors.newPassword}
            what="新しいパスワード"
          />
          <RevealablePasswordInput
            ref={refs.confirmation}
            label="新しいパスワード（確認）"
            name="confirmation"
            autoComplete="new-password"
            value={values.confirmation}
            onChange={edit('confirmation')}
            error={errors.confirmation}
            what="確認用のパスワード"
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              パスワードを変更
            </Button>
          </Group>
        </Stack>
      </form>
    </AccountSection>
  );
}
