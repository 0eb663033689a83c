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

describe('mail requests', () => {
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

  /**
   * Pre-login calls of every kind (the lock check, sign-in, the reset and verification mails)
   * through the proxy, each from the client address written as given, each for another mail.
   */
  const callsThroughProxy = (app: TestApp) => {
    let n = 0;
    return (client: string) => {
      n += 1;
      const mail = `spelled${n}@example.com`;
      const headers = { ...apiKey(app.config), 'x-forwarded-for': client };
      const kinds = [
        { url: '/api/v1/user/check-account-lock', payload: { mail } },
        { url: '/api/auth/sign-in/email', payload: { email: mail, password: 'Wrong-pass1!' } },
        { url: '/api/auth/request-password-reset', payload: { email: mail, redirectTo: '/' } },
        { url: '/api/auth/send-verification-email', payload: { email: mail } },
      ];
      const kind = kinds[n % kinds.length]!;
      return app.app.inject({ method: 'POST', ...kind, headers, remoteAddress: '127.0.0.1' });
    };
  };

  const proxiedEnv = {
    RATE_LIMIT_IP_PER_MINUTE: '8',
    RATE_LIMIT_MAIL_PER_MINUTE: '100',
    TRUST_PROXY: '127.0.0.1',
  };

  it('one client counts once however the proxy writes its address: case, zeros, IPv4-mapped', async () => {
    const proxied = await createTestApp({ seed: undefined, env: proxiedEnv });
    try {
      const call = callsThroughProxy(proxied);
      const spellingsOfOneClient = [
        ['198.51.100.7', '::ffff:198.51.100.7', '::FFFF:C633:6407', '0:0:0:0:0:ffff:198.51.100.7'],
        [
          '2001:db8:7::1',
          '2001:DB8:7::1',
          '2001:0db8:0007:0000:0000:0000:0000:0001',
          '2001:db8:7:0::1',
        ],
      ];
      for (const spellings of spellingsOfOneClient) {
        const codes = [];
        for (const client of [...spellings, ...spellings, spellings[0]!]) {
          codes.push((await call(client)).statusCode);
        }
        expect(
          codes.slice(0, 8).every((c) => c !== 429),
          `${spellings}: ${codes}`,
        ).toBe(true);
        expect(codes[8], `${spellings}: ${codes}`).toBe(429);
      }
      // Another client still gets in.
      expect((await call('198.51.100.8')).statusCode).not.toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('the addresses of one IPv6 /64 count as one client, the next /64 as another', async () => {
    const proxied = await createTestApp({ seed: undefined, env: proxiedEnv });
    try {
      const call = callsThroughProxy(proxied);
      const codes = [];
      for (let i = 1; i <= 9; i++) {
        codes.push((await call(`2001:db8:64:1:${i.toString(16)}:${i * 7}:abcd:${i}`)).statusCode);
      }
      expect(
        codes.slice(0, 8).every((c) => c !== 429),
        String(codes),
      ).toBe(true);
      expect(codes[8], String(codes)).toBe(429);
      expect((await call('2001:db8:64:2::1')).statusCode).not.toBe(429);
    } finally {
      await proxied.close();
    }
  });
});
