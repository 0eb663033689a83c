import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { loadConfig } from '../../server/config';
import { firebaseAuthOf } from '../../server/identity/firebase-identity';
import { openPlatform, type Platform, seedDemoIfEmpty } from '../../server/platform';
import { clearEmulatorAccounts } from '../support/firebase-emulator';
import { emulatorHost, firebaseEnv } from './helpers/firebase-app';
import { resetPostgres } from './helpers/test-app';

// `npm run identity:link-firebase` as an operator runs it: a process of its own on the database
// and the Firebase project (here the emulator).

const run = promisify(execFile);
let dataDir: string;

const env = () => ({
  ...firebaseEnv(),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});

async function withPlatform<T>(use: (platform: Platform) => Promise<T>): Promise<T> {
  const platform = await openPlatform(loadConfig(env()), pino({ level: 'silent' }));
  try {
    return await use(platform);
  } finally {
    await platform.close();
  }
}

async function linkFirebase(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/link-firebase.ts', ...args],
      { env: { ...process.env, ...env() } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const uidsOf = (mail: string) =>
  withPlatform(async (p) =>
    (await p.database.db.select().from(users).where(eq(users.mail, mail))).map(
      (r) => r.firebase_uid,
    ),
  );

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-link-firebase-'));
  if (process.env.DATABASE_URL) await resetPostgres(process.env.DATABASE_URL);
  await clearEmulatorAccounts(emulatorHost());
  // The demo, its accounts in the emulator; then rows as an older database has them.
  await withPlatform(async (p) => {
    await seedDemoIfEmpty(p, { ledgerLinesPerCustomer: 0 });
    const fb = firebaseAuthOf(p.config);
    const db = p.database.db;
    // Rows of the built-in provider's days: another uid, or none.
    await db
      .update(users)
      .set({ firebase_uid: 'builtin-uid-of-user' })
      .where(eq(users.mail, 'user@example.com'));
    await db.update(users).set({ firebase_uid: null }).where(eq(users.mail, 'admin@example.com'));
    // A row naming another live Firebase account: left alone.
    const other = await fb.getUserByEmail('staff@example.com');
    await db
      .update(users)
      .set({ firebase_uid: other.uid })
      .where(eq(users.mail, 'multi@example.com'));
    // A Firebase account without rows, and a row without a Firebase account.
    await fb.createUser({ email: 'firebase-only@example.com', password: 'Passw0rd!' });
    await db.insert(users).values({
      mail: 'portal-only@example.com',
      user_name: 'ポータル 専用',
      customer_code: 10001,
      user_type_id: 2,
    });
  });
}, 180_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run identity:link-firebase', { timeout: 180_000 }, () => {
  it('a dry run prints what it would link and writes nothing', async () => {
    const result = await linkFirebase();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('dry run');
    expect(result.stdout).toMatch(
      /to link \(\d+ rows\): 2\n {2}admin@example.com\n {2}user@example.com/,
    );
    expect(result.stdout).toContain(
      'unmatched Firebase accounts (no user row): 1\n  firebase-only@example.com',
    );
    expect(result.stdout).toContain('conflicting (left alone): 1\n  multi@example.com');
    expect(result.stdout).toContain(
      'user rows without a Firebase account: 1\n  portal-only@example.com',
    );
    expect(await uidsOf('user@example.com')).not.toContain(null);
    expect(new Set(await uidsOf('user@example.com'))).toEqual(new Set(['builtin-uid-of-user']));
    expect(await uidsOf('admin@example.com')).toEqual(expect.arrayContaining([null]));
  });

  it('--apply links the rows to the Firebase uids; running it again changes nothing', async () => {
    const applied = await linkFirebase('--apply');
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/linked \(\d+ rows\): 2/);
    const fb = await withPlatform(async (p) => ({
      user: (await firebaseAuthOf(p.config).getUserByEmail('user@example.com')).uid,
      admin: (await firebaseAuthOf(p.config).getUserByEmail('admin@example.com')).uid,
      staff: (await firebaseAuthOf(p.config).getUserByEmail('staff@example.com')).uid,
    }));
    expect(new Set(await uidsOf('user@example.com'))).toEqual(new Set([fb.user]));
    expect(new Set(await uidsOf('admin@example.com'))).toEqual(new Set([fb.admin]));
    // The conflicting row keeps what it had.
    expect(new Set(await uidsOf('multi@example.com'))).toEqual(new Set([fb.staff]));

    const again = await linkFirebase('--apply');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('linked (0 rows): 0');
    expect(again.stdout).toContain('conflicting (left alone): 1');
  });

  it('refuses an unknown argument', async () => {
    const result = await linkFirebase('--force');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('usage: npm run identity:link-firebase');
  });
});
