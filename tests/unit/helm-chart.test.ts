import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_VARIABLES } from '../../server/config';
import {
  knownVariables,
  loadConfig,
  SCALE_OUT_VARIABLES,
  setOf,
} from './helpers/deployment-environment';

// No Kubernetes and no helm binary in the test suite: the chart's values and templates are read as
// text and what they set checked against the configuration schema (decision 028).

const CHART = 'deploy/helm/portal';
const values = readFileSync(join(CHART, 'values.yaml'), 'utf8');
const template = (name: string) => readFileSync(join(CHART, 'templates', name), 'utf8');
const templates = readdirSync(join(CHART, 'templates')).filter((f) => f.endsWith('.yaml'));

/** The `NAME: value` entries of a mapping in values.yaml at the indentation given. */
function mappingOf(path: string[]): Record<string, string> {
  let lines = values.split('\n');
  let indent = '';
  for (const key of path) {
    const start = lines.indexOf(`${indent}${key}:`);
    expect(start, key).toBeGreaterThanOrEqual(0);
    const inner = `${indent}  `;
    const rest = lines.slice(start + 1);
    const end = rest.findIndex((line) => line.trim() !== '' && !line.startsWith(inner));
    lines = end === -1 ? rest : rest.slice(0, end);
    indent = inner;
  }
  const entries: Record<string, string> = {};
  for (const line of lines) {
    const entry = new RegExp(`^${indent}([A-Za-z0-9_]+): (.*)$`).exec(line);
    if (entry) entries[entry[1]!] = entry[2]!.replace(/^"(.*)"$/, '$1');
  }
  return entries;
}

const config = mappingOf(['config']);
const secretFiles = mappingOf(['secrets', 'files']);
/** Variables written into the templates themselves (`- name: HOST`). */
const literal = templates.flatMap((file) =>
  [...template(file).matchAll(/- name: ([A-Z][A-Z0-9_]+)\n\s+value: "?([^"\n]*)"?/g)].map(
    (m) => [m[1]!, m[2]!] as const,
  ),
);
const helpers = readFileSync(join(CHART, 'templates', '_helpers.tpl'), 'utf8');

describe('the Helm chart', () => {
  it('sets no variable the server does not read', () => {
    const known = knownVariables();
    const names = [
      ...Object.keys(config),
      ...Object.keys(secretFiles).map((n) => `${n}_FILE`),
      ...literal.map(([name]) => name),
    ];
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((n) => !known.has(n))).toEqual([]);
  });

  it('sets every variable of a deployment of several instances, with values the server accepts', () => {
    const set = setOf([
      ...Object.keys(config),
      ...Object.keys(secretFiles),
      ...literal.map(([n]) => n),
    ]);
    expect(SCALE_OUT_VARIABLES.filter((n) => !set.has(n))).toEqual([]);
    const standIns: Record<string, string> = {
      DATABASE_URL: 'postgres://portal:pw@db:5432/portal',
      REDIS_URL: 'redis://redis:6379',
      SMTP_URL: 'smtp://smtp:587',
      S3_SECRET_ACCESS_KEY: 'secret',
      AUTH_SECRET: 'a-secret-of-at-least-thirty-two-characters',
    };
    const env = { ...config, ...Object.fromEntries(literal), ...standIns };
    expect(loadConfig(env).MIGRATE_ON_START).toBe(false);
  });

  it('reads every secret from a file of a Kubernetes Secret, never from a value', () => {
    expect(Object.keys(config).filter((n) => FILE_VARIABLES.includes(n))).toEqual([]);
    for (const name of [
      'DATABASE_URL',
      'REDIS_URL',
      'SMTP_URL',
      'S3_SECRET_ACCESS_KEY',
      'AUTH_SECRET',
    ]) {
      expect(secretFiles[name], name).toBeDefined();
    }
    expect(helpers).toMatch(/- name: \{\{ \$name \}\}_FILE/);
    expect(helpers).toContain('secretName: {{ .Values.secrets.existingSecret }}');
  });

  it('gives the environment to both the instances and the migration job', () => {
    expect(template('deployment.yaml')).toContain('include "portal.env" .');
    expect(template('migration-job.yaml')).toContain('include "portal.env" .');
  });

  it('rolls instances that do not migrate after a migration job that runs before each install and upgrade', () => {
    expect(literal).toContainEqual(['MIGRATE_ON_START', 'false']);
    const job = template('migration-job.yaml');
    expect(job).toContain('"helm.sh/hook": pre-install,pre-upgrade');
    expect(job).toContain('command: ["node", "dist/server/migrate.js"]');
    const deployment = template('deployment.yaml');
    expect(deployment).toContain('type: RollingUpdate');
    expect(mappingOf(['rollingUpdate']).maxUnavailable).toBe('0');
  });

  it('probes readiness on /readyz and liveness on /healthz', () => {
    const deployment = template('deployment.yaml');
    expect(deployment).toMatch(/readinessProbe:\n\s+httpGet:\n\s+path: \/readyz/);
    expect(deployment).toMatch(/livenessProbe:\n\s+httpGet:\n\s+path: \/healthz/);
  });

  it('runs as a user other than root, with resources and a disruption budget', () => {
    const pod = mappingOf(['podSecurityContext']);
    expect(pod.runAsNonRoot).toBe('true');
    expect(Number(pod.runAsUser)).toBeGreaterThan(0);
    expect(mappingOf(['securityContext']).allowPrivilegeEscalation).toBe('false');
    expect(template('deployment.yaml')).toContain('toYaml .Values.resources');
    expect(mappingOf(['resources', 'limits']).memory).toBeDefined();
    expect(template('pdb.yaml')).toContain('kind: PodDisruptionBudget');
    expect(templates).toEqual(expect.arrayContaining(['service.yaml', 'ingress.yaml']));
  });

  it('runs the jobs in a Deployment of workers when asked, the instances behind the Service then serving only', () => {
    expect(mappingOf(['workers']).enabled).toBe('false');
    const worker = template('worker-deployment.yaml');
    expect(worker).toMatch(/^\{\{- if \.Values\.workers\.enabled \}\}/);
    expect(worker).toMatch(/- name: PORTAL_ROLE\n\s+value: "worker"/);
    expect(template('deployment.yaml')).toMatch(
      /\{\{- if \.Values\.workers\.enabled \}\}\n(?:\s+#.*\n)?\s+- name: PORTAL_ROLE\n\s+value: "web"/,
    );
    // The workers' pods carry labels of their own: no client request and no budget counts them.
    const workerPod = worker.split('template:')[1] ?? '';
    expect(workerPod).toContain('portal.workerSelectorLabels');
    expect(workerPod).not.toContain('portal.selectorLabels');
    expect(helpers).toMatch(/app\.kubernetes\.io\/name: \{\{ \.Chart\.Name \}\}-worker/);
    expect(worker).toMatch(/readinessProbe:\n\s+httpGet:\n\s+path: \/readyz/);
  });

  it('serves metrics on a port of their own, never through the Service', () => {
    for (const file of ['deployment.yaml', 'worker-deployment.yaml']) {
      expect(template(file), file).toMatch(/- name: METRICS_PORT\n\s+value: "9464"/);
      expect(template(file), file).toMatch(/- name: METRICS_HOST\n\s+value: "0\.0\.0\.0"/);
    }
    expect(template('service.yaml')).not.toMatch(/9464|metrics/);
    expect(mappingOf(['metrics']).enabled).toBe('true');
  });

  it('keeps the migration pod out of the Service and the disruption budget', () => {
    const jobPod = template('migration-job.yaml').split('template:')[1] ?? '';
    expect(jobPod).not.toContain('portal.selectorLabels');
  });
});
