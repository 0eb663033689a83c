// Mantine styles load per component (decision 013): this lazy step brings the ones it uses.
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { LOGIN_MESSAGES } from '@domain/messages';
import { SECOND_FACTOR_MESSAGES } from '@domain/second-factor';
import { Anchor, Button, Checkbox, Group, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { secondFactorErrorMessage, verifySecondFactor } from '../../../api/second-factor';
import {
  SecondFactorCodeInput,
  useSecondFactorEntry,
} from '../../../components/second-factor/code-entry';
import { isHttpError } from '../../../lib/http';
import type { LoginNotice } from '../../../lib/session';

/**
 * The sign-in's second step: the 「確認コード」 of the authenticator app, or a backup code,
 * with the option to trust this browser for 30 days. Wrong codes count toward the account lock;
 * when it locks, the waiting session has ended and the person starts again at the login form.
 */
export function SecondFactorCodeStep({
  onVerified,
  onFailed,
  onCancel,
  finishing = false,
}: {
  onVerified: () => void;
  /** The sign-in goes on after the code (the customer codes, the user record). */
  finishing?: boolean;
  /** The sign-in cannot go on (locked, or the waiting session is gone): back to the form. */
  onFailed: (notice: LoginNotice) => void;
  onCancel: () => void;
}) {
  const entry = useSecondFactorEntry();
  const { useBackup, setError, input } = entry;
  const [trust, setTrust] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const taken = entry.take();
    if (!taken) return;
    setBusy(true);
    setError(null);
    try {
      await verifySecondFactor({ ...taken, trustBrowser: trust });
      onVerified();
    } catch (failure) {
      setBusy(false);
      const body = isHttpError(failure) ? (failure.body as { account_locked?: unknown }) : null;
      if (isHttpError(failure, 423)) {
        onFailed({ kind: 'error', lines: [LOGIN_MESSAGES.locked] });
      } else if (isHttpError(failure, 401) && body?.account_locked === true) {
        onFailed({
          kind: 'error',
          lines: [
            useBackup ? SECOND_FACTOR_MESSAGES.wrongBackupCode : SECOND_FACTOR_MESSAGES.wrongCode,
            LOGIN_MESSAGES.lockedNowAddition,
          ],
        });
      } else if (
        isHttpError(failure, 401) &&
        (failure as { code: string }).code === 'UNAUTHORIZED'
      ) {
        onFailed({ kind: 'error', lines: [SECOND_FACTOR_MESSAGES.pending] });
      } else if (isHttpError(failure, 409)) {
        onFailed({ kind: 'error', lines: [SECOND_FACTOR_MESSAGES.pending] });
      } else {
        setError(secondFactorErrorMessage(failure, LOGIN_MESSAGES.generic));
        input.current?.select();
      }
    }
  };

  const switchInput = () => {
    entry.toggleBackup();
    input.current?.focus();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <SecondFactorCodeInput
          {...entry.field}
          description={
            useBackup
              ? '設定時に表示された10文字のコード（例: abcde-fghjk）を入力してください。'
              : '認証アプリに表示されている6桁の数字です。'
          }
          name={useBackup ? 'backup-code' : 'one-time-code'}
          size="md"
          data-autofocus
          autoFocus
        />
        <Checkbox
          label="このブラウザを30日間信頼する"
          description="共用のパソコンでは選ばないでください。"
          checked={trust}
          onChange={(e) => setTrust(e.currentTarget.checked)}
        />
        <Button type="submit" size="md" fullWidth loading={busy || finishing}>
          確認
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={switchInput}>
            {useBackup ? '確認コードを使う' : 'バックアップコードを使う'}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onCancel}>
            ログイン画面に戻る
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
