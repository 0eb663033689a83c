// The Firebase Auth Emulator (firebase-tools, a devDependency; Node only, no Java, no network with
// a demo- project) for the tests: the api-firebase vitest project (tests/support/firebase-global-
// setup.ts) and the browser tests under Firebase (scripts/e2e-server.mjs). Plain JavaScript, so
// that the e2e server script can run it without a TypeScript loader.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The project the emulator serves: a demo- project needs no credentials and no network. */
export const EMULATOR_PROJECT_ID = 'demo-portal';

const READY_TIMEOUT_MS = 120_000;

/** @returns {Promise<number>} a loopback port nothing listens on (taken from the OS, then let go) */
async function unusedPort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((done) => server.close(() => done(undefined)));
  return port;
}

/** @param {string} host */
async function answers(host) {
  try {
    const res = await fetch(`http://${host}/emulator/v1/projects/${EMULATOR_PROJECT_ID}/config`, {
      signal: AbortSignal.timeout(2000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts the emulator on a free loopback port and waits until it answers; fails loudly, with its
 * output, when it does not start. `detached` (the default) gives it a process group of its own,
 * which stop() ends; the e2e server keeps it in its own group instead, so that Playwright's kill of
 * the server's group ends the emulator too.
 *
 * @param {{ detached?: boolean }} [options]
 * @returns {Promise<{ host: string, stop: () => Promise<void>, stopNow: () => void }>} host is
 *   host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it; stopNow() asks it to stop without waiting,
 *   for an exit handler, where nothing can be awaited
 */
export async function startFirebaseEmulator(options = {}) {
  const detached = options.detached ?? true;
  const [port, hubPort, loggingPort] = [await unusedPort(), await unusedPort(), await unusedPort()];
  const host = `127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'portal-firebase-emulator-'));
  // The hub and logging ports too: another emulator on the machine (a second test run) must not
  // take them.
  writeFileSync(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { port, host: '127.0.0.1' },
        hub: { port: hubPort, host: '127.0.0.1' },
        logging: { port: loggingPort, host: '127.0.0.1' },
        ui: { enabled: false },
      },
    }),
  );
  const bin = resolve('node_modules/.bin/firebase');
  const child = spawn(
    bin,
    ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT_ID],
    {
      cwd: dir,
      env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached,
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d) => {
    output += d.toString();
  });
  /** @type {number | null | undefined} */
  let exited;
  child.on('exit', (code) => {
    exited = code;
  });

  /** @param {NodeJS.Signals} signal */
  const signal = (signal) => {
    try {
      if (detached && child.pid) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // already gone
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const gone = new Promise((done) => child.once('exit', () => done(undefined)));
      signal('SIGINT');
      const timer = setTimeout(() => signal('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const started = Date.now();
  while (!(await answers(host))) {
    if (exited !== undefined || Date.now() - started > READY_TIMEOUT_MS) {
      await stop();
      throw new Error(
        `the Firebase Auth Emulator did not start (${exited !== undefined ? `exit ${exited}` : 'time-out'}):\n${output}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { host, stop, stopNow: () => signal('SIGINT') };
}

/**
 * Removes every account of the emulator's project.
 * @param {string} host
 */
export async function clearEmulatorAccounts(host) {
  const res = await fetch(`http://${host}/emulator/v1/projects/${EMULATOR_PROJECT_ID}/accounts`, {
    method: 'DELETE',
  });
  if (!res.ok) throw new Error(`clearing the emulator's accounts failed: ${res.status}`);
}
