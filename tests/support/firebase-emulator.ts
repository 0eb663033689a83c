// The Firebase Auth Emulator of the tests: one implementation, in plain JavaScript so that the
// browser tests' server script (scripts/e2e-server.mjs) runs it too.
export {
  clearEmulatorAccounts,
  EMULATOR_PROJECT_ID,
  startFirebaseEmulator,
} from '../../scripts/firebase-emulator.mjs';
