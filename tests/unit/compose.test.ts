import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  knownVariables,
  loadConfig,
  SCALE_OUT_VARIABLES,
  setOf,
} from './helpers/deployment-environment';

// No container runtime runs in the test suite: compose.yaml is read as text and its portal
// environment checked against the configuration schema (decision 028).

const compose = readFileSync('compose.yaml', 'utf8');

/** The portal's environment: the `x-portal-environment` block, one `NAME: value` a line. */
function portalEnvironment(): Record<string, string> {
  const block = /^x-portal-environment: &portal-environment\n((?:(?: {2}.*)?\n)+)/m.exec(compose);
  expect(block, 'x-portal-environment block').not.toBeNull();
  const env: Record<string, string> = {};
  for (const line of block?.[1]?.split('\n') ?? []) {
    const entry = /^ {2}([A-Za-z0-9_]+): (.*)$/.exec(line);
    if (entry) env[entry[1]!] = entry[2]!.replace(/^"(.*)"$/, '$1');
  }
  return env;
}

/** The lines of one service, up to the next service. */
function service(name: string): string {
  const match = new RegExp(`^ {2}${name}:\\n((?: {4}.*\\n|\\n)+)`, 'm').exec(compose);
  expect(match, name).not.toBeNull();
  return match?.[1] ?? '';
}

describe('compose.yaml', () => {
  it('sets no variable the server does not read', () => {
    const known = knownVariables();
    const names = Object.keys(portalEnvironment());
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((n) => !known.has(n))).toEqual([]);
  });

  it('sets every variable of a deployment of several instances, with values the server accepts', () => {
    const env = portalEnvironment();
    const set = setOf(Object.keys(env));
    expect(SCALE_OUT_VARIABLES.filter((n) => !set.has(n))).toEqual([]);
    const config = loadConfig(env);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
  });

  it('runs two portal instances that serve and a worker that runs the jobs, on that environment', () => {
    const portal = service('portal');
    expect(portal).toMatch(/environment:\n\s+<<: \*portal-environment\n\s+PORTAL_ROLE: web\n/);
    expect(portal).toMatch(/replicas: 2/);
    const worker = service('worker');
    expect(worker).toMatch(/environment:\n\s+<<: \*portal-environment\n\s+PORTAL_ROLE: worker\n/);
    expect(worker).toContain('image: customer-portal:local');
    expect(worker).not.toContain('ports:');
    for (const role of ['web', 'worker']) {
      expect(loadConfig({ ...portalEnvironment(), PORTAL_ROLE: role }).PORTAL_ROLE).toBe(role);
    }
    // nginx sends clients to the web instances only.
    expect(readFileSync('deploy/compose/nginx.conf', 'utf8')).not.toMatch(/worker/);
  });

  it('serves metrics inside the compose network only, never on a published port', () => {
    const env = portalEnvironment();
    expect([env.METRICS_HOST, env.METRICS_PORT]).toEqual(['0.0.0.0', '9464']);
    expect(compose).not.toMatch(/"9464:/);
  });

  it("trusts the proxy's fixed address and publishes the demo on port 3000 through it", () => {
    const proxy = service('proxy');
    const address = /ipv4_address: (\S+)/.exec(proxy)?.[1];
    expect(address).toBeDefined();
    expect(portalEnvironment().TRUST_PROXY).toBe(address);
    expect(proxy).toContain('"3000:80"');
    expect(readFileSync('deploy/compose/nginx.conf', 'utf8')).toMatch(
      /proxy_pass http:\/\/portal;/,
    );
  });

  it('checks the health of every long-running service and keeps their data on volumes', () => {
    for (const name of ['proxy', 'postgres', 'redis', 'minio', 'mailpit']) {
      expect(service(name), name).toContain('healthcheck:');
    }
    for (const name of ['postgres', 'redis', 'minio']) {
      expect(service(name), name).toMatch(/volumes:\n\s+- [a-z-]+-data:/);
    }
  });

  it('points the portal at the services by their names', () => {
    const env = portalEnvironment();
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(env.S3_ENDPOINT).toBe('http://minio:9000');
    expect(env.SMTP_URL).toBe('smtp://mailpit:1025');
    expect(service('minio')).toContain(`MINIO_ROOT_PASSWORD: ${env.S3_SECRET_ACCESS_KEY}`);
  });
});
