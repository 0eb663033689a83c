import { describe, expect, it } from 'vitest';
import {
  decryptSecret,
  encryptSecret,
  isTrustedBrowser,
  normaliseBackupCode,
  secondFactorKeys,
  TRUSTED_BROWSER_DAYS,
  trustedBrowserValue,
} from '../../server/identity/second-factor';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchingTotpStep,
  newTotpSecret,
  otpauthUri,
  totpCode,
  totpStep,
} from '../../server/identity/totp';

// RFC 6238 appendix B (SHA-1 rows) and RFC 4226 appendix D; RFC 4648 §10 for base32.
const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP (RFC 6238) and HOTP (RFC 4226)', () => {
  it('gives the RFC 4226 HOTP values', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(RFC_SECRET, counter))).toEqual(expected);
  });

  it('gives the RFC 6238 SHA-1 values (8 digits) and their 6-digit codes', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    const secret = base32Encode(RFC_SECRET);
    for (const [seconds, code] of vectors) {
      expect(hotp(RFC_SECRET, totpStep(seconds * 1000), 8)).toBe(code);
      expect(totpCode(secret, seconds * 1000)).toBe(code.slice(2));
    }
  });

  it('accepts the codes of the step before and after, not two steps away, and says which step', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = totpStep(now);
    expect(matchingTotpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchingTotpStep(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchingTotpStep(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchingTotpStep(secret, totpCode(secret, now + 60_000), now)).toBeNull();
    expect(matchingTotpStep(secret, totpCode(secret, now - 60_000), now)).toBeNull();
    // Spaces are forgiven; anything but six digits is no code.
    const code = totpCode(secret, now);
    expect(matchingTotpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
    expect(matchingTotpStep(secret, `${code}0`, now)).toBeNull();
    expect(matchingTotpStep(secret, 'abcdef', now)).toBeNull();
    expect(matchingTotpStep(secret, '', now)).toBeNull();
  });

  it('makes 160-bit secrets, different each time', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(a);
  });

  it('writes the otpauth URI an authenticator app reads', () => {
    const uri = otpauthUri('お客様ポータル', 'staff@example.com', 'JBSWY3DPEHPK3PXP');
    const url = new URL(uri);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/お客様ポータル:staff@example.com');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('お客様ポータル');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
  });
});

describe('base32 (RFC 4648)', () => {
  it('encodes and decodes the RFC vectors (without padding)', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [text, encoded] of vectors) {
      expect(base32Encode(Buffer.from(text))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe(text);
    }
  });

  it('reads a secret typed in lower case, in groups, with padding; refuses other letters', () => {
    expect(base32Decode('mzxw 6ytb-oi======').toString()).toBe('foobar');
    expect(() => base32Decode('MZXW1')).toThrow();
  });
});

describe('second factor secrets, backup codes and trusted browsers', () => {
  const keys = secondFactorKeys('x'.repeat(32));

  it('keeps the secret encrypted (AES-GCM), readable with the same identity secret only', () => {
    const stored = encryptSecret(keys, 'JBSWY3DPEHPK3PXP');
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(encryptSecret(keys, 'JBSWY3DPEHPK3PXP')).not.toBe(stored);
    expect(decryptSecret(keys, stored)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => decryptSecret(secondFactorKeys('y'.repeat(32)), stored)).toThrow();
    const [v, iv, data, tag] = stored.split('.');
    const flipped = `${data!.slice(0, -2)}${data!.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => decryptSecret(keys, [v, iv, flipped, tag].join('.'))).toThrow();
  });

  it('reads backup codes as typed: case, spaces and hyphens do not matter', () => {
    expect(normaliseBackupCode('ABCDE-FGHJK')).toBe('abcdefghjk');
    expect(normaliseBackupCode(' abcde fghjk ')).toBe('abcdefghjk');
    expect(normaliseBackupCode('abcde')).toBeNull();
    expect(normaliseBackupCode('abcde-fghj!')).toBeNull();
  });

  it('trusts a browser for 30 days, for that person and that factor only', () => {
    const now = 1_800_000_000_000;
    const { value, maxAgeSeconds } = trustedBrowserValue(keys, 'A@Example.com', 'f1', now);
    expect(maxAgeSeconds).toBe(TRUSTED_BROWSER_DAYS * 86_400);
    expect(isTrustedBrowser(keys, value, 'a@example.com', 'f1', now)).toBe(true);
    const day = 86_400_000;
    expect(isTrustedBrowser(keys, value, 'a@example.com', 'f1', now + 29 * day)).toBe(true);
    expect(isTrustedBrowser(keys, value, 'a@example.com', 'f1', now + 31 * day)).toBe(false);
    expect(isTrustedBrowser(keys, value, 'b@example.com', 'f1', now)).toBe(false);
    expect(isTrustedBrowser(keys, value, 'a@example.com', 'f2', now)).toBe(false);
    expect(
      isTrustedBrowser(secondFactorKeys('y'.repeat(32)), value, 'a@example.com', 'f1', now),
    ).toBe(false);
    // A later expiry written into the cookie breaks its signature.
    const parts = value.split('.');
    parts[2] = String(Number(parts[2]) + 86_400 * 365);
    expect(isTrustedBrowser(keys, parts.join('.'), 'a@example.com', 'f1', now + 31 * day)).toBe(
      false,
    );
    expect(isTrustedBrowser(keys, undefined, 'a@example.com', 'f1', now)).toBe(false);
    expect(isTrustedBrowser(keys, 'garbage', 'a@example.com', 'f1', now)).toBe(false);
  });
});
