import { RESET_MESSAGES } from '@domain/messages';
import { PASSWORD_POLICY_TEXT } from '@domain/password-policy';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderRoutes } from '../../../testing/render';
import { RESET_PASSWORD_TEXTS } from './reset-password-page';

function serveMails(known: string[]) {
  fakeServer
    .on('POST /api/v1/user/check-firebase-user-by-mail', ({ body }) =>
      json(200, { is_exist_mail_flag: known.includes((body as { mail: string }).mail) }),
    )
    .on('POST /api/auth/request-password-reset', () => json(200, { status: true }));
}

async function requestReset(mail: string) {
  const rendered = renderRoutes(routes, { path: '/mail-reset-password' });
  const field = await screen.findByRole('textbox', { name: 'メールアドレス' });
  if (mail) await rendered.user.type(field, mail);
  await rendered.user.click(screen.getByRole('button', { name: '送信' }));
  return rendered;
}

describe('requesting a password reset', () => {
  it.each([
    ['an empty mail', ''],
    ['a malformed mail', 'user@example'],
    ['an unknown mail', 'nobody@example.com'],
  ])('answers %s with the check-your-mail message', async (_case, mail) => {
    serveMails(['user@example.com']);
    await requestReset(mail);
    expect(await screen.findByText(RESET_MESSAGES.checkMail)).toBeTruthy();
    expect(
      screen.getByRole('textbox', { name: 'メールアドレス' }).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(fakeServer.calls('POST /api/auth/request-password-reset')).toHaveLength(0);
  });

  it('sends the mail for a known address and confirms it on /mail-send-complete', async () => {
    serveMails(['user@example.com']);
    const { router } = await requestReset('user@example.com');
    expect(await screen.findByRole('heading', { name: 'メール送信完了' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mail-send-complete');
    expect(screen.getByText('user@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ログイン画面に戻る' }).getAttribute('href')).toBe(
      '/login',
    );
    const [check] = fakeServer.calls('POST /api/v1/user/check-firebase-user-by-mail');
    expect(check?.headers.get('x-api-key')).toBe('portal-public-key');
    expect(fakeServer.calls('POST /api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'user@example.com',
      redirectTo: '/reset-password',
    });
  });

  it('says the mail could not be sent when sending fails', async () => {
    serveMails(['user@example.com']);
    fakeServer.on('POST /api/auth/request-password-reset', () => json(500, {}));
    await requestReset('user@example.com');
    expect(await screen.findByText(RESET_MESSAGES.sendFailed)).toBeTruthy();
  });
});

async function setNewPassword(path: string, password: string, confirmation = password) {
  const rendered = renderRoutes(routes, { path });
  await rendered.user.type(await screen.findByLabelText('新しいパスワード'), password);
  await rendered.user.type(screen.getByLabelText('新しいパスワード（確認）'), confirmation);
  await rendered.user.click(screen.getByRole('button', { name: 'パスワードを再設定' }));
  return rendered;
}

describe('setting a new password from the mailed link', () => {
  it('shows the password policy and refuses a password outside it', async () => {
    fakeServer.on('POST /api/auth/reset-password', () => json(200, { status: true }));
    await setNewPassword('/reset-password?token=t0ken', 'password1');
    expect(screen.getByText(PASSWORD_POLICY_TEXT)).toBeTruthy();
    expect(screen.getByText(RESET_PASSWORD_TEXTS.policyNotMet)).toBeTruthy();
    expect(fakeServer.calls('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it('refuses white space around a new password, which a paste brings along', async () => {
    await setNewPassword('/reset-password?token=t0ken', ' N3w-passw0rd ');
    expect(screen.getByText('パスワードの先頭と末尾に空白は使えません。')).toBeTruthy();
    expect(fakeServer.calls('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it('asks for the same password twice', async () => {
    await setNewPassword('/reset-password?token=t0ken', 'N3w-passw0rd', 'N3w-passw0rd!');
    expect(screen.getByText(RESET_PASSWORD_TEXTS.mismatch)).toBeTruthy();
  });

  it('sets the password and returns to login with a success notice', async () => {
    fakeServer.on('POST /api/auth/reset-password', () => json(200, { status: true }));
    const { router } = await setNewPassword('/reset-password?token=t0ken', 'N3w-passw0rd');
    expect(await screen.findByText(RESET_PASSWORD_TEXTS.done)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(fakeServer.calls('POST /api/auth/reset-password')[0]?.body).toEqual({
      newPassword: 'N3w-passw0rd',
      token: 't0ken',
    });
  });

  it('speaks of registering on the invitation link, not of re-setting a password', async () => {
    fakeServer.on('POST /api/auth/reset-password', () => json(200, { status: true }));
    const rendered = renderRoutes(routes, { path: '/reset-password?token=inv1te&invitation=1' });
    expect(await screen.findByRole('heading', { name: 'パスワードの設定' })).toBeTruthy();
    expect(document.title).toContain('パスワードの設定');
    expect(
      screen.getByText('パスワードを設定して、アカウントの登録を完了してください。'),
    ).toBeTruthy();
    expect(screen.queryByText(/再設定/)).toBeNull();
    await rendered.user.type(screen.getByLabelText('新しいパスワード'), 'N3w-passw0rd');
    await rendered.user.type(screen.getByLabelText('新しいパスワード（確認）'), 'N3w-passw0rd');
    await rendered.user.click(screen.getByRole('button', { name: 'パスワードを設定して登録' }));
    expect(await screen.findByText(RESET_PASSWORD_TEXTS.registered)).toBeTruthy();
    expect(rendered.router.state.location.pathname).toBe('/login');
    expect(fakeServer.calls('POST /api/auth/reset-password')[0]?.body).toEqual({
      newPassword: 'N3w-passw0rd',
      token: 'inv1te',
    });
  });

  it('explains an expired or used link and links to a new mail', async () => {
    fakeServer.on('POST /api/auth/reset-password', () =>
      json(400, { code: 'INVALID_TOKEN', message: 'Invalid token' }),
    );
    await setNewPassword('/reset-password?token=used', 'N3w-passw0rd');
    expect(await screen.findByText(RESET_PASSWORD_TEXTS.invalidLink[0])).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'パスワード再設定メールを送信する' }).getAttribute('href'),
    ).toBe('/mail-reset-password');
  });

  it('explains a link the server already found invalid', async () => {
    renderRoutes(routes, { path: '/reset-password?error=INVALID_TOKEN' });
    expect(await screen.findByText(RESET_PASSWORD_TEXTS.invalidLink[0])).toBeTruthy();
    expect(screen.queryByLabelText('新しいパスワード')).toBeNull();
  });

  it('shows the policy error the server reports', async () => {
    fakeServer.on('POST /api/auth/reset-password', () => json(400, { code: 'PASSWORD_POLICY' }));
    await setNewPassword('/reset-password?token=t0ken', 'N3w-passw0rd');
    await waitFor(() => expect(screen.getByText(RESET_PASSWORD_TEXTS.policyNotMet)).toBeTruthy());
  });
});
