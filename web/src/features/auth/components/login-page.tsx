import { VERIFICATION_MAIL_MESSAGES } from '@domain/messages';
import { Button, Stack } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { afterSignInDestination, type Destination } from '../../../lib/after-sign-in';
import { readReturnTo } from '../../../lib/return-to';
import { type LoginNotice, readLoginNotice, useSession } from '../../../lib/session';
import { type LoginOutcome, loadLogIn, useLogin } from '../hooks/use-login';
import { LOGIN_NOTICES, resendNotice } from '../utils/login-notices';
import { AuthCard } from './auth-card';
import { LoginForm, type LoginFormValues } from './login-form';

// A notice shows only after a sign-in or a sign-out: its alert is not in the first load (decision
// 013, size budgets), and loads with the sign-in's code (useLogin's preload) or on arrival.
const loadNoticeAlert = () => import('./notice-alert');
const NoticeAlert = lazy(async () => ({ default: (await loadNoticeAlert()).NoticeAlert }));
// The second factor's code step loads only when a sign-in asks for it.
const SecondFactorCodeStep = lazy(async () => ({
  default: (await import('./second-factor-code-step')).SecondFactorCodeStep,
}));

export function LoginPage() {
  usePageTitle(paths.login.pageName);
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  // A notice arrives with a sign-out (inactivity, failed tenant choice) or with the navigation
  // (password reset done, a failure on another path).
  const [notice, setNotice] = useState<LoginNotice | null>(
    () => readLoginNotice(location.state) ?? session.signOutNotice,
  );
  const { signOutNotice, dismissSignOutNotice } = session;
  useEffect(() => {
    if (!signOutNotice) return;
    setNotice(signOutNotice);
    dismissSignOutNotice();
  }, [signOutNotice, dismissSignOutNotice]);
  useEffect(() => {
    const arrived = readLoginNotice(location.state);
    if (arrived) setNotice(arrived);
  }, [location.state]);

  // A double click submits twice before the busy button renders: each sign-in would count as a
  // failure toward the lock (docs/product.md §4), so a second submit waits for the first to settle.
  const inFlight = useRef(false);
  const returnTo = readReturnTo(location.state);
  // The identity whose sign-in waits for its second factor's code.
  const [codeStepOf, setCodeStepOf] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const goTo = (destination: Destination | null) => {
    if (!destination) return;
    navigate(destination.path, {
      ...(destination.state ? { state: destination.state } : {}),
      ...(destination.replace ? { replace: true } : {}),
    });
  };
  const settle = (outcome: LoginOutcome) => {
    switch (outcome.kind) {
      case 'secondFactor':
        // Staff without a factor enrol first (STAFF_SECOND_FACTOR=required); nothing else opens.
        if (outcome.pending === 'code') setCodeStepOf(outcome.identityUid);
        goTo(afterSignInDestination(outcome, returnTo));
        return;
      case 'signedIn':
        session.saveSignedIn(outcome.session);
        goTo(afterSignInDestination(outcome, returnTo));
        return;
      case 'chooseTenant':
        session.saveIdentityOnly(outcome);
        goTo(afterSignInDestination(outcome, returnTo));
        return;
      case 'failed':
        // docs/product.md §8: these failures sign out; the generic one also returns to /login.
        if (outcome.identitySignedIn) session.clear();
        setNotice(outcome.notice);
        if (outcome.notice === LOGIN_NOTICES.generic && location.pathname !== paths.login.path) {
          navigate(paths.login.path, { replace: true, state: { notice: outcome.notice } });
        }
    }
  };
  // The mail of the last sign-in, for resending its verification mail.
  const [lastMail, setLastMail] = useState('');
  const [resending, setResending] = useState(false);
  const resend = () => {
    setResending(true);
    void import('../api/send-verification-mail')
      .then(({ sendVerificationMail }) => sendVerificationMail({ email: lastMail }))
      .then(
        () => resendNotice(true),
        () => resendNotice(false),
      )
      .then((done) => {
        setResending(false);
        setNotice(done);
      });
  };
  const submit = (values: LoginFormValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setNotice(null);
    setLastMail(values.mail);
    void login.logIn(values).then((outcome) => {
      inFlight.current = false;
      settle(outcome);
    });
  };
  const codeVerified = (identityUid: string) => {
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
      .then((outcome) => {
        setFinishing(false);
        setCodeStepOf(null);
        settle(outcome);
      });
  };
  const leaveCodeStep = (failure?: LoginNotice) => {
    setCodeStepOf(null);
    session.clear();
    setNotice(failure ?? null);
  };

  return (
    <AuthCard
      title="ログイン"
      description={
        codeStepOf
          ? '2段階認証: 認証アプリに表示されている確認コードを入力してください。'
          : 'メールアドレスとパスワードを入力してください。'
      }
    >
      <Stack gap="lg">
        {notice && (
          <Suspense fallback={null}>
            <NoticeAlert notice={notice} />
          </Suspense>
        )}
        {notice === LOGIN_NOTICES.notVerified && lastMail && (
          <Button variant="light" onClick={resend} loading={resending} fullWidth>
            {VERIFICATION_MAIL_MESSAGES.resend}
          </Button>
        )}
        {codeStepOf ? (
          <Suspense fallback={null}>
            <SecondFactorCodeStep
              onVerified={() => codeVerified(codeStepOf)}
              onFailed={leaveCodeStep}
              onCancel={() => leaveCodeStep()}
              finishing={finishing}
            />
          </Suspense>
        ) : (
          <LoginForm
            onSubmit={submit}
            onFirstUse={() => {
              void login.preload();
              void loadNoticeAlert();
            }}
            // Stays busy once signed in, while the guard takes the person on to /top.
            submitting={login.isPending || session.status === 'signedIn'}
          />
        )}
      </Stack>
    </AuthCard>
  );
}
