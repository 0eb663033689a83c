import '@mantine/core/styles/Loader.layer.css';
import { SECOND_FACTOR_MESSAGES } from '@domain/second-factor';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  confirmSecondFactorEnrolment,
  secondFactorErrorMessage,
  startSecondFactorEnrolment,
} from '../../api/second-factor';
import { readSecondFactorEntry, SecondFactorCodeInput } from './code-entry';
import { SecretKey } from './secret-key';

// The QR library loads when a key is shown, not with the account page (decision 013, size budgets).
const QrCodeImage = lazy(async () => ({ default: (await import('./qr-code-image')).QrCodeImage }));
const QR_SIZE = 200;

const FAILED = '2段階認証の設定を始められませんでした。時間をおいて再度お試しください。';

export const ENROLMENT_TEXTS = {
  resumed:
    '設定の途中で表示したキーを、もう一度表示しています。認証アプリに登録済みの場合は、そのまま確認コードを入力してください。',
  newKey: '新しいキーを発行する',
  renewed:
    '新しいキーを発行しました。前のキーは使えません。認証アプリに前のキーを登録した場合は、それを削除してから、このキーを登録してください。',
  renewFailed: '新しいキーを発行できませんでした。時間をおいて再度お試しください。',
} as const;

type Enrolment = { secret: string; uri: string; resumed?: boolean | undefined };

/**
 * Turning the second factor on: a new secret as a QR code drawn here and as text, then
 * the first code of the app to confirm it. The enrolment screen of staff and the account page
 * both use it; `onEnrolled` gets the backup codes, which the caller shows once.
 */
export function EnrolmentPanel({
  onEnrolled,
  onUnavailable,
  started: startedBefore,
}: {
  onEnrolled: (backupCodes: string[]) => void;
  /** The enrolment cannot start (no session, a factor already on): the server's message. */
  onUnavailable?: (message: string) => void;
  /** An enrolment the caller started (the account page, after the password): not started again. */
  started?: { secret: string; uri: string };
}) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(startedBefore ?? null);
  const [renewing, setRenewing] = useState(false);
  const [renewed, setRenewed] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const started = useRef(false);

  useEffect(() => {
    // One secret per visit (a second call would replace the first one's secret).
    if (started.current || startedBefore) return;
    started.current = true;
    startSecondFactorEnrolment()
      .then(setEnrolment)
      .catch((failure: unknown) => {
        const message = secondFactorErrorMessage(failure, FAILED);
        setStartError(message);
        onUnavailable?.(message);
      });
  }, [onUnavailable, startedBefore]);

  // A new key only on request: the one waiting may be in the person's app already.
  const renew = async () => {
    if (renewing) return;
    setRenewing(true);
    setError(null);
    try {
      setEnrolment(await startSecondFactorEnrolment(undefined, { newKey: true }));
      setRenewed(true);
      setCode('');
    } catch (failure) {
      setError(secondFactorErrorMessage(failure, ENROLMENT_TEXTS.renewFailed));
    } finally {
      setRenewing(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const read = readSecondFactorEntry(code, false);
    if ('error' in read) {
      setError(SECOND_FACTOR_MESSAGES.enterCode);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onEnrolled(await confirmSecondFactorEnrolment(read.entry.code));
    } catch (failure) {
      setBusy(false);
      setError(secondFactorErrorMessage(failure, SECOND_FACTOR_MESSAGES.wrongCode));
      input.current?.select();
    }
  };

  if (startError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {startError}
      </Alert>
    );
  }
  if (!enrolment) {
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" aria-label="読み込み中" />
      </Group>
    );
  }
  return (
    <Stack gap="lg">
      {(renewed || enrolment.resumed) && (
        <Alert color={renewed ? 'orange' : 'blue'} variant="light" role="status">
          {renewed ? ENROLMENT_TEXTS.renewed : ENROLMENT_TEXTS.resumed}
        </Alert>
      )}
      <Stack gap="xs">
        <Text size="sm" fw={700}>
          1. 認証アプリでQRコードを読み取る
        </Text>
        <Text size="sm">
          スマートフォンの認証アプリ（Google Authenticator、Microsoft Authenticator
          など）で、次のQRコードを読み取ってください。
        </Text>
        <Group justify="center">
          <Suspense fallback={<div style={{ width: QR_SIZE, height: QR_SIZE }} />}>
            <QrCodeImage text={enrolment.uri} size={QR_SIZE} label="2段階認証の設定用QRコード" />
          </Suspense>
        </Group>
        <Text size="sm">読み取れない場合は、アプリに次のキーを入力してください。</Text>
        <SecretKey secret={enrolment.secret} />
        {!startedBefore && (
          <Group justify="flex-end">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => void renew()}
              loading={renewing}
            >
              {ENROLMENT_TEXTS.newKey}
            </Button>
          </Group>
        )}
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" fw={700}>
            2. アプリに表示された確認コードを入力する
          </Text>
          <SecondFactorCodeInput
            ref={input}
            useBackup={false}
            description="認証アプリに表示されている6桁の数字です。"
            name="one-time-code"
            size="md"
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Button type="submit" size="md" loading={busy}>
            設定する
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
