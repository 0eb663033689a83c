import { LOGIN_MESSAGES } from '@domain/messages';
import { SECOND_FACTOR_MESSAGES } from '@domain/second-factor';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import {
  type FormEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import {
  disableSecondFactor,
  getSecondFactorStatus,
  secondFactorErrorMessage,
  startSecondFactorEnrolment,
} from '../../../api/second-factor';
import { RevealablePasswordInput } from '../../../components/form/revealable-password-input';
import { BackupCodesList } from '../../../components/second-factor/backup-codes-list';
import {
  SecondFactorCodeInput,
  useSecondFactorEntry,
} from '../../../components/second-factor/code-entry';
import { EnrolmentPanel } from '../../../components/second-factor/enrolment-panel';
import { isHttpError } from '../../../lib/http';
import { AccountSection } from './account-section';

const LOAD_FAILED = '2段階認証の状態を読み込めませんでした。時間をおいて再度お試しください。';
const START_FAILED = '2段階認証の設定を始められませんでした。時間をおいて再度お試しください。';
const DISABLE_FAILED = '2段階認証を無効にできませんでした。時間をおいて再度お試しください。';

/**
 * How a refused password is shown (docs/decisions/025): a wrong one on its field, the lock as the
 * form's alert, anything else as the server's message (or the fallback).
 */
function passwordFailure(
  failure: unknown,
  fallback: string,
): { field?: string; alert?: string } | null {
  if (isHttpError(failure, 423)) return { alert: LOGIN_MESSAGES.locked };
  if (isHttpError(failure, 400) && failure.code === 'INVALID_PASSWORD') {
    const lockedNow = (failure.body as { account_locked?: unknown } | null)?.account_locked;
    return {
      field: SECOND_FACTOR_MESSAGES.wrongPassword,
      ...(lockedNow === true ? { alert: LOGIN_MESSAGES.lockedNowAddition } : {}),
    };
  }
  if (isHttpError(failure, 403) && failure.code === 'REAUTHENTICATION_REQUIRED') {
    return { field: SECOND_FACTOR_MESSAGES.enterPassword };
  }
  return { alert: secondFactorErrorMessage(failure, fallback) };
}

/** The current password's field, as the password change asks for it. */
function CurrentPasswordInput({
  value,
  onChange,
  error,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <RevealablePasswordInput
      ref={inputRef}
      label="現在のパスワード"
      name="currentPassword"
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      what="現在のパスワード"
    />
  );
}

function FormAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {children}
    </Alert>
  );
}

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

/** Before a new secret is made: the current password (docs/decisions/025). */
function EnrolPasswordForm({
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

function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
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
