// Run by scripts/e2e-server.mjs before the server starts: the demo data plus the accounts only the
// browser tests use (a deleted user, an account whose password the reset test changes), made
// through the identity port: on Firebase (playwright.config.ts, the firebase-* projects) as built in.
import pino from 'pino';
import { users } from '../../../db/schema';
import { loadConfig } from '../../../server/config';
import { openPlatform, seedDemoIfEmpty } from '../../../server/platform';

export const E2E_ACCOUNTS = [
  { mail: 'deleted@example.com', user_name: '削除 済子', deleted: true },
  { mail: 'reset@example.com', user_name: '再設定 太郎', deleted: false },
  // The account page's browser test changes their passwords, one per project (account.spec.ts).
  { mail: 'account-desktop@example.com', user_name: '設定 机子', deleted: false },
  { mail: 'account-phone@example.com', user_name: '設定 携帯', deleted: false },
] as const;

const config = loadConfig();
const platform = await openPlatform(config, pino({ level: 'warn' }));
try {
  const summary = await seedDemoIfEmpty(platform, { ledgerLinesPerCustomer: 600 });
  if (summary) {
    for (const account of E2E_ACCOUNTS) {
      const uid = await platform.identity.createIdentity({
        mail: account.mail,
        name: account.user_name,
        password: 'Passw0rd!',
        mailVerified: true,
      });
      await platform.database.db.insert(users).values({
        mail: account.mail,
        user_name: account.user_name,
        customer_code: 10001,
        user_type_id: 2,
        firebase_uid: uid,
        delete_flag: account.deleted,
      });
    }
  }
} finally {
  await platform.close();
}
