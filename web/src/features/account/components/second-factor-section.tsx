import { SECOND_FACTOR_MESSAGES } from '@domain/second-factor';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import {
  disableSecondFactor,
  getSecondFactorStatus,
  secondFactorErrorMessage,
} from '../../../api/second-factor';
import { BackupCodesList } from '../../../components/second-factor/backup-codes-list';
import {
  SecondFactorCodeInput,
  useSecondFactorEntry,
} from '../../../components/second-factor/code-entry';
import { EnrolmentPanel } from '../../../components/second-factor/enrolment-panel';
import { AccountSection } from './account-section';

const LOAD_FAILED = '2段階認証の状態を読み込めませんでした。時間をおいて再度お試しください。';

type Status = Awaited<ReturnType<typeof getSecondFactorStatus>>;

/**
 * The account page's second factor (issue 22): turn it on (QR code, a code, the backup codes
 * once) or off with a code or a backup code. Staff under STAFF_SECOND_FACTOR=required keep it.
 */
export function SecondFactorSection() {
  const [status, setStatus] = useState<Status | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [mode, setMode] = useState<'idle' | 'enrol' | 'codes' | 'disable'>('idle');
  const [backupCodes, setBackupCodes] = useState<string[]>([]);

  const load = useCallback(() => {
    getSecondFactorStatus()
      .then((s) => {
        setStatus(s);
        setLoadError(false);
      })
      .catch(() => setLoadError(true));
  }, []);
  useEffect(load, [load]);

  const enrolled = useCallback(
    (codes: string[]) => {
      setBackupCodes(codes);
      setMode('codes');
      load();
    },
    [load],
  );

  return (
    <AccountSection
      title="2段階認証"
      description="ログインのとき、パスワードに加えてスマートフォンの認証アプリに表示される確認コードを求めます。"
    >
      {loadError ? (
        <Text c="red.8" role="alert" size="sm">
          {LOAD_FAILED}
        </Text>
      ) : !status ? (
        <Group justify="center" py="sm">
          <Loader size="sm" aria-label="読み込み中" />
        </Group>
      ) : mode === 'enrol' ? (
        <Stack gap="md">
          <EnrolmentPanel onEnrolled={enrolled} />
          <Anchor component="button" type="button" size="sm" onClick={() => setMode('idle')}>
            やめる
          </Anchor>
        </Stack>
      ) : mode === 'codes' ? (
        <Stack gap="md">
          <Text size="sm" role="status">
            2段階認証を有効にしました。
          </Text>
          <BackupCodesList codes={backupCodes} />
          <Button variant="default" onClick={() => setMode('idle')} style={{ alignSelf: 'start' }}>
            保管しました
          </Button>
        </Stack>
      ) : status.enabled ? (
        <Stack gap="sm">
          <Text size="sm">
            <strong>有効</strong>（バックアップコードの残り: {status.backupCodesLeft}個）
          </Text>
          {status.required ? (
            <Text size="sm" c="dimmed">
              {SECOND_FACTOR_MESSAGES.staffCannotDisable}
            </Text>
          ) : mode === 'disable' ? (
            <DisableForm
              onDone={() => {
                setMode('idle');
                load();
              }}
              onCancel={() => setMode('idle')}
            />
          ) : (
            <Button
              variant="default"
              color="red"
              onClick={() => setMode('disable')}
              style={{ alignSelf: 'start' }}
            >
              2段階認証を無効にする
            </Button>
          )}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            <strong>無効</strong>
          </Text>
          <Button onClick={() => setMode('enrol')} style={{ alignSelf: 'start' }}>
            2段階認証を有効にする
          </Button>
        </Stack>
      )}
    </AccountSection>
  );
}

function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const entry = useSecondFactorEntry();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const taken = entry.take();
    if (!taken) return;
    setBusy(true);
    try {
      await disableSecondFactor(taken);
      onDone();
    } catch (failure) {
      setBusy(false);
      entry.setError(secondFactorErrorMessage(failure, SECOND_FACTOR_MESSAGES.wrongCode));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Alert color="orange" variant="light">
          無効にすると、ログインはパスワードだけになります。確認のため、コードを入力してください。
        </Alert>
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
