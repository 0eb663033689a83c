import { afterAll, beforeAll, expect, it } from 'vitest';
import { firebaseAuthOf } from '../../server/identity/firebase-identity';
import { signIn } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// The shared API test files this project runs too (vitest.config.ts, api-firebase) open their app
// with createTestApp: under TEST_IDENTITY_PROVIDER=firebase it is on Firebase, not built in.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { ledgerLinesPerCustomer: 1 } });
});
afterAll(async () => t?.close());

it('createTestApp runs under IDENTITY_PROVIDER=firebase in this project', async () => {
  expect(process.env.TEST_IDENTITY_PROVIDER).toBe('firebase');
  expect(t.config.IDENTITY_PROVIDER).toBe('firebase');
  const account = await firebaseAuthOf(t.config).getUserByEmail('admin@example.com');
  expect((await signIn(t.app, 'admin@example.com')).uid).toBe(account.uid);
});
