import { inject } from 'vitest';

/**
 * The Firebase Auth Emulator of this worker of the api-firebase project
 * (tests/support/firebase-global-setup.ts starts one per worker): no other file empties it or
 * signs in to it meanwhile.
 */
export function firebaseEmulatorHost(): string {
  const hosts = inject('firebaseEmulatorHosts');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const host = hosts[(worker - 1) % hosts.length];
  if (!host) throw new Error('the api-firebase project started no Firebase Auth Emulator');
  return host;
}
