// `npm run build`: the web app with Vite into dist/web (with brotli and gzip copies of its scripts and
// styles), its server entry (the login screen's HTML, decision 019) into dist/ssr, the server bundled
// with esbuild into dist/server, with the migrations and the migration command beside it, so that
// dist/ and the production dependencies are all a production install needs (decision 028).
import { cpSync, rmSync } from 'node:fs';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { precompressFolder } from './precompress.mjs';

export async function buildAll() {
  const started = performance.now();
  await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
  precompressFolder('dist/web');
  await viteBuild({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: '../dist/ssr',
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });
  rmSync('dist/server', { recursive: true, force: true });
  await esbuild({
    // main.js serves; migrate.js applies the migrations alone (a migration job before a rolling
    // upgrade, with MIGRATE_ON_START=false on the servers); the operator's commands beside them,
    // for an install without tsx (`npm run mail:status` and `import:ledger` of the sources).
    entryPoints: {
      main: 'server/main.ts',
      migrate: 'scripts/migrate.ts',
      'mail-status': 'scripts/mail-status.ts',
      'import-ledger': 'scripts/import-ledger.ts',
      'import-invoices': 'scripts/import-invoices.ts',
    },
    outdir: 'dist/server',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // db/client.ts looks for them next to the bundle first.
  cpSync('db/migrations', 'dist/server/migrations', { recursive: true });
  console.log(
    `built dist/web, dist/ssr and dist/server in ${Math.round(performance.now() - started)} ms`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
