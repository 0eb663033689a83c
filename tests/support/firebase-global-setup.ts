import type { TestProject } from 'vitest/node';
import { startFirebaseEmulator } from './firebase-emulator';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * host:port of each Firebase Auth Emulator the api-firebase project runs against: one per
     * worker (tests/support/firebase-emulator-host.ts picks a worker's).
     */
    firebaseEmulatorHosts: string[];
  }
}

/**
 * Starts a Firebase Auth Emulator per worker of the api-firebase project, and stops them after.
 * Each file empties its emulator before it starts, and an emulator answers calls made with an API
 * key for one project only: two files side by side need two emulators.
 */
export default async function setup(project: TestProject) {
  const workers = Number(project.config.maxWorkers) || 1;
  const emulators = await Promise.all(
    Array.from({ length: workers }, () => startFirebaseEmulator()),
  );
  project.provide(
    'firebaseEmulatorHosts',
    emulators.map((emulator) => emulator.host),
  );
  return async () => {
    await Promise.all(emulators.map((emulator) => emulator.stop()));
  };
}
