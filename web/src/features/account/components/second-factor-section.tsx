import { SECOND_FACTOR_MESSAGES } from '@domain/second-factor';
import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { getSecondFactorStatus } from '../../../api/second-factor';
import { BackupCodesList } from '../../../components/second-factor/backup-codes-list';
import { EnrolmentPanel } from '../../../components/second-factor/enrolment-panel';
import { AccountSection } from './account-section';
import { DisableForm } from './second-factor-disable-form';
import { EnrolPasswordForm } from './second-factor-enrol-form';

const LOAD_FAILED = '2段階認証の状態を読み込めませんでした。時間をおいて再度お試しください。';

type Status = Awaited<ReturnType<typeof getSecondFactorStatus>>;

/**
 * The account page's second factor: turn it on (QR code, a code, the backup codes
 * once) or off with a code or a backup code. Staff under STAFF_SECOND_FACTOR=required keep it.
 */
export function SecondFactorSection() {
  const [status, setStatus] = useState<Status | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [mode, setMode] = useState<'idle' | 'password' | 'enrol' | 'codes' | 'disable'>('idle');
  const [backupCodes, setBackupCodes] = useState<string[]>([]);
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string } | null>(null);

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
      ) : mode === 'password' ? (
        <EnrolPasswordForm
          onStarted={(started) => {
            setEnrolment(started);
            setMode('enrol');
          }}
          onCancel={() => setMode('idle')}
        />
      ) : mode === 'enrol' && enrolment ? (
        <Stack gap="md">
          <EnrolmentPanel onEnrolled={enrolled} started={enrolment} />
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
          <Button onClick={() => setMode('password')} style={{ alignSelf: 'start' }}>
            2段階認証を有効にする
          </Button>
        </Stack>
      )}
    </AccountSection>
  );
}
