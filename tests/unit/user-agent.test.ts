import { describe, expect, it } from 'vitest';
import { browserOf } from '../../domain/user-agent';
import type { CallerRow } from '../../server/repositories/users-repository';
import { mayChangeOwnNotification } from '../../server/services/authorization';
import { Caller } from '../../server/services/caller';

// The sign-in history names the browser in a few words; the account page changes only
// one's own customer codes' notifications.

describe('browserOf: a short readable browser and system from a User-Agent', () => {
  const cases: [string, string][] = [
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131 / Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      'Edge 131 / Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari 18 / macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari 18 / iPhone',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      'Chrome 131 / iPhone',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome 131 / Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox 133 / Linux',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.85 Safari/537.36',
      'Chrome 131 / Linux',
    ],
    ['curl/8.5.0', '不明'],
    ['', '不明'],
  ];
  it.each(cases)('%s → %s', (ua, expected) => {
    expect(browserOf(ua)).toBe(expected);
  });
  it('answers 不明 for a missing header and keeps to a short name for a huge one', () => {
    expect(browserOf(null)).toBe('不明');
    expect(browserOf(`${'x'.repeat(100_000)} Firefox/1`).length).toBeLessThan(40);
  });
});

describe('mayChangeOwnNotification: only a code the caller holds', () => {
  const row = (customerCode: number, userTypeId: number, corporateCode: number): CallerRow => ({
    userId: customerCode,
    mail: 'a@example.com',
    customerCode,
    userTypeId,
    corporateCode,
    deleteFlag: false,
  });
  const cases: [string, Caller, number, string][] = [
    ['a general user, own code', new Caller('u', [row(10001, 2, 1001)]), 10001, 'allowed'],
    ['a general user, another code', new Caller('u', [row(10001, 2, 1001)]), 20001, 'forbidden'],
    [
      'an administrator, a code of the corporation',
      new Caller('a', [row(10001, 1, 1001)]),
      10002,
      'forbidden',
    ],
    ['staff, a customer’s code', new Caller('s', [row(99999, 3, 9999)]), 10001, 'forbidden'],
    ['staff, their own code', new Caller('s', [row(99999, 3, 9999)]), 99999, 'allowed'],
  ];
  it.each(cases)('%s', (_name, caller, code, expected) => {
    expect(mayChangeOwnNotification(caller, code)).toBe(expected);
  });
});
