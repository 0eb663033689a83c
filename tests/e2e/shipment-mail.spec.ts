import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createLedgerItem, ledgerCsv } from '../api/helpers/ledger-factory';
import { DEMO_PASSWORD } from './support/login-as';
import { linkIn, type Mail, mailFileNames, readMails } from './support/mail';
import { test } from './support/test';

// A shipment notification mail's two links as a person follows
// them — the orders screen on exactly the notified lines (through sign-in when signed out), and
// the unsubscribe page — at both viewports.

// Sign-in, an import and a mail each take seconds on a busy machine.
test.setTimeout(180_000);

const shots = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

/**
 * Imports one shipped line of customer 10001 as staff (through the API), ordered out of the orders
 * tests' sight; the recipient's mail.
 * Staff sign in through `api`, a request context of its own: signed in with the page's cookies, a
 * login screen still starting in the page would end that session as one left by a closed tab
 * (docs/product.md §4), and the import would be refused.
 */
async function shipLine(
  api: APIRequestContext,
  origin: string,
  itemName: string,
  recipient = 'user@example.com',
) {
  const seen = await mailFileNames();
  const signIn = await api.post('/api/auth/sign-in/email', {
    data: { email: 'staff@example.com', password: DEMO_PASSWORD },
    headers: { origin },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const token = (await (await api.get('/api/auth/token')).json()).token as string;
  const imported = await api.post('/api/v1/spec/import-ledger', {
    // Keys of its own: the factory's numbering restarts in each worker (desktop and phone).
    data: ledgerCsv([
      createLedgerItem({
        item_name: itemName,
        // Ordered before the orders screen's two-year window, which no other screen's test can
        // widen: the orders tests, running beside these, count customer 10001's lines, and the
        // mail's own link shows its lines whatever their order date (docs/decisions/014).
        sale_order_date: '2023-04-03',
        // Shown in the table and in the phone's cards (which show no item number).
        property_name: `物件 ${itemName}`,
        quantity: 7,
        sale_order_no: `SO-${itemName}`,
        delivery_no: `DN-${itemName}`,
      }),
    ]),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv; charset=utf-8' },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  // The mail goes through the outbox: a busy machine takes longer than the usual wait.
  let mail: Mail | undefined;
  await expect
    .poll(
      async () => {
        mail = (await readMails())
          .filter((m) => m.to.includes(recipient) && !seen.has(m.file))
          .find((m) => m.subject.includes('出荷のお知らせ') && m.text.includes(itemName));
        return mail !== undefined;
      },
      { message: `a shipment mail to ${recipient}`, timeout: 90_000 },
    )
    .toBe(true);
  return mail!;
}

test('the orders link shows exactly the notified lines, through sign-in when signed out', async ({
  page,
  request,
  baseURL,
}, info) => {
  await page.goto('/login');
  // Short, without hyphens: the table breaks and cuts long item numbers.
  const item = `SHIP${info.project.name[0]!.toUpperCase()}${String(Date.now()).slice(-5)}`;
  const mail = await shipLine(request, baseURL!, item);
  const link = new URL(linkIn(mail.text, '/orders?notification='));

  // Signed out: the sign-in screen, then the link itself.
  await page.context().clearCookies();
  await page.goto(`${link.pathname}${link.search}`);
  await page.waitForURL('**/login**');
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill('user@example.com');
  await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.waitForURL(
    (url) => url.pathname === '/orders' && url.search.includes('notification='),
  );
  await expect(page.getByText('出荷通知メールの明細（1件）を表示しています')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText(`物件 ${item}`).first()).toBeVisible();
  await shot(page, `orders-notification-${info.project.name}`);

  await page.getByRole('button', { name: 'すべての明細を表示' }).click();
  await expect(page.getByText(/出荷通知メールの明細/)).toHaveCount(0);
  expect(new URL(page.url()).searchParams.has('notification')).toBe(false);
});

test('the unsubscribe link asks first, then turns the mails off', async ({
  page,
  request,
  baseURL,
}, info) => {
  await page.goto('/login');
  // A recipient of its own per viewport: the desktop run's unsubscribe must not stop the phone's.
  const recipient = info.project.name === 'phone' ? 'multi@example.com' : 'admin@example.com';
  const mail = await shipLine(
    request,
    baseURL!,
    `E2E-UNSUB-${info.project.name}-${Date.now()}`,
    recipient,
  );
  const link = new URL(linkIn(mail.text, '/mail/unsubscribe'));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: '出荷のお知らせメールの配信停止' })).toBeVisible();
  await shot(page, `unsubscribe-ask-${info.project.name}`);
  await page.getByRole('button', { name: '配信を停止する' }).click();
  await expect(page.getByRole('heading', { name: '配信を停止しました' })).toBeVisible();
  await shot(page, `unsubscribe-done-${info.project.name}`);
});
