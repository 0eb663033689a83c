import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { unusedPort } from '../support/ports';
import { cookieHeaderOf, DEMO_PASSWORD } from './helpers/auth';

// The production install as the image makes it (decision 028): a clean copy of the repository's
// tracked files, built by scripts/production-build.sh (the Dockerfile's build stage runs the same
// script), its node_modules then the production dependencies only, and the server started as the
// image starts it: `node dist/server/main.js`, on PGlite in an empty DATA_DIR migrated beforehand
// by `node dist/server/migrate.js`, as the chart's migration job does. The build borrows
// the checkout's development tools through a link, and npm its cache: a few minutes on a busy machine.

const run = promisify(execFile);

/** Top-level folders a clone does not hold (.gitignore), and git's own. */
const UNTRACKED_FOLDERS = [
  '.git',
  'node_modules',
  'dist',
  'data',
  'test-results',
  'playwright-report',
];

let root: string;
let dataDir: string;
let server: ChildProcess | undefined;
let baseUrl: string;
let metricsUrl: string;
/** An OTLP/HTTP receiver: the paths and bodies of what the server's exporter sent. */
let collector: Server | undefined;
const exported: { path: string; body: string }[] = [];
let log = '';
let migrateOutput = '';
let mailStatusOutput = '';

/** Resolves when the server logs that it is ready; rejects when it exits first. */
function readyOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (/"msg":"[^"]* is ready"/.test(log)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${log}`)));
  });
}

// It starts a server of its own on PGlite whatever the run's database: run once, on the PGlite pass
// (CI's PostgreSQL pass sets DATABASE_URL).
describe.skipIf(Boolean(process.env.DATABASE_URL))('the production install', () => {
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'portal-production-'));
    const copy = join(root, 'portal');
    dataDir = join(root, 'data');
    // The tracked files as they are in the working tree: what a clone of this commit would hold.
    // A checkout without git's data (an exported tree) is copied whole but for what .gitignore
    // leaves out of a clone.
    let tracked: string[] | null = null;
    try {
      tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', stdio: 'pipe' })
        .split('\0')
        .filter((file) => file && existsSync(file));
    } catch {
      tracked = null;
    }
    if (tracked && tracked.length > 0) {
      for (const file of tracked) {
        mkdirSync(join(copy, dirname(file)), { recursive: true });
        cpSync(file, join(copy, file));
      }
    } else {
      const notInAClone = new Set(UNTRACKED_FOLDERS);
      cpSync('.', copy, {
        recursive: true,
        filter: (source) => !notInAClone.has(source.split(/[\\/]/)[0] ?? ''),
      });
    }
    symlinkSync(realpathSync('node_modules'), join(copy, 'node_modules'), 'dir');
    await run('sh', ['scripts/production-build.sh'], {
      cwd: copy,
      // npm's cache and registry as this run has them (HOME's cache unless set), nothing else.
      env: Object.fromEntries(
        Object.entries(process.env).filter(([name]) =>
          ['PATH', 'HOME', 'npm_config_cache', 'npm_config_registry'].includes(name),
        ),
      ),
      maxBuffer: 64 * 1024 * 1024,
    });

    const port = await unusedPort();
    baseUrl = `http://127.0.0.1:${port}`;
    // Nothing of the test run's environment: the production defaults, PGlite under DATA_DIR.
    const env = { PATH: process.env.PATH, DATA_DIR: dataDir };
    // As the chart upgrades: the migration job first, then servers that do not migrate.
    const migrated = await run(process.execPath, ['dist/server/migrate.js'], { cwd: copy, env });
    migrateOutput = migrated.stdout;
    // An operator's command of the production install, before the server holds DATA_DIR.
    mailStatusOutput = (
      await run(process.execPath, ['dist/server/mail-status.js'], { cwd: copy, env })
    ).stdout;
    const metricsPort = await unusedPort();
    metricsUrl = `http://127.0.0.1:${metricsPort}`;
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        exported.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((done) => collector?.listen(0, '127.0.0.1', done));
    server = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: copy,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_BASE_URL: baseUrl,
        MIGRATE_ON_START: 'false',
        // The metrics and traces' packages are loaded from the production install (decision 029).
        METRICS_PORT: String(metricsPort),
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await readyOf(server);
  }, 900_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (collector) {
      const closed = new Promise((done) => collector?.close(done));
      collector.closeAllConnections();
      await closed;
    }
    // The copy holds a whole production install: removing it took over two minutes on a loaded
    // 2-core machine.
    if (root) rmSync(root, { recursive: true, force: true });
  }, 600_000);

  it('serves its metrics on the metrics port, not the public one, and sends its traces', async () => {
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
    const metrics = await fetch(`${metricsUrl}/metrics`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(
      /^portal_http_requests_total\{method="GET",route="\/readyz",status_code="200"\} [1-9]/m,
    );
    expect(text).toContain('process_resident_memory_bytes');
    // The public port answers /metrics as any path the app does not know: the web app's page.
    const onPublic = await fetch(`${baseUrl}/metrics`);
    expect(onPublic.headers.get('content-type')).not.toContain('version=0.0.4');
    expect(await onPublic.text()).not.toContain('portal_http_requests_total');
    // The batch goes out within the SDK's 5 s delay: wait for it, not for a fixed time.
    await vi.waitFor(
      () =>
        expect(exported.some((e) => e.path === '/v1/traces' && e.body.includes('/readyz'))).toBe(
          true,
        ),
      { timeout: 30_000, interval: 200 },
    );
  });

  it('holds no build or test tools in its node_modules', () => {
    const modules = join(root, 'portal', 'node_modules');
    for (const tool of ['vite', 'vitest', 'typescript', '@biomejs/biome', 'drizzle-kit']) {
      expect(existsSync(join(modules, tool)), tool).toBe(false);
    }
    expect(existsSync(join(modules, 'fastify'))).toBe(true);
  });

  it('migrates with its migration command, then starts without migrating and is ready', async () => {
    expect(migrateOutput).toContain('migrations applied (pglite)');
    expect(log).toContain('migrations left to the migration job');
    expect(log).not.toContain('"msg":"migrations applied"');
    const res = await fetch(`${baseUrl}/readyz`);
    expect(res.status).toBe(200);
  });

  it("runs the operator's mail status command without tsx", () => {
    expect(mailStatusOutput).toContain(`database: PGlite in ${dataDir}`);
    expect(mailStatusOutput).toContain('failed: 0');
  });

  it('serves the login screen rendered on the server', async () => {
    const res = await fetch(`${baseUrl}/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('お客様ポータル');
  });

  it('signs a demo user in and answers an /api/v1 call with the token', async () => {
    const signedIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email: 'user@example.com', password: DEMO_PASSWORD }),
    });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    const cookie = cookieHeaderOf(signedIn.headers.getSetCookie());
    const tokenRes = await fetch(`${baseUrl}/api/auth/token`, { headers: { cookie } });
    expect(tokenRes.status).toBe(200);
    const { token } = (await tokenRes.json()) as { token: string };
    const drawings = await fetch(`${baseUrl}/api/v1/top/drawings`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(drawings.status, await drawings.clone().text()).toBe(200);
    expect(await drawings.json()).toMatchObject({ password: 'roof2025' });
  });
});
