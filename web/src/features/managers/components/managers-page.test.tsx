import type { ManagedUserWithState } from '@domain/api/user';
import {
  DUPLICATE_DESCRIPTIONS,
  MAIL_HELD_ELSEWHERE,
  MAIL_NOT_CONFIRMED,
} from '@domain/manager-row';
import { FIELD_PROBLEM_MESSAGES } from '@domain/top-content';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { UNSAVED_CHANGES_TEXT } from '../../../components/edit-rows/unsaved-changes';
import { DEFAULT_APP_CONFIG } from '../../../lib/app-config';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { ManagersPage } from './managers-page';

const STAMP = '2025-01-06T09:00:00.000Z';
const ADMIN = { userInfo: { id: 2, userTypeId: 1, customerCode: 10001 } };
const STAFF = {
  userInfo: { id: 1, userTypeId: 3, customerCode: 99999, mail: 'staff@example.com' },
};

const CUSTOMER_NAMES: Record<number, string> = {
  10001: '株式会社サンプル屋根 東京支店',
  10002: '株式会社サンプル屋根 大阪支店',
  20001: '有限会社北斗板金工業',
  99999: '株式会社ミナト金属工業 (社内)',
};
const TYPE_NAMES: Record<number, string> = { 1: '管理者', 2: '一般ユーザー', 3: 'スーパー管理者' };

let nextId = 100;
function managedUser(overrides: Partial<ManagedUserWithState> = {}): ManagedUserWithState {
  const customer = overrides.customer_code ?? 10001;
  const type = overrides.user_type_id ?? 2;
  nextId += 1;
  return {
    id: nextId,
    mail: `user${nextId}@example.com`,
    user_name: `利用者${nextId}`,
    customer_code: customer,
    customer_name: CUSTOMER_NAMES[customer] ?? '',
    user_type_id: type,
    user_type_name: TYPE_NAMES[type] ?? '',
    firebase_uid: null,
    account_lock_date: null,
    delete_flag: false,
    created_at: STAMP,
    updated_at: STAMP,
    shipment_mail: true,
    sign_in_state: 'active',
    locked_until: null,
    last_sign_in_at: STAMP,
    ...overrides,
  };
}

/** The server's users, changed by the write calls like the real one. */
let users: ManagedUserWithState[];

beforeEach(() => {
  users = [
    managedUser({ id: 11, mail: 'admin@example.com', user_name: '東 和也', user_type_id: 1 }),
    managedUser({ id: 12, mail: 'user@example.com', user_name: '鈴木 花子' }),
    managedUser({
      id: 13,
      mail: 'kansai@example.com',
      user_name: '近畿 一郎',
      customer_code: 10002,
    }),
  ];
  fakeServer
    .on('POST /api/v1/user/get-user-by-customer', ({ body }) => {
      const { customer_code } = body as { customer_code: number[] };
      return json(
        200,
        users.filter((u) => customer_code.length === 0 || customer_code.includes(u.customer_code)),
      );
    })
    .on('POST /api/v1/user/get-all-user-type', ({ body }) => {
      const { user_group } = body as { user_group?: string };
      const all = [1, 2, 3].map((id) => ({
        id,
        user_type_name: TYPE_NAMES[id],
        user_group: id === 3 ? 'staff' : 'BtoB',
      }));
      return json(200, user_group === 'BtoB' ? all.filter((t) => t.user_group === 'BtoB') : all);
    })
    .on('GET /api/v1/spec/get-all-customer-code-list', () =>
      json(
        200,
        Object.entries(CUSTOMER_NAMES).map(([code, name]) => ({
          customer_code: Number(code),
          customer_name: name,
        })),
      ),
    )
    .on('POST /api/v1/user/add-user', ({ body }) => {
      const input = body as ManagedUserWithState;
      if (users.some((u) => u.mail === input.mail && u.customer_code === input.customer_code)) {
        return json(409, {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'データが既に登録されています。',
          detail: { description: DUPLICATE_DESCRIPTIONS.mail },
        });
      }
      const created = managedUser({
        mail: input.mail,
        user_name: input.user_name,
        customer_code: input.customer_code,
        user_type_id: input.user_type_id,
      });
      const isNewAccount = !users.some((u) => u.mail === input.mail);
      users = [...users, created];
      // The server reports a mail it could not send (its mail server down) as invitation_sent false.
      const mailServerDown = input.mail.startsWith('no-mail-server');
      return json(200, {
        ...created,
        is_new_account: isNewAccount,
        invitation_sent: isNewAccount && !mailServerDown,
      });
    })
    .on('PUT /api/v1/user/update-user', ({ body }) => {
      const input = body as ManagedUserWithState;
      users = users.map((u) => (u.id === input.id ? { ...u, ...input } : u));
      return json(
        200,
        users.find((u) => u.id === input.id),
      );
    })
    .on('PUT /api/v1/user/delete-user', ({ body }) => {
      const { id } = body as { id: number };
      users = users.filter((u) => u.id !== id);
      return json(200, { id, delete_flag: true });
    });
});

type User = ReturnType<typeof renderWithProviders>['user'];

async function fill(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text !== '') await user.paste(text);
}

const row = (name: string) => screen.getByRole('row', { name });
const addButton = () => screen.getByRole('button', { name: '新規追加' }) as HTMLButtonElement;
const select = (scope: HTMLElement, name: string) =>
  within(scope).getByRole('combobox', { name }) as HTMLSelectElement;
const optionLabels = (element: HTMLSelectElement) =>
  [...element.options].filter((o) => !o.disabled).map((o) => o.textContent);

async function renderAsAdmin() {
  const rendered = renderWithProviders(<ManagersPage />, { session: ADMIN, path: '/managers' });
  await screen.findByRole('row', { name: 'user@example.com（10001）' });
  return rendered;
}

async function addNewRow(
  user: User,
  values: { mail: string; name: string; customer: string; type: string },
) {
  await user.click(addButton());
  const newRow = row('新規の利用者');
  await fill(user, within(newRow).getByRole('textbox', { name: 'メールアドレス' }), values.mail);
  await fill(user, within(newRow).getByRole('textbox', { name: '氏名' }), values.name);
  await user.selectOptions(select(newRow, '取引先コード'), values.customer);
  await user.selectOptions(select(newRow, '権限'), values.type);
  return newRow;
}

describe('the managers page for a corporate administrator', () => {
  it("shows each person's sign-in under their mail, with the action their state calls for", async () => {
    users[1] = { ...users[1]!, sign_in_state: 'invited', last_sign_in_at: null };
    users[2] = {
      ...users[2]!,
      sign_in_state: 'locked',
      locked_until: new Date(Date.now() + 30 * 60_000).toISOString(),
    };
    fakeServer
      .on('PUT /api/v1/user/resend-invitation', ({ body }) =>
        json(200, { id: (body as { id: number }).id, sent: true }),
      )
      .on('PUT /api/v1/user/unlock-account', ({ body }) =>
        json(200, { id: (body as { id: number }).id, lifted: true }),
      );
    const { user } = await renderAsAdmin();
    // The state sits in the mail's cell: no column of its own takes the mail's width.
    const mailCell = (name: string) => within(row(name)).getAllByRole('cell')[0]!;
    expect(within(mailCell('user@example.com（10001）')).getByText('招待中')).toBeTruthy();
    expect(
      within(mailCell('user@example.com（10001）')).getByText('最終ログイン なし'),
    ).toBeTruthy();
    expect(
      within(mailCell('kansai@example.com（10002）')).getByText(/^ロック中（.+まで）$/),
    ).toBeTruthy();
    expect(within(mailCell('admin@example.com（10001）')).getByText('利用中')).toBeTruthy();
    // One's own row has no action; the others' name the person they act on.
    expect(
      within(row('admin@example.com（10001）')).queryByRole('button', {
        name: /招待を再送|ロック解除/,
      }),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: 'user@example.com に招待を再送' }));
    expect(await screen.findByText('鈴木 花子様に招待メールを再送しました。')).toBeTruthy();
    expect(fakeServer.calls('PUT /api/v1/user/resend-invitation')[0]?.body).toMatchObject({
      id: 12,
    });
    await user.click(screen.getByRole('button', { name: 'kansai@example.com のロック解除' }));
    expect(await screen.findByText('近畿 一郎様のロックを解除しました。')).toBeTruthy();
    expect(fakeServer.calls('PUT /api/v1/user/unlock-account')[0]?.body).toMatchObject({ id: 13 });
  });
});

describe('the managers page for a corporate administrator', () => {
  it('shows every customer of the corporation by default, with すべて表示 to choose', async () => {
    await renderAsAdmin();
    const filter = screen.getByRole('combobox', {
      name: '表示する取引先コード',
    }) as HTMLSelectElement;
    expect(filter.value).toBe('all');
    expect(optionLabels(filter)).toEqual([
      'すべて表示',
      '10001: 株式会社サンプル屋根 東京支店',
      '10002: 株式会社サンプル屋根 大阪支店',
    ]);
    expect(row('kansai@example.com（10002）')).toBeTruthy();
    expect(fakeServer.calls('POST /api/v1/user/get-user-by-customer')[0]?.body).toMatchObject({
      customer_code: [],
      login_user_id: 2,
    });
    expect(fakeServer.calls('POST /api/v1/user/get-all-user-type')[0]?.body).toMatchObject({
      user_group: 'BtoB',
    });
  });

  it('lists only the chosen customer', async () => {
    const { user } = await renderAsAdmin();
    await user.selectOptions(
      screen.getByRole('combobox', { name: '表示する取引先コード' }),
      '10002',
    );
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: 'user@example.com（10001）' })).toBeNull(),
    );
    expect(row('kansai@example.com（10002）')).toBeTruthy();
  });

  it('shows the customer the address names, and writes a choice into the address', async () => {
    const { user, router } = renderWithProviders(<ManagersPage />, {
      session: ADMIN,
      path: '/managers?customer=10002',
    });
    expect(await screen.findByRole('row', { name: 'kansai@example.com（10002）' })).toBeTruthy();
    expect(screen.queryByRole('row', { name: 'user@example.com（10001）' })).toBeNull();
    const filter = screen.getByRole('combobox', { name: '表示する取引先コード' });
    expect((filter as HTMLSelectElement).value).toBe('10002');
    await user.selectOptions(filter, '10001');
    await waitFor(() => expect(router.state.location.search).toBe('?customer=10001'));
    expect(await screen.findByRole('row', { name: 'user@example.com（10001）' })).toBeTruthy();
    await user.selectOptions(filter, 'all');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says a link’s customer of another corporation cannot be shown, and shows its own customers', async () => {
    renderWithProviders(<ManagersPage />, { session: ADMIN, path: '/managers?customer=20001' });
    expect(
      await screen.findByText(
        '取引先コード 20001 のユーザーは表示できません。管理できる取引先のユーザーをすべて表示しています。',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('row', { name: 'user@example.com（10001）' })).toBeTruthy();
    const asked = fakeServer.calls('POST /api/v1/user/get-user-by-customer');
    expect(asked.map((call) => call.body)).toEqual([
      expect.objectContaining({ customer_code: [] }),
    ]);
  });

  it('shows a customer without users as an empty table that still takes a new row', async () => {
    const { user } = await renderAsAdmin();
    users = users.filter((u) => u.customer_code !== 10002);
    const asked = fakeServer.calls('POST /api/v1/user/get-user-by-customer').length;
    await user.selectOptions(
      screen.getByRole('combobox', { name: '表示する取引先コード' }),
      '10002',
    );
    expect(await screen.findByText('利用者はいません。')).toBeTruthy();
    // One request for the choice: an empty answer is shown, not reloaded (decision 010).
    expect(fakeServer.calls('POST /api/v1/user/get-user-by-customer')).toHaveLength(asked + 1);
    expect(addButton().disabled).toBe(false);
  });

  it('sorts by the column headers, toggling the direction, and by the sort select', async () => {
    const { user } = await renderAsAdmin();
    const mails = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('aria-label')?.split('（')[0]);
    expect(mails()).toEqual(['admin@example.com', 'kansai@example.com', 'user@example.com']);

    const mailHeader = screen.getByRole('columnheader', { name: /メールアドレス/ });
    expect(mailHeader.getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(mailHeader).getByRole('button'));
    expect(mailHeader.getAttribute('aria-sort')).toBe('descending');
    expect(mails()).toEqual(['user@example.com', 'kansai@example.com', 'admin@example.com']);

    await user.selectOptions(screen.getByRole('combobox', { name: '並び替え' }), '権限（昇順）');
    expect(mails()[0]).toBe('admin@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: '並び替え' }), '権限（降順）');
    expect(mails()[2]).toBe('admin@example.com');

    await user.click(
      within(screen.getByRole('columnheader', { name: /氏名/ })).getByRole('button'),
    );
    expect(screen.getByRole('columnheader', { name: /氏名/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  it('adds a user of the corporation: one request, a creation toast naming them and the mail advice', async () => {
    const { user } = await renderAsAdmin();
    const newRow = await addNewRow(user, {
      mail: 'new@example.com',
      name: '新井 次郎',
      customer: '10002',
      type: '2',
    });
    expect(addButton().disabled).toBe(true);
    const register = within(newRow).getByRole('button', { name: '登録' });

    await user.dblClick(register);

    expect(
      await screen.findByText(
        '新井 次郎様を登録しました。メールが届かない場合はメールアドレスをご確認ください。',
      ),
    ).toBeTruthy();
    expect(fakeServer.calls('POST /api/v1/user/add-user')).toHaveLength(1);
    expect(fakeServer.calls('POST /api/v1/user/add-user')[0]?.body).toMatchObject({
      mail: 'new@example.com',
      user_name: '新井 次郎',
      customer_code: 10002,
      customer_name: '株式会社サンプル屋根 大阪支店',
      user_type_id: 2,
      login_user_id: 2,
    });
    expect(await screen.findByRole('row', { name: 'new@example.com（10002）' })).toBeTruthy();
  });

  it('says so when the invitation mail could not be sent, the user being registered', async () => {
    const { user } = await renderAsAdmin();
    const newRow = await addNewRow(user, {
      mail: 'no-mail-server@example.com',
      name: '送信 失敗',
      customer: '10001',
      type: '2',
    });
    await user.click(within(newRow).getByRole('button', { name: '登録' }));
    expect(
      await screen.findByText(
        '送信 失敗様を登録しましたが、招待メールを送信できませんでした。ログイン画面の「パスワードをお忘れの方はこちら」からパスワードを設定するようお伝えください。',
      ),
    ).toBeTruthy();
    expect(
      await screen.findByRole('row', { name: 'no-mail-server@example.com（10001）' }),
    ).toBeTruthy();
  });

  it('says the customer was added when the mail already has an account', async () => {
    const { user } = await renderAsAdmin();
    const newRow = await addNewRow(user, {
      mail: 'user@example.com',
      name: '鈴木 花子',
      customer: '10002',
      type: '2',
    });
    await user.click(within(newRow).getByRole('button', { name: '登録' }));
    expect(await screen.findByText('鈴木 花子様に取引先コード10002を追加しました。')).toBeTruthy();
  });

  it('shows a new row unmarked until a cell is edited, then marks what is wrong there', async () => {
    const { user } = await renderAsAdmin();
    await user.click(addButton());
    const newRow = row('新規の利用者');
    expect(newRow.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    expect(within(newRow).queryByText('入力してください。')).toBeNull();
    expect(
      (within(newRow).getByRole('button', { name: '登録' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    const mail = within(newRow).getByRole('textbox', { name: 'メールアドレス' });
    await fill(user, mail, 'not-a-mail');
    expect(mail.getAttribute('aria-invalid')).toBe('true');
    // The cells not yet touched stay unmarked, and 登録 waits for all of them.
    expect(
      within(newRow).getByRole('textbox', { name: '氏名' }).getAttribute('aria-invalid'),
    ).not.toBe('true');
    expect(
      (within(newRow).getByRole('button', { name: '登録' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('shows the 409 toast for a duplicate mail and marks the mail cell', async () => {
    const { user } = await renderAsAdmin();
    const newRow = await addNewRow(user, {
      mail: 'user@example.com',
      name: '鈴木 花子',
      customer: '10001',
      type: '2',
    });
    await user.click(within(newRow).getByRole('button', { name: '登録' }));

    expect(await screen.findByText('入力したメールアドレスは既に登録されています。')).toBeTruthy();
    // No status code in front of the words.
    expect(screen.queryByText(/^409/)).toBeNull();
    // The same refusal again (the mail typed again) does not add a second toast.
    await fill(
      user,
      within(row('新規の利用者')).getByRole('textbox', { name: 'メールアドレス' }),
      'user@example.com',
    );
    await user.click(within(row('新規の利用者')).getByRole('button', { name: '登録' }));
    await waitFor(() => expect(fakeServer.calls('POST /api/v1/user/add-user')).toHaveLength(2));
    await waitFor(() =>
      expect(
        within(row('新規の利用者'))
          .getByRole('textbox', { name: 'メールアドレス' })
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(screen.getAllByText('入力したメールアドレスは既に登録されています。')).toHaveLength(1);
    const mail = within(row('新規の利用者')).getByRole('textbox', { name: 'メールアドレス' });
    expect(mail.getAttribute('aria-invalid')).toBe('true');
    // The address is well formed; the cell says what is wrong with it.
    expect(within(row('新規の利用者')).getByText('既に登録されています。')).toBeTruthy();
    expect(within(row('新規の利用者')).queryByText('形式が正しくありません。')).toBeNull();
    expect(select(row('新規の利用者'), '取引先コード').getAttribute('aria-invalid')).not.toBe(
      'true',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a mail of another corporation or of staff cannot be added, not that it is a duplicate', async () => {
    let added = 0;
    fakeServer.on('POST /api/v1/user/add-user', () => {
      added++;
      return json(409, {
        statusCode: 409,
        code: MAIL_HELD_ELSEWHERE.code,
        message: MAIL_HELD_ELSEWHERE.message,
        detail: { description: MAIL_HELD_ELSEWHERE.description },
      });
    });
    const { user } = await renderAsAdmin();
    const newRow = await addNewRow(user, {
      mail: 'staff@example.com',
      name: '社内 太郎',
      customer: '10002',
      type: '2',
    });
    await user.click(within(newRow).getByRole('button', { name: '登録' }));

    expect(
      await screen.findByText(
        '入力したメールアドレスは他の法人または当社のアカウントとして登録されているため、追加できません。追加が必要な場合はお問い合わせ先にご連絡ください。',
      ),
    ).toBeTruthy();
    expect(added).toBe(1);
    const mail = within(row('新規の利用者')).getByRole('textbox', { name: 'メールアドレス' });
    expect(mail.getAttribute('aria-invalid')).toBe('true');
    expect(select(row('新規の利用者'), '取引先コード').getAttribute('aria-invalid')).not.toBe(
      'true',
    );
    // A refusal the screen explains: no error dialog over it.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a mail whose account has not confirmed it cannot be added, not that it is a duplicate', async () => {
    fakeServer.on('POST /api/v1/user/add-user', () =>
      json(409, {
        statusCode: 409,
        code: MAIL_NOT_CONFIRMED.code,
        message: MAIL_NOT_CONFIRMED.message,
        detail: { description: MAIL_NOT_CONFIRMED.description },
      }),
    );
    const { user } = await renderAsAdmin();
    const newRow = await addNewRow(user, {
      mail: 'colleague@example.com',
      name: '同僚 一郎',
      customer: '10002',
      type: '2',
    });
    await user.click(within(newRow).getByRole('button', { name: '登録' }));
    expect(await screen.findByText(MAIL_NOT_CONFIRMED.message)).toBeTruthy();
    const mail = within(row('新規の利用者')).getByRole('textbox', { name: 'メールアドレス' });
    expect(mail.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the 409 toast naming the customer code otherwise and marks that cell', async () => {
    fakeServer.on('PUT /api/v1/user/update-user', () =>
      json(409, {
        statusCode: 409,
        code: 'CONFLICT',
        message: 'データが既に登録されています。',
        detail: { description: DUPLICATE_DESCRIPTIONS.customerCode },
      }),
    );
    const { user } = await renderAsAdmin();
    const saved = row('user@example.com（10001）');
    await user.selectOptions(select(saved, '取引先コード'), '10002');
    await user.selectOptions(select(saved, '権限'), '2');
    await user.click(within(saved).getByRole('button', { name: '登録' }));

    expect(await screen.findByText('入力した取引先コードは既に登録されています。')).toBeTruthy();
    expect(select(saved, '取引先コード').getAttribute('aria-invalid')).toBe('true');
    // Only the customer cell is marked; the saved mail is text, never an input to mark.
    expect(within(saved).getAllByText('既に登録されています。')).toHaveLength(1);
    expect(within(saved).queryByRole('textbox', { name: 'メールアドレス' })).toBeNull();
  });

  it('names the limit when a name is too long, and 登録 waits for a shorter one', async () => {
    const { user } = await renderAsAdmin();
    const saved = row('user@example.com（10001）');
    const name = within(saved).getByRole('textbox', { name: '氏名' });
    await fill(user, name, '名'.repeat(101));
    expect(within(saved).getByText('100文字以内で入力してください。')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(saved).getByRole('button', { name: '登録' })).toHaveProperty('disabled', true);
    await fill(user, name, '名'.repeat(100));
    expect(within(saved).queryByText('100文字以内で入力してください。')).toBeNull();
  });

  it('refuses a name with a URL, and 登録 waits for one line without it', async () => {
    const { user } = await renderAsAdmin();
    const saved = row('user@example.com（10001）');
    const name = within(saved).getByRole('textbox', { name: '氏名' });
    await fill(user, name, '山田 https://evil.example.com');
    expect(within(saved).getByText(FIELD_PROBLEM_MESSAGES.notOneLine)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(saved).getByRole('button', { name: '登録' })).toHaveProperty('disabled', true);
    await fill(user, name, '山田 太郎');
    expect(within(saved).queryByText(FIELD_PROBLEM_MESSAGES.notOneLine)).toBeNull();
  });

  it('asks before leaving changes not yet registered, and stays or leaves as told', async () => {
    const { user, router } = await renderAsAdmin();
    const saved = row('user@example.com（10001）');
    await fill(user, within(saved).getByRole('textbox', { name: '氏名' }), '鈴木 花江');

    await act(() => router.navigate('/top'));
    const dialog = await screen.findByRole('dialog', { name: '変更が登録されていません' });
    expect(within(dialog).getByText(UNSAVED_CHANGES_TEXT)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'このページに留まる' }));
    expect(router.state.location.pathname).toBe('/managers');
    expect(within(saved).getByRole('textbox', { name: '氏名' })).toHaveProperty(
      'value',
      '鈴木 花江',
    );

    await act(() => router.navigate('/top'));
    await user.click(
      within(await screen.findByRole('dialog', { name: '変更が登録されていません' })).getByRole(
        'button',
        { name: '変更を破棄して移動' },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/top'));
  });

  it('leaves without asking when nothing is changed, or for the sign-in screen', async () => {
    const { user, router } = await renderAsAdmin();
    await act(() => router.navigate('/top'));
    expect(router.state.location.pathname).toBe('/top');
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => router.navigate('/managers'));
    const saved = await screen.findByRole('row', { name: 'user@example.com（10001）' });
    await fill(user, within(saved).getByRole('textbox', { name: '氏名' }), '鈴木 花江');
    await act(() => router.navigate('/login'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('names the whole chosen customer on hover, which a narrow column may cut', async () => {
    const { user } = await renderAsAdmin();
    const saved = row('user@example.com（10001）');
    const customer = select(saved, '取引先コード');
    expect(customer.getAttribute('title')).toMatch(/^10001: \S/);
    await user.selectOptions(customer, '10002');
    expect(customer.getAttribute('title')).toBe('10002: 株式会社サンプル屋根 大阪支店');
  });

  it('updates a user by id and keeps the saved mail read-only', async () => {
    const { user } = await renderAsAdmin();
    const saved = row('user@example.com（10001）');
    // The saved mail is shown, wrapping before its 「@」, and cannot be edited.
    const mail = within(saved).getByText('user@example.com');
    expect(mail.querySelector('wbr')).not.toBeNull();
    expect(within(saved).queryByRole('textbox', { name: 'メールアドレス' })).toBeNull();
    await fill(user, within(saved).getByRole('textbox', { name: '氏名' }), '鈴木 花江');
    await user.click(within(saved).getByRole('button', { name: '登録' }));

    expect(await screen.findByText('鈴木 花江様の登録内容を更新しました。')).toBeTruthy();
    expect(fakeServer.calls('PUT /api/v1/user/update-user')[0]?.body).toMatchObject({
      id: 12,
      mail: 'user@example.com',
      user_name: '鈴木 花江',
      customer_code: 10001,
      user_type_id: 2,
    });
  });

  it('turns a user’s shipment notification off (出荷通知) with the row’s update; a new row is on', async () => {
    const { user } = await renderAsAdmin();
    const saved = row('user@example.com（10001）');
    const toggle = within(saved).getByRole('switch', { name: /出荷通知/ });
    expect(toggle).toHaveProperty('checked', true);
    await user.click(toggle);
    expect(within(saved).getByRole('switch', { name: '出荷通知オフ' })).toHaveProperty(
      'checked',
      false,
    );
    await user.click(within(saved).getByRole('button', { name: '登録' }));

    expect(await screen.findByText('鈴木 花子様の登録内容を更新しました。')).toBeTruthy();
    expect(fakeServer.calls('PUT /api/v1/user/update-user')[0]?.body).toMatchObject({
      id: 12,
      shipment_mail: false,
    });
    expect(users.find((u) => u.id === 12)?.shipment_mail).toBe(false);

    await user.click(addButton());
    const fresh = within(row('新規の利用者')).getByRole('switch', { name: /出荷通知/ });
    expect(fresh).toHaveProperty('checked', true);
    expect(fresh).toHaveProperty('disabled', true);
  });

  it('leaves the signed-in administrator their own permission, customer and row', async () => {
    const { user } = await renderAsAdmin();
    const own = row('admin@example.com（10001）');
    expect(select(own, '権限')).toHaveProperty('disabled', true);
    expect(select(own, '取引先コード')).toHaveProperty('disabled', true);
    expect(within(own).getByRole('button', { name: '削除' })).toHaveProperty('disabled', true);
    expect(
      within(row('user@example.com（10001）')).getByRole('button', { name: '削除' }),
    ).toHaveProperty('disabled', false);
    expect(select(row('user@example.com（10001）'), '権限')).toHaveProperty('disabled', false);

    await fill(user, within(own).getByRole('textbox', { name: '氏名' }), '東 和也（本社）');
    await user.click(within(own).getByRole('button', { name: '登録' }));
    expect(await screen.findByText('東 和也（本社）様の登録内容を更新しました。')).toBeTruthy();
  });

  it('asks before deleting, showing mail, name, customer code and permission', async () => {
    const { user } = await renderAsAdmin();
    await user.click(
      within(row('kansai@example.com（10002）')).getByRole('button', { name: '削除' }),
    );

    const dialog = await screen.findByRole('dialog', { name: '削除の確認' });
    expect(within(dialog).getByText('kansai@example.com')).toBeTruthy();
    expect(within(dialog).getByText('近畿 一郎')).toBeTruthy();
    expect(within(dialog).getByText('10002: 株式会社サンプル屋根 大阪支店')).toBeTruthy();
    expect(within(dialog).getByText('一般ユーザー')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));

    expect(await screen.findByText('近畿 一郎様を削除しました。')).toBeTruthy();
    expect(fakeServer.calls('PUT /api/v1/user/delete-user')[0]?.body).toMatchObject({
      id: 13,
      login_user_id: 2,
    });
  });

  it('opens the error dialog with the support contact when the list cannot be loaded', async () => {
    fakeServer.on('POST /api/v1/user/get-user-by-customer', () =>
      json(500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' }),
    );
    renderWithProviders(<ManagersPage />, { session: ADMIN, path: '/managers' });
    const dialog = await screen.findByRole('dialog', { name: 'エラー' });
    expect(
      within(dialog).getByText('アクセス時にエラーが発生しました。再度お試しください。'),
    ).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: DEFAULT_APP_CONFIG.supportEmail }),
    ).toBeTruthy();
  });

  it('shows the rows as cards on a phone', async () => {
    window.innerWidth = 390;
    renderWithProviders(<ManagersPage />, { session: ADMIN, path: '/managers' });
    const card = await screen.findByRole('group', { name: 'user@example.com（10001）' });
    expect(within(card).getByRole('textbox', { name: '氏名' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: '登録' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    // Resetting a second factor is staff's.
    expect(within(card).queryByRole('button', { name: /2段階認証をリセット/ })).toBeNull();
  });
});

describe('the managers page for staff', () => {
  async function renderAsStaff() {
    const rendered = renderWithProviders(<ManagersPage />, { session: STAFF, path: '/managers' });
    await screen.findByRole('option', { name: '10001: 株式会社サンプル屋根 東京支店' });
    return rendered;
  }

  it('asks to choose a customer first and hides 新規追加 until then', async () => {
    const { user } = await renderAsStaff();
    expect(screen.getByText('表示する取引先コードを選択してください')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新規追加' })).toBeNull();
    expect(fakeServer.calls('POST /api/v1/user/get-user-by-customer')).toHaveLength(0);
    expect(
      optionLabels(
        screen.getByRole('combobox', { name: '表示する取引先コード' }) as HTMLSelectElement,
      ),
    ).not.toContain('すべて表示');

    await user.selectOptions(
      screen.getByRole('combobox', { name: '表示する取引先コード' }),
      '10001',
    );

    expect(await screen.findByRole('row', { name: 'user@example.com（10001）' })).toBeTruthy();
    expect(screen.queryByText('表示する取引先コードを選択してください')).toBeNull();
    expect(addButton()).toBeTruthy();
    expect(fakeServer.calls('POST /api/v1/user/get-user-by-customer')[0]?.body).toMatchObject({
      customer_code: [10001],
    });
  });

  it('opens with the customer chosen on another screen of the tab, and puts it in the address', async () => {
    sessionStorage.setItem('chosenCustomer', '10002');
    const { router } = renderWithProviders(<ManagersPage />, { session: STAFF, path: '/managers' });
    expect(await screen.findByRole('row', { name: 'kansai@example.com（10002）' })).toBeTruthy();
    expect(router.state.location.search).toBe('?customer=10002');
    expect(screen.queryByText('表示する取引先コードを選択してください')).toBeNull();
  });

  it('remembers the customer chosen here for the other screens', async () => {
    const { user } = await renderAsStaff();
    await user.selectOptions(
      screen.getByRole('combobox', { name: '表示する取引先コード' }),
      '20001',
    );
    await waitFor(() => expect(sessionStorage.getItem('chosenCustomer')).toBe('20001'));
  });

  it('resets another person’s second factor after a confirmation; an administrator has no such button', async () => {
    fakeServer.on('PUT /api/v1/user/reset-second-factor', ({ body }) =>
      json(200, { id: (body as { id: number }).id, reset: true }),
    );
    const { user } = await renderAsStaff();
    await user.selectOptions(
      screen.getByRole('combobox', { name: '表示する取引先コード' }),
      '10001',
    );
    const userRow = await screen.findByRole('row', { name: 'user@example.com（10001）' });
    expect(screen.getByRole('columnheader', { name: '2段階認証' })).toBeTruthy();
    // The table's column names the factor; the button says what it does to whom.
    const reset = within(userRow).getByRole('button', {
      name: 'user@example.com の2段階認証をリセット',
    });
    expect(reset.textContent).toBe('リセット');
    await user.click(reset);

    const dialog = await screen.findByRole('dialog', { name: '2段階認証のリセット' });
    expect(within(dialog).getByText('user@example.com')).toBeTruthy();
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(fakeServer.calls('PUT /api/v1/user/reset-second-factor')).toHaveLength(0);

    await user.click(reset);
    await user.click(
      within(await screen.findByRole('dialog', { name: '2段階認証のリセット' })).getByRole(
        'button',
        { name: 'リセットする' },
      ),
    );
    expect(await screen.findByText('鈴木 花子様の2段階認証をリセットしました。')).toBeTruthy();
    expect(fakeServer.calls('PUT /api/v1/user/reset-second-factor')[0]?.body).toMatchObject({
      id: 12,
      login_user_id: 1,
    });
  });

  it('says in their own row where staff set their own second factor', async () => {
    users = [
      ...users,
      managedUser({
        id: 1,
        mail: 'staff@example.com',
        user_name: '港 健一',
        customer_code: 99999,
        user_type_id: 3,
      }),
    ];
    const { user } = await renderAsStaff();
    await user.selectOptions(
      screen.getByRole('combobox', { name: '表示する取引先コード' }),
      '99999',
    );
    const own = await screen.findByRole('row', { name: 'staff@example.com（99999）' });
    expect(within(own).queryByRole('button', { name: /2段階認証をリセット/ })).toBeNull();
    expect(within(own).getByRole('link', { name: 'アカウント設定' }).getAttribute('href')).toBe(
      '/account',
    );
  });

  it('offers only the staff type for customer 99999 and every other type otherwise', async () => {
    const { user } = await renderAsStaff();
    await user.selectOptions(
      screen.getByRole('combobox', { name: '表示する取引先コード' }),
      '10001',
    );
    await screen.findByRole('row', { name: 'user@example.com（10001）' });
    await user.click(addButton());
    const newRow = row('新規の利用者');
    // The new row starts with the customer shown.
    expect(select(newRow, '取引先コード').value).toBe('10001');

    expect(optionLabels(select(newRow, '権限'))).toEqual(['管理者', '一般ユーザー']);
    await user.selectOptions(select(newRow, '取引先コード'), '99999');
    expect(optionLabels(select(newRow, '権限'))).toEqual(['スーパー管理者']);
    await user.selectOptions(select(newRow, '権限'), '3');
    // Back to an ordinary customer: the staff type goes and the cell asks for a choice.
    await user.selectOptions(select(newRow, '取引先コード'), '20001');
    expect(optionLabels(select(newRow, '権限'))).toEqual(['管理者', '一般ユーザー']);
    expect(select(newRow, '権限').value).toBe('');
    expect(select(newRow, '権限').getAttribute('aria-invalid')).toBe('true');
    expect(fakeServer.calls('POST /api/v1/user/get-all-user-type')[0]?.body).not.toHaveProperty(
      'user_group',
    );
  });
});
