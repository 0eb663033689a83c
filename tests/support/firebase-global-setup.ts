import type { TestProject } from 'vitest/node';
import { startFirebaseEmulator } from './firebase-emulator';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the Firebase Auth Emulator the api-firebase project runs against. */
    firebaseEmulatorHost: string;
  }
}

/** Starts the Firebase Auth Emulator for the api-firebase project, and stops it after. */
export default async function setup(project: TestProject) {
  const emulator = await startFirebaseEmulator();
  project.provide('firebaseEmulatorHost', emulator.host);
  return () => emulator.stop();
}
