import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { BackupCodesList } from '../../../components/second-factor/backup-codes-list';
import { EnrolmentPanel } from '../../../components/second-factor/enrolment-panel';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { afterSignInDestination } from '../../../lib/after-sign-in';
import { readReturnTo } from '../../../lib/return-to';
import { markSecondFactorWaiting } from '../../../lib/second-factor-waiting';
import { useSession } from '../../../lib/session';
import { type LoginOutcome, loadLogIn } from '../hooks/use-login';
import { LOGIN_NOTICES } from '../utils/login-notices';
import { AuthCard } from './auth-card';

/**
 * Staff without a second factor come here from the sign-in (STAFF_SECOND_FACTOR=required, issue
 * 22) and nowhere else: the server gives their session no access token until the factor is set.
 * QR code and secret, a code to confirm, the backup codes once; then the sign-in goes on. A reload
 * shows the key already waiting; 「ログアウト」 leaves without setting it.
 */
export function SecondFactorSetupPage() {
  usePageTitle(paths.secondFactorSetup.pageName);
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const state = (location.state ?? {}) as { identityUid?: unknown };
  const identityUid = typeof state.identityUid === 'string' ? state.identityUid : null;
  const returnTo = readReturnTo(location.state);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const onUnavailable = useCallback(() => setUnavailable(true), []);
  // A reload keeps the waiting session (and so its key); leaving the screen forgets the mark.
  useEffect(() => {
    if (!identityUid) return;
    markSecondFactorWaiting(true);
    return () => markSecondFactorWaiting(false);
  }, [identityUid]);

  const settle = (outcome: LoginOutcome) => {
    switch (outcome.kind) {
      case 'signedIn':
      case 'chooseTenant': {
        if (outcome.kind === 'signedIn') session.saveSignedIn(outcome.session);
        else session.saveIdentityOnly(outcome);
        const to = afterSignInDestination(outcome, returnTo)!;
        navigate(to.path, { state: to.state, replace: to.replace });
        return;
      }
      default: {
        const notice = outcome.kind === 'failed' ? outcome.notice : LOGIN_NOTICES.generic;
        session.clear();
        navigate(paths.login.path, { replace: true, state: { notice } });
      }
    }
  };
  const goOn = () => {
    if (!identityUid || finishing) return;
    setFinishing(true);
    void loadLogIn()
      .then(({ finishLogIn }) => finishLogIn(identityUid))
      .catch(
        (): LoginOutcome => ({
          kind: 'failed',
          notice: LOGIN_NOTICES.generic,
          identitySignedIn: true,
        }),
      )
      .then(settle);
  };

  if (!identityUid) {
    return (
      <AuthCard title={paths.secondFactorSetup.pageName}>
        <Stack gap="md">
          <Text size="sm">
            2段階認証の設定は、ログインの途中でだけ行えます。ログインからやり直してください。
          </Text>
          <Anchor component={Link} to={paths.login.path}>
            ログイン画面へ
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  const body = backupCodes ? (
    <Stack gap="lg">
      <BackupCodesList codes={backupCodes} />
      <Text size="sm">
        次回から、パスワードのあとに認証アプリの確認コードを入力してログインします。
      </Text>
      <Button size="md" fullWidth onClick={goOn} loading={finishing}>
        ログインを続ける
      </Button>
    </Stack>
  ) : (
    <Stack gap="lg">
      <EnrolmentPanel onEnrolled={setBackupCodes} onUnavailable={onUnavailable} />
      {unavailable && (
        <Anchor component={Link} to={paths.login.path}>
          ログイン画面へ
        </Anchor>
      )}
    </Stack>
  );

  return (
    <AuthCard
      title={paths.secondFactorSetup.pageName}
      description={
        backupCodes
          ? '2段階認証を設定しました。'
          : 'このアカウントでは2段階認証が必要です。設定が終わるまで、ほかの画面は利用できません。'
      }
    >
      {body}
      <Group justify="center" mt="lg">
        <Button variant="subtle" color="gray" onClick={() => session.signOut()}>
          ログアウト
        </Button>
      </Group>
    </AuthCard>
  );
}
