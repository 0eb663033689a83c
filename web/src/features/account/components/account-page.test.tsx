import type { Account, SignInEvent } from '@domain/api/account';
import { LOGIN_MESSAGES } from '@domain/messages';
import { PASSWORD_POLICY_TEXT } from '@domain/password-policy';
import { SECOND_FACTOR_MESSAGES } from '@domain/second-factor';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { NEW_PASSWORD_TEXTS } from '../../../lib/new-password';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { AccountPage } from './account-page';
import { PASSWORD_TEXTS } from './password-section';
import { SIGN_IN_HISTORY_TEXTS } from './sign-in-history-section';

// The account page's sections against a stand-in of the server's answers.

let account: Account;
const history: SignInEvent[] = [
  {
    id: '3',
    at: '2026-11-25T12:40:05.000Z',
    ip_address: '203.0.113.7',
    browser: 'Chrome 131 / Windows',
    success: true,
    reason: null,
  },
  {
    id: '2',
    at: '2026-11-25T12:39:00.000Z',
    ip_address: '198.51.100.9',
    browser: 'Safari 18 / iPhone',
    success: false,
    reason: 'wrong-password',
  },
];

beforeEach(() => {
  account = {
    user_name: '高橋 誠',
    mail: 'multi@example.com',
    customers: [
      {
        customer_code: 10001,
        customer_name: '株式会社東和ルーフ 本社',
        shipment_mail: true,
        invoice_mail: false,
        inquiry_mail: true,
      },
      {
        customer_code: 10002,
        customer_name: '株式会社東和ルーフ 大阪',
        shipment_mail: false,
        invoice_mail: false,
        inquiry_mail: true,
      },
    ],
  };
  fakeServer
    .on('GET /api/v1/account', () => json(200, account))
    .on('PUT /api/v1/account/notifications', ({ body }) => {
      const { notifications } = body as {
        notifications: ({ customer_code: number } & Partial<Record<string, boolean>>)[];
      };
      account = {
        ...account,
        customers: account.customers.map((c) => {
          const { customer_code: _code, ...change } =
            notifications.find((n) => n.customer_code === c.customer_code) ?? {};
          return { ...c, ...change };
        }),
      };
      return json(200, account);
    })
    .on('GET /api/v1/account/sign-ins', () => json(200, { items: history }))
    .on('POST /api/auth/change-password', ({ body }) => {
      const { currentPassword } = body as { currentPassword: string };
      if (currentPassword === 'Locked-1!')
        return json(423, { code: 'ACCOUNT_LOCKED', message: LOGIN_MESSAGES.locked });
      if (currentPassword !== 'Passw0rd!')
        return json(400, { code: 'INVALID_PASSWORD', message: LOGIN_MESSAGES.wrongCredentials });
      return json(200, { token: null });
    });
});

const SESSION = { userInfo: { id: 5, userTypeId: 2, mail: 'multi@example.com' } };

async function renderPage() {
  const rendered = renderWithProviders(<AccountPage />, { session: SESSION, path: '/account' });
  await screen.findByText('multi@example.com');
  return rendered;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('the account page', () => {
  it('shows the person’s own name and mail', async () => {
    await renderPage();
    const profile = section('ご登録情報');
    expect(within(profile).getByText('高橋 誠')).toBeTruthy();
    expect(within(profile).getByText('multi@example.com')).toBeTruthy();
    expect(document.title).toContain('アカウント設定');
  });

  it('turns one customer code’s shipment notification off and on, one request each', async () => {
    const { user } = await renderPage();
    const notifications = section('出荷通知メール');
    const first = within(notifications).getByRole('switch', {
      name: /^10001: 株式会社東和ルーフ 本社/,
    });
    expect(first).toHaveProperty('checked', true);
    expect(
      within(notifications).getByRole('switch', { name: /^10002: 株式会社東和ルーフ 大阪/ }),
    ).toHaveProperty('checked', false);

    await user.click(first);
    expect(await screen.findByText('取引先コード 10001 の出荷通知をオフにしました。')).toBeTruthy();
    expect(fakeServer.calls('PUT /api/v1/account/notifications')[0]?.body).toEqual({
      notifications: [{ customer_code: 10001, shipment_mail: false }],
    });
    await waitFor(() => expect(first).toHaveProperty('checked', false));

    await user.click(first);
    expect(await screen.findByText('取引先コード 10001 の出荷通知をオンにしました。')).toBeTruthy();
    await waitFor(() => expect(first).toHaveProperty('checked', true));
  });

  it('turns the invoice mails on for one customer code: off at first, one request naming only them', async () => {
    const { user } = await renderPage();
    const invoices = section('請求書発行メール');
    const first = within(invoices).getByRole('switch', { name: /^10001: 株式会社東和ルーフ 本社/ });
    expect(first).toHaveProperty('checked', false);
    expect(within(invoices).getAllByText('受け取らない')).toHaveLength(2);

    await user.click(first);
    expect(
      await screen.findByText('取引先コード 10001 の請求書発行メールをオンにしました。'),
    ).toBeTruthy();
    expect(fakeServer.calls('PUT /api/v1/account/notifications')[0]?.body).toEqual({
      notifications: [{ customer_code: 10001, invoice_mail: true }],
    });
    await waitFor(() => expect(first).toHaveProperty('checked', true));
    // The other kinds of mail of that code are as they were.
    expect(
      within(section('出荷通知メール')).getByRole('switch', { name: /^10001/ }),
    ).toHaveProperty('checked', true);
  });

  it('turns the inquiry mails off for one customer code: on at first', async () => {
    const { user } = await renderPage();
    const inquiries = section('お問い合わせメール');
    const second = within(inquiries).getByRole('switch', {
      name: /^10002: 株式会社東和ルーフ 大阪/,
    });
    expect(second).toHaveProperty('checked', true);

    await user.click(second);
    expect(
      await screen.findByText('取引先コード 10002 のお問い合わせメールをオフにしました。'),
    ).toBeTruthy();
    expect(fakeServer.calls('PUT /api/v1/account/notifications')[0]?.body).toEqual({
      notifications: [{ customer_code: 10002, inquiry_mail: false }],
    });
    await waitFor(() => expect(second).toHaveProperty('checked', false));
  });

  it('says so when the setting could not be saved, and shows it unchanged', async () => {
    fakeServer.on('PUT /api/v1/account/notifications', () =>
      json(403, { statusCode: 403, code: 'FORBIDDEN', message: '…' }),
    );
    const { user } = await renderPage();
    const first = within(section('出荷通知メール')).getByRole('switch', { name: /10001/ });
    await user.click(first);
    expect(
      await screen.findByText(
        '出荷通知の設定を保存できませんでした。時間をおいて再度お試しください。',
      ),
    ).toBeTruthy();
    expect(first).toHaveProperty('checked', true);
  });

  it('changes the password: the rules and messages of the reset screen, then a toast', async () => {
    const { user } = await renderPage();
    const form = section('パスワードの変更');
    const current = within(form).getByLabelText('現在のパスワード');
    const next = within(form).getByLabelText('新しいパスワード');
    const confirmation = within(form).getByLabelText('新しいパスワード（確認）');
    const submit = within(form).getByRole('button', { name: 'パスワードを変更' });
    expect(within(form).getByText(PASSWORD_POLICY_TEXT)).toBeTruthy();

    await user.click(submit);
    expect(within(form).getByText(PASSWORD_TEXTS.enterCurrent)).toBeTruthy();
    expect(within(form).getByText(NEW_PASSWORD_TEXTS.enterPassword)).toBeTruthy();
    expect(fakeServer.calls('POST /api/auth/change-password')).toHaveLength(0);

    await user.type(current, 'Passw0rd!');
    await user.type(next, 'short');
    await user.type(confirmation, 'other');
    await user.click(submit);
    expect(within(form).getByText(NEW_PASSWORD_TEXTS.policyNotMet)).toBeTruthy();
    expect(within(form).getByText(NEW_PASSWORD_TEXTS.mismatch)).toBeTruthy();
    expect(fakeServer.calls('POST /api/auth/change-password')).toHaveLength(0);

    await user.clear(next);
    await user.type(next, 'N3w-secret!');
    await user.clear(confirmation);
    await user.type(confirmation, 'N3w-secret!');
    await user.click(submit);
    expect(await screen.findByText(PASSWORD_TEXTS.done)).toBeTruthy();
    expect(fakeServer.calls('POST /api/auth/change-password')[0]?.body).toEqual({
      currentPassword: 'Passw0rd!',
      newPassword: 'N3w-secret!',
    });
    await waitFor(() => expect(current).toHaveProperty('value', ''));
  });

  it('refuses the current password as the new one, with the server’s words, asking no server', async () => {
    const { user } = await renderPage();
    const form = section('パスワードの変更');
    await user.type(within(form).getByLabelText('現在のパスワード'), 'Passw0rd!');
    await user.type(within(form).getByLabelText('新しいパスワード'), 'Passw0rd!');
    await user.type(within(form).getByLabelText('新しいパスワード（確認）'), 'Passw0rd!');
    await user.click(within(form).getByRole('button', { name: 'パスワードを変更' }));
    expect(await within(form).findByText(LOGIN_MESSAGES.samePassword)).toBeTruthy();
    expect(fakeServer.calls('POST /api/auth/change-password')).toHaveLength(0);
  });

  it('marks a wrong current password, and shows the lock message while locked', async () => {
    const { user } = await renderPage();
    const form = section('パスワードの変更');
    const current = within(form).getByLabelText('現在のパスワード');
    await user.type(current, 'Wrong-pass1!');
    await user.type(within(form).getByLabelText('新しいパスワード'), 'N3w-secret!');
    await user.type(within(form).getByLabelText('新しいパスワード（確認）'), 'N3w-secret!');
    await user.click(within(form).getByRole('button', { name: 'パスワードを変更' }));
    expect(await within(form).findByText(PASSWORD_TEXTS.wrongCurrent)).toBeTruthy();

    await user.clear(current);
    await user.type(current, 'Locked-1!');
    await user.click(within(form).getByRole('button', { name: 'パスワードを変更' }));
    expect(await within(form).findByRole('alert')).toHaveProperty(
      'textContent',
      LOGIN_MESSAGES.locked,
    );
  });

  it('lists the latest sign-ins in a table on a desktop', async () => {
    await renderPage();
    const table = await within(section('ログイン履歴')).findByRole('table', {
      name: 'ログイン履歴',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      '日時IPアドレスブラウザ結果',
      '2026/11/25 21:40:05203.0.113.7Chrome 131 / Windows成功',
      '2026/11/25 21:39:00198.51.100.9Safari 18 / iPhone失敗（パスワードの誤り）',
    ]);
  });

  it('lists them as cards on a phone, and says when there are none', async () => {
    window.innerWidth = 390;
    await renderPage();
    const list = await within(section('ログイン履歴')).findByRole('list', { name: 'ログイン履歴' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('失敗（パスワードの誤り）')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when no sign-in is recorded yet', async () => {
    fakeServer.on('GET /api/v1/account/sign-ins', () => json(200, { items: [] }));
    await renderPage();
    expect(await screen.findByText(SIGN_IN_HISTORY_TEXTS.empty)).toBeTruthy();
  });
});

describe('the account page’s second factor', () => {
  /** The server's answer to a refused or accepted password (docs/decisions/025). */
  const passwordAnswer = (password: unknown) =>
    password === 'Locked-1!'
      ? json(423, { code: 'ACCOUNT_LOCKED', message: LOGIN_MESSAGES.locked })
      : password !== 'Passw0rd!'
        ? json(400, { code: 'INVALID_PASSWORD', message: SECOND_FACTOR_MESSAGES.wrongPassword })
        : null;

  it('asks for the current password before turning it on; a wrong one is marked on its field', async () => {
    fakeServer.on('POST /api/auth/second-factor/enrol', ({ body }) => {
      const { password } = (body ?? {}) as { password?: unknown };
      return (
        passwordAnswer(password) ??
        json(200, { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x?secret=a' })
      );
    });
    const { user } = await renderPage();
    const area = section('2段階認証');
    await user.click(await within(area).findByRole('button', { name: '2段階認証を有効にする' }));
    // Nothing is started before the password is given.
    await user.click(within(area).getByRole('button', { name: '次へ' }));
    expect(await within(area).findByText(SECOND_FACTOR_MESSAGES.enterPassword)).toBeTruthy();
    expect(fakeServer.calls('POST /api/auth/second-factor/enrol')).toHaveLength(0);

    const current = within(area).getByLabelText('現在のパスワード');
    await user.type(current, 'Wrong-pass1!');
    await user.click(within(area).getByRole('button', { name: '次へ' }));
    expect(await within(area).findByText(SECOND_FACTOR_MESSAGES.wrongPassword)).toBeTruthy();
    expect(within(area).queryByLabelText('2段階認証の設定用QRコード')).toBeNull();

    await user.clear(current);
    await user.type(current, 'Locked-1!');
    await user.click(within(area).getByRole('button', { name: '次へ' }));
    expect(await within(area).findByRole('alert')).toHaveProperty(
      'textContent',
      LOGIN_MESSAGES.locked,
    );

    await user.clear(current);
    await user.type(current, 'Passw0rd!');
    await user.click(within(area).getByRole('button', { name: '次へ' }));
    expect(await within(area).findByText('1. 認証アプリでQRコードを読み取る')).toBeTruthy();
    const sent = fakeServer.calls('POST /api/auth/second-factor/enrol');
    expect(sent.map((r) => r.body)).toEqual([
      { password: 'Wrong-pass1!' },
      { password: 'Locked-1!' },
      { password: 'Passw0rd!' },
    ]);
  });

  it('turning it off sends the current password with the code; a wrong password is marked', async () => {
    let enabled = true;
    fakeServer
      .on('GET /api/auth/second-factor', () =>
        json(200, { enabled, pending: null, required: false, backupCodesLeft: 8 }),
      )
      .on('POST /api/auth/second-factor/disable', ({ body }) => {
        const { password } = (body ?? {}) as { password?: unknown };
        const refused = passwordAnswer(password);
        if (refused) return refused;
        enabled = false;
        return json(200, { status: true });
      });
    const { user } = await renderPage();
    const area = section('2段階認証');
    await user.click(await within(area).findByRole('button', { name: '2段階認証を無効にする' }));
    await user.type(within(area).getByLabelText('確認コード'), '123456');
    await user.click(within(area).getByRole('button', { name: '無効にする' }));
    expect(await within(area).findByText(SECOND_FACTOR_MESSAGES.enterPassword)).toBeTruthy();
    expect(fakeServer.calls('POST /api/auth/second-factor/disable')).toHaveLength(0);

    const current = within(area).getByLabelText('現在のパスワード');
    await user.type(current, 'Wrong-pass1!');
    await user.click(within(area).getByRole('button', { name: '無効にする' }));
    expect(await within(area).findByText(SECOND_FACTOR_MESSAGES.wrongPassword)).toBeTruthy();

    await user.clear(current);
    await user.type(current, 'Passw0rd!');
    await user.click(within(area).getByRole('button', { name: '無効にする' }));
    expect(await within(area).findByText('無効')).toBeTruthy();
    expect(fakeServer.calls('POST /api/auth/second-factor/disable').at(-1)?.body).toEqual({
      password: 'Passw0rd!',
      code: '123456',
    });
  });
});
