import { LOGIN_MESSAGES, VERIFICATION_MAIL_MESSAGES } from '@domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { DEFAULT_APP_CONFIG } from '../../../lib/app-config';
import { FAKE_ACCOUNTS, serveAccount, TEST_PASSWORD } from '../../../testing/fake-accounts';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderRoutes } from '../../../testing/render';

async function logInAs(mail: string, password = TEST_PASSWORD, path = '/login') {
  const rendered = renderRoutes(routes, { path });
  const { user } = rendered;
  await user.type(await screen.findByRole('textbox', { name: 'メールアドレス' }), mail);
  await user.type(screen.getByLabelText('パスワード'), password);
  await user.click(screen.getByRole('button', { name: 'ログイン' }));
  return rendered;
}

async function expectAlert(...lines: string[]) {
  const alert = await screen.findByRole('alert');
  for (const line of lines) expect(within(alert).getByText(line)).toBeTruthy();
  expect(alert.textContent).toBe(lines.join(''));
}

describe('signing in', () => {
  // The screens behind the guards load their own data; these tests are about where people land.
  beforeEach(() => {
    fakeServer.otherwise(() => json(200, []));
  });

  it('refuses a password outside the policy with the wrong-credentials message, asking no server', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.user);
    await logInAs('user@example.com', 'password');
    await expectAlert(LOGIN_MESSAGES.wrongCredentials);
    expect(fakeServer.calls('POST /api/v1/user/check-account-lock')).toHaveLength(0);
    expect(fakeServer.calls('POST /api/auth/sign-in/email')).toHaveLength(0);
  });

  it('tells a locked account so before signing in, asking with the api key', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.user).on('POST /api/v1/user/check-account-lock', () =>
      json(200, { account_lock_flag: true }),
    );
    await logInAs('user@example.com');
    await expectAlert(LOGIN_MESSAGES.locked);
    const [check] = fakeServer.calls('POST /api/v1/user/check-account-lock');
    expect(check?.headers.get('x-api-key')).toBe('portal-public-key');
    expect(check?.body).toEqual({ mail: 'user@example.com' });
    expect(fakeServer.calls('POST /api/auth/sign-in/email')).toHaveLength(0);
  });

  it('says until when a lock found before signing in holds, in Japan time', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.user).on('POST /api/v1/user/check-account-lock', () =>
      json(200, { account_lock_flag: true, locked_until: '2026-11-27T05:32:10.000Z' }),
    );
    await logInAs('user@example.com');
    await expectAlert(`${LOGIN_MESSAGES.locked}（14:32 ごろまで）`);
    expect(fakeServer.calls('POST /api/auth/sign-in/email')).toHaveLength(0);
  });

  it.each([
    [
      'a wrong password',
      401,
      { code: 'INVALID_EMAIL_OR_PASSWORD' },
      [LOGIN_MESSAGES.wrongCredentials],
    ],
    [
      'the failure that locks the account',
      401,
      { code: 'INVALID_EMAIL_OR_PASSWORD', account_locked: true },
      [LOGIN_MESSAGES.wrongCredentials, LOGIN_MESSAGES.lockedNowAddition],
    ],
    [
      'a mail the provider cannot read',
      400,
      { code: 'INVALID_EMAIL' },
      [LOGIN_MESSAGES.wrongCredentials],
    ],
    ['a locked account', 423, { code: 'ACCOUNT_LOCKED' }, [LOGIN_MESSAGES.locked]],
    ['an unverified mail', 403, { code: 'EMAIL_NOT_VERIFIED' }, [LOGIN_MESSAGES.notVerified]],
    [
      'a page opened at another address than the portal',
      403,
      { code: 'INVALID_ORIGIN' },
      [LOGIN_MESSAGES.otherAddress(DEFAULT_APP_CONFIG.publicBaseUrl)],
    ],
    ['too many requests', 429, { code: 'TOO_MANY_REQUESTS' }, [LOGIN_MESSAGES.wrongCredentials]],
    ['a server error', 500, { code: 'INTERNAL_ERROR' }, [LOGIN_MESSAGES.generic]],
  ])('answers %s with the spec message', async (_case, status, body, lines) => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.user).on('POST /api/auth/sign-in/email', () =>
      json(status, body),
    );
    const { router } = await logInAs('user@example.com');
    await expectAlert(...lines);
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('userInfo')).toBeNull();
  });

  it('shows the generic message when the network fails and returns to /login', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.user).on('POST /api/auth/sign-in/email', () => {
      throw new TypeError('Failed to fetch');
    });
    const { router } = await logInAs('user@example.com', TEST_PASSWORD, '/');
    await expectAlert(LOGIN_MESSAGES.generic);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the deleted message for a 409 after sign-in and signs the identity out', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.user).on('POST /api/v1/user/get-all-customers', () =>
      json(409, { statusCode: 409, code: 'ACCOUNT_DELETED', message: '削除済み' }),
    );
    await logInAs('user@example.com');
    await expectAlert(LOGIN_MESSAGES.deleted);
    await waitFor(() => expect(fakeServer.calls('POST /api/auth/sign-out')).toHaveLength(1));
    expect(fakeServer.identity).toBeNull();
    expect(sessionStorage.getItem('userInfo')).toBeNull();
  });

  it('signs a user with one customer code in and goes to /top with the names in the header', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.user);
    const { router } = await logInAs('user@example.com');

    expect(await screen.findByText('株式会社東和ルーフ 本社 様')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/top');
    const [customers] = fakeServer.calls('POST /api/v1/user/get-all-customers');
    expect(customers?.headers.get('authorization')).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(customers?.body).toEqual({ firebase_uid: 'uid-user' });
    expect(JSON.parse(sessionStorage.getItem('userInfo') ?? 'null')).toEqual({
      accountLockDate: null,
      createdAt: '2025-01-06T09:00:00.000Z',
      customerCode: 10001,
      deleteFlag: false,
      firebaseUid: 'uid-user',
      id: 10101,
      mail: 'user@example.com',
      updatedAt: '2025-01-06T09:00:00.000Z',
      userName: '鈴木 花子',
      userTypeId: 2,
      userTypeName: '一般ユーザー',
    });
    expect(JSON.parse(sessionStorage.getItem('customerCodeList') ?? 'null')).toEqual([10001]);
    expect(JSON.parse(sessionStorage.getItem('corporationCustomers') ?? 'null')).toEqual({
      10001: '株式会社東和ルーフ 本社',
      10002: '株式会社東和ルーフ 関西営業所',
    });
    // docs/product.md §9: login_user_id is the user's id once the user record is known.
    const [name] = fakeServer.calls('GET /api/v1/spec/convert-from-customer-code-to-customer-name');
    expect(name?.query.get('login_user_id')).toBe('10101');
  });

  it('ends the sign-in on the page a signed-out visitor opened (a link in a mail)', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.user);
    const { router } = await logInAs('user@example.com', TEST_PASSWORD, '/orders?status=shipped');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(router.state.location.search).toBe('?status=shipped');
  });

  it('carries the page opened through the choice of customer code', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.multi);
    const { router, user } = await logInAs('multi@example.com', TEST_PASSWORD, '/shared-files');
    const select = await screen.findByRole('combobox', {
      name: 'ログインする取引先を選択してください',
    });
    await screen.findByRole('option', { name: '10002: 株式会社東和ルーフ 関西営業所' });
    await user.selectOptions(select, '10002');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shared-files'));
  });

  it('signs staff in with 99999 directly although they receive every customer code', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.staff);
    const { router } = await logInAs('staff@example.com');
    // The maker's own name, which staff see, takes no honorific.
    expect(await screen.findByText('株式会社ミナト金属工業 (社内)')).toBeTruthy();
    expect(screen.queryByText('株式会社ミナト金属工業 (社内) 様')).toBeNull();
    expect(router.state.location.pathname).toBe('/top');
    expect(JSON.parse(sessionStorage.getItem('customerCodeList') ?? 'null')).toEqual([
      10001, 10002, 20001, 99999,
    ]);
  });
});

describe('choosing the tenant', () => {
  beforeEach(() => {
    fakeServer.otherwise(() => json(200, []));
  });

  it('offers the customer codes as "code: name" and signs in to the chosen one', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.multi);
    const { router, user } = await logInAs('multi@example.com');

    const select = await screen.findByRole('combobox', {
      name: 'ログインする取引先を選択してください',
    });
    expect(router.state.location.pathname).toBe('/login-tenant');
    expect(sessionStorage.getItem('userInfo')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('customerCodeList') ?? 'null')).toEqual([
      10001, 10002,
    ]);
    await screen.findByRole('option', { name: '10002: 株式会社東和ルーフ 関西営業所' });
    expect(screen.getByRole('option', { name: '10001: 株式会社東和ルーフ 本社' })).toBeTruthy();

    await user.selectOptions(select, '10002');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));

    expect(await screen.findByText('株式会社東和ルーフ 関西営業所 様')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/top');
    expect(fakeServer.calls('POST /api/v1/user/get-firebase-user-by-id')[0]?.body).toEqual({
      firebase_uid: 'uid-multi',
      customer_code: 10002,
    });
    expect(
      fakeServer.calls('GET /api/v1/spec/get-customer-code-list')[0]?.query.get('coporate_code'),
    ).toBe('1001');
  });

  it('asks for a choice before signing in', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.multi);
    const { user } = await logInAs('multi@example.com');
    await screen.findByRole('combobox', { name: 'ログインする取引先を選択してください' });
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(screen.getByText('ログインする取引先を選択してください。')).toBeTruthy();
    expect(fakeServer.calls('POST /api/v1/user/get-firebase-user-by-id')).toHaveLength(0);
  });

  it('signs out with the generic message when the chosen tenant cannot be loaded', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.multi).on(
      'POST /api/v1/user/get-firebase-user-by-id',
      () => json(500, { code: 'INTERNAL_ERROR' }),
    );
    const { router, user } = await logInAs('multi@example.com');
    const select = await screen.findByRole('combobox', {
      name: 'ログインする取引先を選択してください',
    });
    await user.selectOptions(select, '10001');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));

    await expectAlert(LOGIN_MESSAGES.generic);
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('customerCodeList')).toBeNull();
    await waitFor(() => expect(fakeServer.calls('POST /api/auth/sign-out')).toHaveLength(1));
  });

  it('shows the deleted message when the chosen user row is deleted', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.multi).on(
      'POST /api/v1/user/get-firebase-user-by-id',
      () => json(409, { code: 'ACCOUNT_DELETED' }),
    );
    const { user } = await logInAs('multi@example.com');
    const select = await screen.findByRole('combobox', {
      name: 'ログインする取引先を選択してください',
    });
    await user.selectOptions(select, '10002');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    await expectAlert(LOGIN_MESSAGES.deleted);
  });
});

describe('the login screen’s account items', () => {
  beforeEach(() => {
    fakeServer.otherwise(() => json(200, []));
  });

  it('opens with the focus in the mail field', async () => {
    renderRoutes(routes, { path: '/login' });
    const mail = await screen.findByRole('textbox', { name: 'メールアドレス' });
    await waitFor(() => expect(document.activeElement).toBe(mail));
  });

  it('folds a mail typed in full-width letters before checking the lock and signing in; the password is sent as typed', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.user);
    const { router } = await logInAs('ｕｓｅｒ＠ｅｘａｍｐｌｅ．ｃｏｍ');
    await waitFor(() => expect(router.state.location.pathname).toBe('/top'));
    const [check] = fakeServer.calls('POST /api/v1/user/check-account-lock');
    expect(check?.body).toEqual({ mail: 'user@example.com' });
    const [signIn] = fakeServer.calls('POST /api/auth/sign-in/email');
    expect(signIn?.body).toEqual({ email: 'user@example.com', password: TEST_PASSWORD });
  });

  it('adds until when the lock holds, in Japan time, to the spec’s words', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.user).on('POST /api/auth/sign-in/email', () =>
      json(423, {
        code: 'ACCOUNT_LOCKED',
        message: LOGIN_MESSAGES.locked,
        locked_until: '2026-11-27T05:32:10.000Z',
      }),
    );
    await logInAs('user@example.com');
    await expectAlert(`${LOGIN_MESSAGES.locked}（14:32 ごろまで）`);
  });

  it('adds until when to the failure that sets the lock', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.user).on('POST /api/auth/sign-in/email', () =>
      json(401, {
        code: 'INVALID_EMAIL_OR_PASSWORD',
        account_locked: true,
        locked_until: '2026-11-27T15:05:00.000Z',
      }),
    );
    await logInAs('user@example.com');
    await expectAlert(
      LOGIN_MESSAGES.wrongCredentials,
      `${LOGIN_MESSAGES.lockedNowAddition}（00:05 ごろまで）`,
    );
  });

  it('offers a person whose mail is not verified to send the verification mail again', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.user)
      .on('POST /api/auth/sign-in/email', () =>
        json(403, { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }),
      )
      .on('POST /api/auth/send-verification-email', () => json(200, { status: true }));
    const { user } = await logInAs('user@example.com');
    await expectAlert(LOGIN_MESSAGES.notVerified);
    await user.click(screen.getByRole('button', { name: VERIFICATION_MAIL_MESSAGES.resend }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(VERIFICATION_MAIL_MESSAGES.sent);
    const [sent] = fakeServer.calls('POST /api/auth/send-verification-email');
    expect(sent?.body).toMatchObject({ email: 'user@example.com' });
    expect(screen.queryByRole('button', { name: VERIFICATION_MAIL_MESSAGES.resend })).toBeNull();
  });

  it('offers no resending for a wrong password', async () => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.user);
    await logInAs('user@example.com', 'Wrong-pass1');
    await expectAlert(LOGIN_MESSAGES.wrongCredentials);
    expect(screen.queryByRole('button', { name: VERIFICATION_MAIL_MESSAGES.resend })).toBeNull();
  });
});
