import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../server/mail/mail-outbox';
import { addressOf, envelopeOf } from '../../server/mail/mail-port';
import {
  isValidUnsubscribeSignature,
  unsubscribeSignature,
  unsubscribeUrl,
} from '../../server/services/shipment-mails';

// The outbox's back-off, the sender of a mail with a display name, and the unsubscribe link's
// signature (docs/decisions/014).

describe('the outbox’s retry delay', () => {
  it('doubles from the base after each failed attempt and stops at the cap', () => {
    const base = 30_000;
    const max = 3_600_000;
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => retryDelayMs(n, base, max))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    expect(retryDelayMs(1000, base, max)).toBe(max);
  });
});

describe('the sender of a mail', () => {
  it('keeps MAIL_FROM, or shows the given name in front of its address', () => {
    expect(addressOf('お客様ポータル <no-reply@example.com>')).toBe('no-reply@example.com');
    expect(addressOf('no-reply@example.com')).toBe('no-reply@example.com');
    const mail = { to: 'a@example.com', subject: 's', text: 't' };
    expect(envelopeOf('Portal <no-reply@example.com>', mail).from).toBe(
      'Portal <no-reply@example.com>',
    );
    expect(
      envelopeOf('Portal <no-reply@example.com>', { ...mail, senderName: '屋根部品ポータル' }).from,
    ).toEqual({ name: '屋根部品ポータル', address: 'no-reply@example.com' });
  });
});

describe('the unsubscribe link', () => {
  const secret = 'x'.repeat(40);

  it('is signed for one user row with the server secret', () => {
    const signature = unsubscribeSignature(secret, 12);
    expect(isValidUnsubscribeSignature(secret, 12, signature)).toBe(true);
    expect(isValidUnsubscribeSignature(secret, 13, signature)).toBe(false);
    expect(isValidUnsubscribeSignature('y'.repeat(40), 12, signature)).toBe(false);
    expect(isValidUnsubscribeSignature(secret, 12, `${signature}A`)).toBe(false);
    expect(isValidUnsubscribeSignature(secret, 12, '')).toBe(false);
    const url = new URL(unsubscribeUrl('https://portal.example.com', secret, 12));
    expect(url.pathname).toBe('/mail/unsubscribe');
    expect(url.searchParams.get('u')).toBe('12');
    expect(url.searchParams.get('s')).toBe(signature);
  });
});
