import { SECOND_FACTOR_MESSAGES } from '@domain/second-factor';
import { Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { startSecondFactorEnrolment } from '../../../api/second-factor';
import { CurrentPasswordInput, FormAlert, passwordFailure } from './second-factor-password';

const START_FAILED = '2段階認証の設定を始められませんでした。時間をおいて再度お試しください。';

/** Before a new secret is made: the current password (docs/decisions/025). */
export function EnrolPasswordForm({
  onStarted,
  onCancel,
}: {
  onStarted: (enrolment: { secret: string; uri: string }) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    if (password === '') {
      setError(SECOND_FACTOR_MESSAGES.enterPassword);
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      onStarted(await startSecondFactorEnrolment(password));
    } catch (failure) {
      setBusy(false);
      const shown = passwordFailure(failure, START_FAILED);
      setError(shown?.field ?? null);
      setAlert(shown?.alert ?? null);
      if (shown?.field) input.current?.select();
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={480}>
        <Text size="sm">確認のため、現在のパスワードを入力してください。</Text>
        {alert && <FormAlert>{alert}</FormAlert>}
        <CurrentPasswordInput
          inputRef={input}
          value={password}
          onChange={(value) => {
            setPassword(value);
            setError(null);
          }}
          error={error}
        />
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            次へ
          </Button>
          <Button variant="default" onClick={onCancel}>
            キャンセル
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
