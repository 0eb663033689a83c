import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLockouts } from '../../db/schema';
import { createAccount, type RawAnswer, rawRequest } from './helpers/accounts';
import { cookieHeaderOf, DEMO_PASSWORD, signIn, signInRequest } from './helpers/auth';
import { deliveredMails } from './helpers/mail';
import { createTestApp, type TestApp } from './helpers/test-app';

// The identity routes must not be reachable through another spelling of
// their path that skips the server's own lock and limit checks, and the provider's endpoints the
// portal does not use are off. The verification mail has the reset mail's limits.
// Requests go over a real socket so that each path reaches the server as written.

/** Other spellings of `/api/auth/<endpoint>` that a URL parser could read as the same path. */
function spellingsOf(endpoint: string): string[] {
  const [head, ...rest] = endpoint.split('/');
  const tail = rest.join('/');
  const spellings = [
    `/api/auth/./${endpoint}`,
    `/api/auth/%2e/${endpoint}`,
    `/api/auth/%2E/${endpoint}`,
    `/api/auth//${endpoint}`,
    `/api//auth/${endpoint}`,
    `//api/auth/${endpoint}`,
    `/api/./auth/${endpoint}`,
    `/api/auth/x/../${endpoint}`,
    `/api/auth/x/%2e%2e/${endpoint}`,
    `/api/auth/x/.%2E/${endpoint}`,
    `/api/auth/x/%2e./${endpoint}`,
    `/api/x/../auth/${endpoint}`,
    `/x/../api/auth/${endpoint}`,
    `/api/auth/x\\..\\${endpoint}`,
    `/api/auth\\${endpoint}`,
    `/api/auth/${endpoint}/`,
    `/api/auth/${endpoint}/.`,
    `/api/auth/${endpoint}//`,
    `/api/auth/${endpoint}/x/..`,
    `/api/auth/${endpoint};x`,
    `/api/auth/${endpoint}%20`,
    `/api/auth/${endpoint}%00`,
    `/api/auth/${endpoint}%2f`,
    `/api/auth/${endpoint.toUpperCase()}`,
    `/API/auth/${endpoint}`,
  ];
  if (tail) {
    spellings.push(
      `/api/auth/${head}//${tail}`,
      `/api/auth/${head}/./${tail}`,
      `/api/auth/${head}/%2e/${tail}`,
      `/api/auth/${head}%2f${tail}`,
      `/api/auth/${head}%2F${tail}`,
      `/api/auth/${head}/x/../${tail}`,
    );
  }
  return spellings;
}

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 0 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '100000' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  rawRequest(port, 'POST', path, { body, headers });

/** Refused before the provider: not found, or a request the server will not read. */
const refusedUnread = (answer: RawAnswer) => [400, 404, 405].includes(answer.status);

describe('the identity routes answer at one spelling only', () => {
  it('a locked account does not sign in through any other spelling of the sign-in path', async () => {
    const { mail } = await createAccount(t, 'spelling-locked');
    for (let i = 1; i <= 5; i++) await signInRequest(t.app, mail, `Wrong-pass${i}!`);
    expect((await signInRequest(t.app, mail, DEMO_PASSWORD)).statusCode).toBe(423);

    for (const path of spellingsOf('sign-in/email')) {
      const answer = await post(path, { email: mail, password: DEMO_PASSWORD });
      // Either refused before the provider, or it reached the server's own sign-in and its lock.
      expect(refusedUnread(answer) || answer.status === 423, `${path} → ${answer.status}`).toBe(
        true,
      );
      expect(cookieHeaderOf(answer.headers['set-cookie']), path).not.toContain('session_token');
    }
  });

  it('every wrong password sent through another spelling is refused unread or counted', async () => {
    const { mail } = await createAccount(t, 'spelling-count');
    let checked = 0;
    for (const path of spellingsOf('sign-in/email')) {
      const answer = await post(path, { email: mail, password: 'Wrong-pass1!' });
      if (refusedUnread(answer)) continue;
      expect([401, 423], `${path} → ${answer.status}`).toContain(answer.status);
      if (answer.status === 401) checked += 1;
    }
    const [row] = await t.database.db
      .select()
      .from(accountLockouts)
      .where(eq(accountLockouts.mail, mail));
    // Each checked password is counted: the lock came at the fifth and the count started again.
    expect((row?.lock_count ?? 0) * 5 + (row?.failure_count ?? 0)).toBe(checked);
    if (checked < 5) {
      for (let i = checked; i < 5; i++) await signInRequest(t.app, mail, 'Wrong-pass1!');
    }
    expect((await signInRequest(t.app, mail, DEMO_PASSWORD)).statusCode).toBe(423);
  });

  it('the reset mail limit per address holds through every spelling of the request path', async () => {
    const limited = await createTestApp({
      seed: { ledgerLinesPerCustomer: 0 },
      env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '3' },
    });
    try {
      await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const limitedPort = (limited.app.server.address() as AddressInfo).port;
      const mail = 'user@example.com';
      for (const endpoint of ['request-password-reset', 'send-verification-email']) {
        const answers: RawAnswer[] = [];
        for (const path of [`/api/auth/${endpoint}`, ...spellingsOf(endpoint)]) {
          answers.push(
            await rawRequest(limitedPort, 'POST', path, {
              body: { email: mail, redirectTo: '/reset-password' },
            }),
          );
        }
        const accepted = answers.filter((a) => a.status === 200);
        expect(accepted.length, endpoint).toBeLessThanOrEqual(3);
        for (const answer of answers) expect([200, 400, 404, 405, 429]).toContain(answer.status);
      }
      // The two mail requests share the address's limit: at most three mails in all.
      const mails = (await deliveredMails(limited)).filter((m) => m.to.includes(mail));
      expect(mails.length).toBeLessThanOrEqual(3);
    } finally {
      await limited.close();
    }
  });
});

describe('the provider endpoints the portal does not use are off', () => {
  it.each([
    [
      'POST',
      '/api/auth/sign-up/email',
      { email: 'new@example.com', password: 'Passw0rd!', name: 'x' },
    ],
    ['POST', '/api/auth/update-user', { name: '書き換え' }],
    ['POST', '/api/auth/delete-user', {}],
    ['GET', '/api/auth/delete-user/callback?token=x', undefined],
    ['POST', '/api/auth/change-email', { newEmail: 'taken@example.com' }],
    ['GET', '/api/auth/list-sessions', undefined],
    ['POST', '/api/auth/revoke-session', { token: 'x' }],
    ['POST', '/api/auth/revoke-sessions', {}],
    ['POST', '/api/auth/revoke-other-sessions', {}],
    ['GET', '/api/auth/list-accounts', undefined],
    ['POST', '/api/auth/unlink-account', { providerId: 'credential' }],
    ['POST', '/api/auth/link-social', { provider: 'google' }],
    ['POST', '/api/auth/sign-in/social', { provider: 'google' }],
    ['POST', '/api/auth/refresh-token', {}],
    ['POST', '/api/auth/get-access-token', {}],
    ['GET', '/api/auth/account-info', undefined],
    ['POST', '/api/auth/sign-jwt', { payload: { sub: 'x' } }],
    ['POST', '/api/auth/verify-jwt', { token: 'x' }],
    ['GET', '/api/auth/ok', undefined],
    ['GET', '/api/auth/error', undefined],
    ['POST', '/api/auth/forget-password', { email: 'user@example.com' }],
  ])('%s %s answers 404, also to a signed-in caller', async (method, path, body) => {
    const { cookie } = await signIn(t.app, 'admin@example.com');
    const answer = await rawRequest(port, method, path, {
      ...(body === undefined ? {} : { body }),
      headers: { cookie, origin: t.config.publicBaseUrl },
    });
    expect(answer.status, answer.body).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a used endpoint asked with another method answers 405 without reaching the provider', async () => {
    const { cookie } = await signIn(t.app, 'admin@example.com');
    const headers = { cookie, origin: t.config.publicBaseUrl };
    expect((await rawRequest(port, 'POST', '/api/auth/token', { body: {}, headers })).status).toBe(
      405,
    );
    expect((await rawRequest(port, 'GET', '/api/auth/sign-in/email', { headers })).status).toBe(
      405,
    );
  });

  it('the admin still signs in afterwards: nothing above changed the account', async () => {
    expect((await signInRequest(t.app, 'admin@example.com', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
