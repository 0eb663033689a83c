import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// The built-in provider's password hashes: scrypt, as Better Auth makes them by default, at the
// work factor of the configuration (PASSWORD_HASH_COST, log2 of scrypt's N): raised for more
// safety, lowered only for tests (decision 047).
// - At the standard cost a hash is written as Better Auth writes it, `<salt>:<key>`, so hashes
//   made before the work factor was configurable, and by the provider itself, read the same.
// - At any other cost the cost goes into the hash, `scrypt$<cost>$<salt>$<key>`, so that a
//   hash is checked at the cost it was made with, whatever the cost is now: raising it takes
//   no migration, and a database seeded at a test's low cost still reads.

/** log2 of scrypt's N for Better Auth's hashes (N = 16384, r = 16, p = 1: 32 MB, about 0.1 s). */
export const STANDARD_PASSWORD_HASH_COST = 14;
/** The least the configuration accepts: for the tests, whose hundreds of sign-ins each hash. */
export const LEAST_PASSWORD_HASH_COST = 10;
export const MOST_PASSWORD_HASH_COST = 20;

const BLOCK_SIZE = 16;
const KEY_BYTES = 64;
const COSTED = /^scrypt\$(\d{1,2})\$([0-9a-f]+)\$([0-9a-f]+)$/;
const STANDARD = /^([0-9a-f]+):([0-9a-f]+)$/;

function keyOf(password: string, salt: string, cost: number): Promise<Buffer> {
  const N = 2 ** cost;
  return new Promise((resolve, reject) => {
    // NFKC as Better Auth does: a password typed in full-width or half-width forms is one password.
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_BYTES,
      { N, r: BLOCK_SIZE, p: 1, maxmem: 256 * N * BLOCK_SIZE },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** A stored hash's salt, key and cost, or null when it is neither form or its cost is out of range. */
function partsOf(hash: string): { salt: string; key: string; cost: number } | null {
  const costed = COSTED.exec(hash);
  if (costed) {
    const cost = Number(costed[1]);
    const inRange = cost >= LEAST_PASSWORD_HASH_COST && cost <= MOST_PASSWORD_HASH_COST;
    return inRange ? { salt: costed[2]!, key: costed[3]!, cost } : null;
  }
  const standard = STANDARD.exec(hash);
  return standard
    ? { salt: standard[1]!, key: standard[2]!, cost: STANDARD_PASSWORD_HASH_COST }
    : null;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/** Hashes at `cost`; checks any hash at the cost written in it (the standard one if none is). */
export function passwordHasher(cost: number = STANDARD_PASSWORD_HASH_COST): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(16).toString('hex');
      const key = (await keyOf(password, salt, cost)).toString('hex');
      return cost === STANDARD_PASSWORD_HASH_COST
        ? `${salt}:${key}`
        : `scrypt$${cost}$${salt}$${key}`;
    },
    async verify({ hash, password }) {
      const parts = partsOf(hash);
      // Not a hash this provider wrote: no password matches it.
      if (!parts) return false;
      const key = await keyOf(password, parts.salt, parts.cost);
      const want = Buffer.from(parts.key, 'hex');
      return want.length === key.length && timingSafeEqual(want, key);
    },
  };
}
