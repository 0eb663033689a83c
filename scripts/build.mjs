// `npm run build`: the web app with Vite into dist/web (with brotli and gzip copies of its scripts and
// styles), its server entry (the login screen's HTML, decision 019) into dist/ssr, the server bundled
// with esbuild into dist/server.
import { rmSync } from 'node:fs';
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
    entryPoints: ['server/main.ts'],
    outfile: 'dist/server/main.js',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  console.log(
    `built dist/web, dist/ssr and dist/server in ${Math.round(performance.now() - started)} ms`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
