import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FAKE_ACCOUNTS, FAKE_CUSTOMERS, serveAccount } from '../../testing/fake-accounts';
import { fakeServer, json } from '../../testing/fake-server';
import { renderWithProviders } from '../../testing/render';
import { AppLayout } from './app-layout';
import { pathAfterSwitch, SWITCH_TEXTS } from './customer-switch-dialog';

const honto = FAKE_CUSTOMERS[10001]!;
const kansai = FAKE_CUSTOMERS[10002]!;

/** multi@example.com signed in to 10001, holding 10001 and 10002. */
const multiSession = {
  identityUid: 'uid-multi',
  userInfo: {
    id: 10101,
    mail: 'multi@example.com',
    customerCode: 10001,
    userTypeId: 2,
    firebaseUid: 'uid-multi',
  },
  customerCodeList: [10001, 10002],
  customerName: honto.name,
  corporationName: honto.corporateName,
};

function resizeTo(width: number) {
  window.innerWidth = width;
}

async function openSwitch(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(screen.getByRole('button', { name: /取引先を切り替える/ }));
  return screen.findByRole('dialog', { name: SWITCH_TEXTS.title });
}

describe('switching to another of the person’s customers', () => {
  beforeEach(() => {
    serveAccount(fakeServer, FAKE_ACCOUNTS.multi);
    fakeServer.otherwise(() => json(200, []));
  });

  it('from the header’s customer name: the other customer’s record, names and screen, without signing out', async () => {
    const { user, router } = renderWithProviders(<AppLayout />, {
      path: '/inquiries/7',
      session: multiSession,
    });
    const dialog = await openSwitch(user);
    const select = within(dialog).getByRole('combobox', { name: SWITCH_TEXTS.prompt });
    await waitFor(() =>
      expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
        `10002: ${kansai.name}`,
      ]),
    );
    expect(within(dialog).getByText(SWITCH_TEXTS.current(`10001: ${honto.name}`))).toBeTruthy();
    await user.selectOptions(select, '10002');
    await user.click(within(dialog).getByRole('button', { name: SWITCH_TEXTS.submit }));

    expect(await screen.findByText(`${kansai.name} 様`)).toBeTruthy();
    const [asked] = fakeServer.calls('POST /api/v1/user/get-firebase-user-by-id');
    expect(asked?.body).toMatchObject({ customer_code: 10002 });
    expect(JSON.parse(sessionStorage.getItem('userInfo')!)).toMatchObject({
      customerCode: 10002,
      id: 10102,
    });
    expect(sessionStorage.getItem('customerName')).toBe(kansai.name);
    // A thread of the other customer is not this one's: its list instead.
    expect(router.state.location.pathname).toBe('/inquiries');
    expect(fakeServer.calls('POST /api/auth/sign-out')).toHaveLength(0);
    expect(fakeServer.calls('POST /api/auth/sign-in/email')).toHaveLength(0);
    expect(await screen.findByText(`10002: ${kansai.name} に切り替えました。`)).toBeTruthy();
  });

  it('keeps the customer shown, with a message, when the switch fails', async () => {
    fakeServer.on('POST /api/v1/user/get-firebase-user-by-id', () =>
      json(409, { code: 'ACCOUNT_DELETED', message: '' }),
    );
    const { user, router } = renderWithProviders(<AppLayout />, {
      path: '/orders',
      session: multiSession,
    });
    const dialog = await openSwitch(user);
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: SWITCH_TEXTS.prompt }),
      '10002',
    );
    await user.click(within(dialog).getByRole('button', { name: SWITCH_TEXTS.submit }));

    expect(await within(dialog).findByText(SWITCH_TEXTS.deleted)).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem('userInfo')!)).toMatchObject({ customerCode: 10001 });
    expect(screen.getByRole('button', { name: /取引先を切り替える/ }).textContent).toContain(
      `${honto.name} 様`,
    );
    expect(router.state.location.pathname).toBe('/orders');
  });

  it('on a phone, from the menu behind the hamburger', async () => {
    resizeTo(390);
    const { user } = renderWithProviders(<AppLayout />, { path: '/top', session: multiSession });
    await user.click(screen.getByRole('button', { name: 'メニュー' }));
    await user.click(screen.getByRole('button', { name: '取引先を切り替える' }));
    expect(await screen.findByRole('dialog', { name: SWITCH_TEXTS.title })).toBeTruthy();
  });

  it('is not offered to a person with one customer code, nor to staff (they choose on each screen)', () => {
    const { unmount } = renderWithProviders(<AppLayout />, {
      path: '/top',
      session: { ...multiSession, customerCodeList: [10001] },
    });
    expect(screen.getByText(`${honto.name} 様`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /取引先を切り替える/ })).toBeNull();
    unmount();
    renderWithProviders(<AppLayout />, {
      path: '/top',
      session: {
        userInfo: { customerCode: 99999, userTypeId: 3 },
        customerCodeList: [10001, 10002, 99999],
        customerName: FAKE_CUSTOMERS[99999]!.name,
      },
    });
    expect(screen.queryByRole('button', { name: /取引先を切り替える/ })).toBeNull();
  });
});

describe('the screen after a switch', () => {
  it('is the same screen’s start, or the top page when the new permission does not admit it', () => {
    expect(pathAfterSwitch('/orders', 2)).toBe('/orders');
    expect(pathAfterSwitch('/inquiries/12', 2)).toBe('/inquiries');
    expect(pathAfterSwitch('/managers', 1)).toBe('/managers');
    expect(pathAfterSwitch('/managers', 2)).toBe('/top');
    expect(pathAfterSwitch('/audit', 2)).toBe('/top');
  });
});
