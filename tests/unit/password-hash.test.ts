import { scryptSync } from 'node:crypto';
import {
  hashPassword as betterAuthHash,
  verifyPassword as betterAuthVerifyOf,
} from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import {
  LEAST_PASSWORD_HASH_COST,
  passwordHasher,
  STANDARD_PASSWORD_HASH_COST,
} from '../../server/identity/password-hash';

const PASSWORD = 'Passw0rd!';
/** The provider's own check of its own hashes (its default, before the cost was configurable). */
const betterAuthVerify = (hash: string, password: string) => betterAuthVerifyOf({ hash, password });

describe('password hashes at the standard cost', () => {
  const standard = passwordHasher();

  it('are scrypt with N = 16384, r = 16, p = 1 and a 64-byte key, written salt:key', async () => {
    const hash = await standard.hash(PASSWORD);
    const [salt, key] = hash.split(':');
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    const expected = scryptSync(PASSWORD, salt!, 64, {
      N: 16384,
      r: 16,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    expect(key).toBe(expected.toString('hex'));
  });

  it('read as Better Auth reads its own, both ways: hashes made before stay valid', async () => {
    const ours = await standard.hash(PASSWORD);
    expect(await betterAuthVerify(ours, PASSWORD)).toBe(true);
    expect(await betterAuthVerify(ours, 'Passw0rd?')).toBe(false);
    const theirs = await betterAuthHash(PASSWORD);
    expect(await standard.verify({ hash: theirs, password: PASSWORD })).toBe(true);
    expect(await standard.verify({ hash: theirs, password: 'passw0rd!' })).toBe(false);
  });

  it('take a password typed in full-width forms as the same password (NFKC, as Better Auth)', async () => {
    const hash = await standard.hash(PASSWORD);
    expect(await standard.verify({ hash, password: 'Ｐａｓｓｗ０ｒｄ！' })).toBe(true);
  });

  it('is the configuration’s default, which refuses a cost below the least or above the most', () => {
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe(STANDARD_PASSWORD_HASH_COST);
    expect(STANDARD_PASSWORD_HASH_COST).toBe(14);
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }).PASSWORD_HASH_COST).toBe(12);
    for (const value of ['9', '21', '12.5', 'low']) {
      expect(() => loadConfig({ PASSWORD_HASH_COST: value }), value).toThrow(/PASSWORD_HASH_COST/);
    }
  });
});

describe('password hashes at another cost', () => {
  it('carry their cost, and are checked at it whatever the cost is now', async () => {
    const low = passwordHasher(LEAST_PASSWORD_HASH_COST);
    const hash = await low.hash(PASSWORD);
    const match = /^scrypt\$10\$([0-9a-f]{32})\$([0-9a-f]{128})$/.exec(hash);
    expect(match, hash).not.toBeNull();
    const expected = scryptSync(PASSWORD, match![1]!, 64, { N: 1024, r: 16, p: 1 });
    expect(match![2]).toBe(expected.toString('hex'));
    for (const now of [passwordHasher(), passwordHasher(12), low]) {
      expect(await now.verify({ hash, password: PASSWORD })).toBe(true);
      expect(await now.verify({ hash, password: 'Passw0rd' })).toBe(false);
    }
    // A standard hash is read at the standard cost by a low-cost hasher too.
    const standardHash = await passwordHasher().hash(PASSWORD);
    expect(await low.verify({ hash: standardHash, password: PASSWORD })).toBe(true);
  });

  it('match no password when the hash is not one the provider writes', async () => {
    const low = passwordHasher(LEAST_PASSWORD_HASH_COST);
    const key = 'ab'.repeat(64);
    for (const hash of [
      '',
      PASSWORD,
      `scrypt$9$${'0'.repeat(32)}$${key}`,
      `scrypt$21$${'0'.repeat(32)}$${key}`,
      `scrypt$10$${'0'.repeat(32)}`,
      `${'0'.repeat(32)}:${key}:extra`,
      `bcrypt$10$${'0'.repeat(32)}$${key}`,
    ]) {
      expect(await low.verify({ hash, password: PASSWORD }), hash).toBe(false);
    }
  });
});
