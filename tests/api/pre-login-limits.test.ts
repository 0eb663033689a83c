import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, DEMO_PASSWORD, signInRequest } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 5 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '6', RATE_LIMIT_MAIL_PER_MINUTE: '3' },
  });
});
afterAll(async () => t?.close());

const checkLock = (mail: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/user/check-account-lock',
    payload: { mail },
    headers: { ...apiKey(t.config), ...headers },
    remoteAddress: ip,
  });

describe('pre-login rate limits', () => {
  it('limit one mail address across client addresses, with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(await checkLock('user@example.com', `10.0.0.${i + 1}`));
    expect(answers.slice(0, 3).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers[3]!.statusCode).toBe(429);
    expect(answers[3]!.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limit one client address across mail addresses, and sign-in counts too', async () => {
    const ip = '10.1.0.1';
    const codes = [];
    for (let i = 0; i < 5; i++)
      codes.push((await checkLock(`someone${i}@example.com`, ip)).statusCode);
    codes.push((await signInRequest(t.app, 'admin@example.com', DEMO_PASSWORD, ip)).statusCode);
    codes.push((await signInRequest(t.app, 'admin@example.com', DEMO_PASSWORD, ip)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });

  it('a forged X-Forwarded-For does not escape the limit when no proxy is configured', async () => {
    const ip = '10.2.0.1';
    const codes = [];
    for (let i = 0; i < 7; i++) {
      codes.push(
        (await checkLock(`forged${i}@example.com`, ip, { 'x-forwarded-for': `192.0.2.${i}` }))
          .statusCode,
      );
    }
    expect(codes.at(-1)).toBe(429);
  });
});

describe('mail requests (issue 17, finding 8)', () => {
  const verificationMail = (mail: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email: mail },
      remoteAddress: ip,
    });

  it('the verification mail is limited per mail address, as the reset mail is', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await verificationMail('unverified@example.com', `10.3.0.${i + 1}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('the verification mail is limited per client address, together with the other pre-login calls', async () => {
    const ip = '10.4.0.1';
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push((await verificationMail(`verify${i}@example.com`, ip)).statusCode);
    codes.push((await checkLock('someone@example.com', ip)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});

describe('behind a configured proxy', () => {
  it('the forwarded client address is used, so two clients behind the proxy are counted apart', async () => {
    const proxied = await createTestApp({
      seed: undefined,
      env: {
        RATE_LIMIT_IP_PER_MINUTE: '2',
        RATE_LIMIT_MAIL_PER_MINUTE: '100',
        TRUST_PROXY: '127.0.0.1',
      },
    });
    try {
      const call = (client: string, i: number) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/v1/user/check-account-lock',
          payload: { mail: `p${client}${i}@example.com` },
          headers: { ...apiKey(proxied.config), 'x-forwarded-for': client },
          remoteAddress: '127.0.0.1',
        });
      const a = [
        await call('198.51.100.1', 1),
        await call('198.51.100.1', 2),
        await call('198.51.100.1', 3),
      ];
      const b = await call('198.51.100.2', 1);
      expect(a.map((r) => r.statusCode)).toEqual([200, 200, 429]);
      expect(b.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
