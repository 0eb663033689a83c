import { clearEmulatorAccounts, EMULATOR_PROJECT_ID } from '../../support/firebase-emulator';
import { firebaseEmulatorHost } from '../../support/firebase-emulator-host';
import { DEMO_PASSWORD } from './auth';
import { createTestApp, type TestApp } from './test-app';

/** This worker's emulator of the api-firebase project (tests/support/firebase-global-setup.ts). */
export const emulatorHost = firebaseEmulatorHost;

/** The configuration of IDENTITY_PROVIDER=firebase on the emulator. */
export const firebaseEnv = (): Record<string, string> => ({
  IDENTITY_PROVIDER: 'firebase',
  FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
  FIREBASE_API_KEY: 'emulator-api-key',
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
});

/**
 * A test app under IDENTITY_PROVIDER=firebase, its worker's emulator emptied first (no other
 * file uses it meanwhile), the demo accounts seeded into it.
 */
export async function createFirebaseTestApp(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<TestApp> {
  await clearEmulatorAccounts(emulatorHost());
  return createTestApp({
    seed: { ledgerLinesPerCustomer: 5 },
    ...options,
    env: {
      RATE_LIMIT_IP_PER_MINUTE: '100000',
      RATE_LIMIT_MAIL_PER_MINUTE: '100000',
      ...firebaseEnv(),
      ...options.env,
    },
  });
}

/** Signs in at the emulator's REST API as a browser with the Firebase SDK would: its ID token. */
export async function firebaseIdToken(mail: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=emulator-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: mail, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}
