import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_MESSAGES } from '../../domain/api-error';
import { apiKey } from '../api/helpers/auth';
import { createTestApp, type TestApp } from '../api/helpers/test-app';
import { unusedPort } from '../support/ports';

// Redis (REDIS_URL) going away: it holds the sign-in rate limits, so the pre-login calls and the
// sign-in cannot be decided. They fail within seconds with a clear 503 and Retry-After, /readyz
// says unavailable, and both recover once Redis is back (docs/decisions/006-faults.md). Needs the
// redis-server program (the CI machine has it).

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

describe.skipIf(!hasRedisServer)('Redis unavailable', () => {
  let t: TestApp;
  let port: number;
  let redis: ChildProcess | undefined;

  async function startRedis() {
    redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    for await (const chunk of redis.stdout!) {
      out += String(chunk);
      if (out.includes('Ready to accept connections')) break;
    }
  }
  async function stopRedis() {
    if (!redis || redis.exitCode !== null) return;
    const exited = once(redis, 'exit');
    redis.kill('SIGKILL');
    await exited;
  }

  beforeAll(async () => {
    port = await unusedPort();
    await startRedis();
    t = await createTestApp({
      seed: { ledgerLinesPerCustomer: 0 },
      env: { REDIS_URL: `redis://127.0.0.1:${port}/0` },
    });
  });
  afterAll(async () => {
    await t?.close();
    await stopRedis();
  });

  const checkLock = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/user/check-account-lock',
      payload: { mail: 'user@example.com' },
      headers: apiKey(t.config),
    });
  const ready = () => t.app.inject({ method: 'GET', url: '/readyz' });

  it('answers 503 with Retry-After in seconds, says so at /readyz, then recovers', async () => {
    expect((await checkLock()).statusCode).toBe(200);
    expect((await ready()).statusCode).toBe(200);

    await stopRedis();
    const started = performance.now();
    const refused = await checkLock();
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: API_ERROR_MESSAGES.SERVICE_UNAVAILABLE,
    });
    expect(refused.body).not.toMatch(/redis|ECONNREFUSED|stack/i);
    expect((await ready()).statusCode).toBe(503);

    await startRedis();
    await expect.poll(async () => (await checkLock()).statusCode, { timeout: 20_000 }).toBe(200);
    expect((await ready()).statusCode).toBe(200);
  }, 90_000);
});
