import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'web',
  plugins: [react()],
  resolve: {
    // web/ imports the shared rules as '@domain/…' (tsconfig.json "paths"; the server keeps relative imports).
    alias: [
      { find: '@domain', replacement: fileURLToPath(new URL('domain', import.meta.url)) },
      // zod with its settings applied first (web/src/app/zod-config.ts), wherever it is imported.
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('web/src/app/zod-config.ts', import.meta.url)),
      },
    ],
  },
  css: {
    // postcss.config.cjs sits at the repository root, above the Vite root.
    postcss: fileURLToPath(new URL('.', import.meta.url)),
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // The server's CSP allows no inline script; Vite's output is external module files only.
    assetsInlineLimit: 0,
    // dist/web/.vite/manifest.json: the route size budgets (tests/unit/route-budgets.test.ts) read it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // zod and its settings (web/src/app/zod-config.ts, which the alias above puts in
            // front of every import of zod) in one chunk, shared by every chunk with a schema.
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|web[\\/]src[\\/]app[\\/]zod-config\.ts/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/healthz': apiServer,
      '/readyz': apiServer,
    },
  },
});
