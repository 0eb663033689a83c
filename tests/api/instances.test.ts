import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { LOGIN_MESSAGES } from '../../domain/messages';
import { createPasswordIdentity } from '../../server/identity/builtin-identity';
import { withClockAhead } from '../support/clock';
import { createAccount } from './helpers/accounts';
import { apiKey, bearer, DEMO_PASSWORD, signIn, signInRequest } from './helpers/auth';
import { createTestApp, openSecondInstance, type TestApp } from './helpers/test-app';

// Two API instances on one PostgreSQL and one Redis, as behind a load balancer: the
// lockout count and the pre-login rate limits are shared (attempts alternate between them), and
// either instance accepts the other's access tokens. Runs where both services are configured
// (the PostgreSQL pass of CI: DATABASE_URL and TEST_REDIS_URL).

const redisUrl = process.env.TEST_REDIS_URL;
const shared = Boolean(process.env.DATABASE_URL && redisUrl);

describe.runIf(shared)('two API instances on one PostgreSQL and one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  // Keys of their own in Redis, which outlives test runs: a fresh mail and client address.
  const run = randomBytes(4).toString('hex');
  const mail = `instances-${run}@example.com`;
  const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

  beforeAll(async () => {
    a = await createTestApp({
      seed: { ledgerLinesPerCustomer: 0 },
      env: {
        REDIS_URL: redisUrl!,
        RATE_LIMIT_MAIL_PER_MINUTE: '7',
        RATE_LIMIT_IP_PER_MINUTE: '1000',
      },
    });
    b = await openSecondInstance(a);
    const uid = await createPasswordIdentity(a.platform.auth, {
      email: mail,
      name: '複数 台',
      password: DEMO_PASSWORD,
      emailVerified: true,
    });
    await a.database.db.insert(users).values({
      mail,
      user_name: '複数 台',
      customer_code: 10001,
      user_type_id: 2,
      firebase_uid: uid,
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('either instance accepts the access tokens of the other', async () => {
    const fromA = (await signIn(a.app, 'user@example.com')).token;
    const fromB = (await signIn(b.app, 'user@example.com')).token;
    for (const [app, token] of [
      [b.app, fromA],
      [a.app, fromB],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/user/get-all-customers',
        payload: {},
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([10001]);
    }
  });

  it('five wrong passwords alternating between the instances lock the account on both', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      answers.push(await signInRequest(app, mail, 'Wrong-pass1', ip));
    }
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(answers[4]!.json()).toMatchObject({ account_locked: true });
    const correct = await signInRequest(b.app, mail, DEMO_PASSWORD, ip);
    expect(correct.statusCode).not.toBe(200);
    expect(correct.body).toContain(LOGIN_MESSAGES.locked);
    const check = await a.app.inject({
      method: 'POST',
      url: '/api/v1/user/check-account-lock',
      payload: { mail },
      headers: apiKey(a.config),
      remoteAddress: ip,
    });
    expect(check.json()).toEqual({ account_lock_flag: true, locked_until: expect.any(String) });
  });

  it('the per-mail rate limit counts the calls of both instances together', async () => {
    const other = `limit-${run}@example.com`;
    const statuses = [];
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/user/check-account-lock',
        payload: { mail: other },
        headers: apiKey(a.config),
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    // Seven per minute in all: five on each instance would pass if each counted alone.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 429, 429, 429]);
  });
});

describe.runIf(shared)('two API instances: the lock and sessions under parallel load', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp({
      seed: { ledgerLinesPerCustomer: 0 },
      env: {
        REDIS_URL: redisUrl!,
        RATE_LIMIT_MAIL_PER_MINUTE: '100000',
        RATE_LIMIT_IP_PER_MINUTE: '100000',
        SESSION_CHECK_SECONDS: '1',
      },
    });
    b = await openSecondInstance(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('50 parallel wrong passwords spread over both instances get five password checks in all', async () => {
    const { mail } = await createAccount(a, 'two-instances-burst');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signInRequest(i % 2 === 0 ? a.app : b.app, mail, `Wrong-pass${i}!`),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 423)).toHaveLength(45);
    expect(answers.filter((r) => r.json().account_locked === true)).toHaveLength(1);
    expect((await signInRequest(b.app, mail, DEMO_PASSWORD)).statusCode).toBe(423);
    expect((await signInRequest(a.app, mail, DEMO_PASSWORD)).statusCode).toBe(423);
  });

  it('a sign-out on one instance refuses the session’s token on the other within SESSION_CHECK_SECONDS', async () => {
    const { mail } = await createAccount(a, 'two-instances-sign-out');
    const { cookie, token } = await signIn(a.app, mail);
    const call = () =>
      b.app.inject({
        method: 'POST',
        url: '/api/v1/user/get-all-customers',
        payload: {},
        headers: bearer(token),
      });
    expect((await call()).statusCode).toBe(200);
    const out = await a.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: a.config.publicBaseUrl },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await withClockAhead(1100, call)).statusCode).toBe(401);
  });
});

describe.skipIf(shared)('two API instances (skipped here)', () => {
  it.skip('needs DATABASE_URL and TEST_REDIS_URL (the PostgreSQL pass of CI)', () => {});
});
