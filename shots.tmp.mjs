import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3200';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  for (const [who, pages] of [['staff', ['/top', '/edit-top', '/managers', '/orders', '/shared-files']], ['user', ['/orders', '/shared-files']]]) {
    const page = await browser.newPage({ viewport });
    await page.goto(`${base}/login`);
    if (who === 'staff' && label === 'desktop') await page.screenshot({ path: `/tmp/shots/${label}-login.png` });
    await page.getByRole('textbox', { name: 'メールアドレス' }).fill(`${who}@example.com`);
    await page.getByLabel('パスワード', { exact: true }).fill('Passw0rd!');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL('**/top', { timeout: 30000 });
    for (const path of pages) {
      await page.evaluate((p) => { history.pushState({}, '', p); dispatchEvent(new PopStateEvent('popstate')); }, path);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `/tmp/shots/${label}-${who}${path.replaceAll('/', '-')}.png` });
    }
    await page.close();
  }
}
await browser.close();
