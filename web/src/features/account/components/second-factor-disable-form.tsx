import { LOGIN_MESSAGES } from '@domain/messages';
import { SECOND_FACTOR_MESSAGES } from '@domain/second-factor';
import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { disableSecondFactor, secondFactorErrorMessage } from '../../../api/second-factor';
import {
  SecondFactorCodeInput,
  useSecondFactorEntry,
} from '../../../components/second-factor/code-entry';
import { isHttpError } from '../../../lib/http';
import { CurrentPasswordInput, FormAlert, passwordFailure } from './second-factor-password';

const DISABLE_FAILED = '2段階認証を無効にできませんでした。時間をおいて再度お試しください。';

/** Turning the factor off: the current password and a code (or a backup code). */
export function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const entry = useSecondFactorEntry();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    if (password === '') {
      setPasswordError(SECOND_FACTOR_MESSAGES.enterPassword);
      passwordInput.current?.focus();
      return;
    }
    const taken = entry.take();
    if (!taken) return;
    setBusy(true);
    try {
      await disableSecondFactor({ password, ...taken });
      onDone();
    } catch (failure) {
      setBusy(false);
      const refused = passwordFailure(failure, DISABLE_FAILED);
      if (refused?.field) {
        setPasswordError(refused.field);
        setAlert(refused.alert ?? null);
        passwordInput.current?.select();
      } else if (isHttpError(failure, 423)) {
        setAlert(LOGIN_MESSAGES.locked);
      } else {
        entry.setError(secondFactorErrorMessage(failure, SECOND_FACTOR_MESSAGES.wrongCode));
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={480}>
        <Alert color="orange" variant="light">
          無効にすると、ログインはパスワードだけになります。確認のため、現在のパスワードとコードを入力してください。
        </Alert>
        {alert && <FormAlert>{alert}</FormAlert>}
        <CurrentPasswordInput
          inputRef={passwordInput}
          value={password}
          onChange={(value) => {
            setPassword(value);
            setPasswordError(null);
          }}
          error={passwordError}
        />
        <SecondFactorCodeInput {...entry.field} />
        <Group gap="sm">
          <Button type="submit" color="red" loading={busy}>
            無効にする
          </Button>
          <Button variant="default" onClick={onCancel}>
            キャンセル
          </Button>
        </Group>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={entry.toggleBackup}
          style={{ alignSelf: 'start' }}
        >
          {entry.useBackup ? '確認コードを使う' : 'バックアップコードを使う'}
        </Anchor>
      </Stack>
    </form>
  );
}
