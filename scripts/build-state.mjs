// Shared by start.mjs and build.mjs: is the production build older than its sources?
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const SOURCE_DIRS = ['web', 'server', 'domain', 'db'];
export const SOURCE_FILES = [
  'package-lock.json',
  'vite.config.ts',
  'postcss.config.cjs',
  'scripts/postcss-light-only.cjs',
];
export const BUILD_OUTPUTS = [
  'dist/web/index.html',
  'dist/ssr/entry-server.js',
  'dist/server/main.js',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Returns why a build is needed, or null when dist/ is complete and newer than every source. */
export function buildNeeded(root = process.cwd()) {
  const outputs = BUILD_OUTPUTS.map((p) => join(root, p));
  const missing = outputs.find((p) => !existsSync(p));
  if (missing) return `${missing} is missing`;
  const builtAt = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  const sourcesAt = Math.max(
    ...[...SOURCE_DIRS, ...SOURCE_FILES].map((p) => newestMtime(join(root, p))),
  );
  return sourcesAt > builtAt ? 'sources changed since the last build' : null;
}
