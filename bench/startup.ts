import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

export interface StartedServer {
  child: ChildProcess;
  baseUrl: string;
  readyMs: number;
  stop(): Promise<number>;
}

async function waitReady(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`server not ready within ${timeoutMs} ms`);
}

/** Starts the built production server and measures the time until /readyz answers 200. */
export async function startBuiltServer(env: Record<string, string>): Promise<StartedServer> {
  const port = env.PORT ?? '3999';
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    // No metrics listener unless asked: the bench runs two servers side by side.
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      METRICS_PORT: '0',
      ...env,
      PORT: port,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitReady(baseUrl, child, 120_000);
  const readyMs = performance.now() - started;
  return {
    child,
    baseUrl,
    readyMs,
    async stop() {
      const stopStarted = performance.now();
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
      return performance.now() - stopStarted;
    },
  };
}
