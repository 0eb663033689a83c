import { envSchema, FILE_VARIABLES, loadConfig } from '../../../server/config';

// What the deployment files (compose.yaml, the Helm chart) set, checked against the configuration
// schema: no variable the server does not read, none of the scale-out ones missing.

/** The variables a deployment of several instances must set (README "Scaling out"). */
export const SCALE_OUT_VARIABLES = [
  'HOST',
  'PUBLIC_BASE_URL',
  'TRUST_PROXY',
  'DATABASE_URL',
  'REDIS_URL',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'SMTP_URL',
];

/** The names the server reads: the schema's, and `<NAME>_FILE` of the secrets. */
export function knownVariables(): Set<string> {
  return new Set([...Object.keys(envSchema.shape), ...FILE_VARIABLES.map((n) => `${n}_FILE`)]);
}

/** A variable by itself or by its file. */
export function setOf(names: Iterable<string>): Set<string> {
  return new Set([...names].map((n) => n.replace(/_FILE$/, '')));
}

export { loadConfig };
