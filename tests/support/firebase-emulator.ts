import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { unusedPort } from './ports';

/** The project the emulator serves: a demo- project needs no credentials and no network. */
export const EMULATOR_PROJECT_ID = 'demo-portal';

export interface FirebaseEmulator {
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it. */
  host: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 120_000;

async function answers(host: string): Promise<boolean> {
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
 * Starts the Firebase Auth Emulator (firebase-tools, a devDependency) on a free loopback port and
 * waits until it answers. Fails loudly, with its output, when it does not start.
 */
export async function startFirebaseEmulator(): Promise<FirebaseEmulator> {
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
  const child: ChildProcess = spawn(
    bin,
    ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT_ID],
    {
      cwd: dir,
      env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  let exited: number | null | undefined;
  child.on('exit', (code) => {
    exited = code;
  });

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const gone = new Promise<void>((done) => child.once('exit', () => done()));
      try {
        // The CLI starts a Java process of its own: the whole group goes.
        process.kill(-child.pid, 'SIGINT');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000);
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
  return { host, stop };
}

/** Removes every account of the emulator's project. */
export async function clearEmulatorAccounts(host: string): Promise<void> {
  const res = await fetch(`http://${host}/emulator/v1/projects/${EMULATOR_PROJECT_ID}/accounts`, {
    method: 'DELETE',
  });
  if (!res.ok) throw new Error(`clearing the emulator's accounts failed: ${res.status}`);
}
