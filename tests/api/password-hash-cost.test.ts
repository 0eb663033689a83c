import { verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccount } from '../../db/schema';
import { createAccount } from './helpers/accounts';
import { DEMO_PASSWORD, signIn, signInRequest } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// The built-in provider hashes a password set through the portal at PASSWORD_HASH_COST, and signs
// in with any hash at the cost it carries (server/identity/password-hash.ts).

const NEW_PASSWORD = 'N3w-secret!';

/** Changes the password of a fresh account through the provider's route; answers its stored hash. */
async function changedHashOf(t: TestApp): Promise<{ mail: string; hash: string }> {
  const { mail, uid } = await createAccount(t, 'hash-cost');
  const { cookie } = await signIn(t.app, mail);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: { cookie, origin: t.config.publicBaseUrl },
    payload: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { mail, hash: await storedHashOf(t, uid) };
}

/** The password hash the provider keeps for an identity. */
async function storedHashOf(t: TestApp, uid: string): Promise<string> {
  const [row] = await t.database.db
    .select({ password: authAccount.password })
    .from(authAccount)
    .where(eq(authAccount.userId, uid));
  if (!row?.password) throw new Error(`no password hash is kept for ${uid}`);
  return row.password;
}

/** An app with the demo data at PASSWORD_HASH_COST `cost` for the block's tests, and its log. */
function appAtCost(cost: string): { t: TestApp; log: string[] } {
  const made = { t: undefined as unknown as TestApp, log: [] as string[] };
  beforeAll(async () => {
    made.t = await createTestApp({
      env: { PASSWORD_HASH_COST: cost },
      seed: { ledgerLinesPerCustomer: 0 },
      logStream: { write: (line) => made.log.push(line) },
    });
  });
  afterAll(async () => made.t?.close());
  return made;
}

describe.skipIf(process.env.TEST_IDENTITY_PROVIDER === 'firebase')('password hashing cost', () => {
  describe('below the standard (a test’s setting)', () => {
    const app = appAtCost('11');

    it('warns at start that it is for tests only', () => {
      const warning = app.log
        .map((line) => JSON.parse(line))
        .find((e) => /PASSWORD_HASH_COST/.test(e.msg));
      expect(warning).toMatchObject({ level: 40, cost: 11, standard: 14 });
    });

    it('stores a changed password at that cost, which then signs in, and the old one no longer', async () => {
      const { mail, hash } = await changedHashOf(app.t);
      expect(hash).toMatch(/^scrypt\$11\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
      expect((await signInRequest(app.t.app, mail, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await signInRequest(app.t.app, mail, DEMO_PASSWORD)).statusCode).toBe(401);
    });

    it('signs in with hashes made at another cost (the demo accounts’, made at the tests’ least)', async () => {
      const res = await signInRequest(app.t.app, 'user@example.com', DEMO_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(await storedHashOf(app.t, res.json().user.id)).toMatch(/^scrypt\$10\$/);
    });
  });

  describe('at the standard cost (the default)', () => {
    const app = appAtCost('14');

    it('stores a changed password as the provider itself would, and warns of nothing', async () => {
      const { mail, hash } = await changedHashOf(app.t);
      expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(await verifyPassword({ hash, password: NEW_PASSWORD })).toBe(true);
      expect((await signInRequest(app.t.app, mail, NEW_PASSWORD)).statusCode).toBe(200);
      expect(app.log.some((line) => line.includes('PASSWORD_HASH_COST'))).toBe(false);
    });
  });
});
