import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
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
      // Inlining below needs the entries' unused exports free to go (the browser's entry has none;
      // the server entry's build keeps its exports: it is not inlined).
      ...(isSsrBuild ? {} : { preserveEntrySignatures: false }),
      output: {
        codeSplitting: {
          // Fewer files per screen (decision 021): the small chunks that automatic splitting makes
          // of what several screens share (a Mantine helper, a hook) are copied into the chunks
          // that use them, one runtime keeping each module's single state. Over HTTP/1.1 every
          // file costs a round trip on one of six connections: the orders screen's first load went
          // from 83 files to 18 for the same bytes (tests/unit/route-budgets.test.ts). The size is
          // of the modules' source before minifying; 40 KB gave the fewest bytes of those tried.
          ...(isSsrBuild ? {} : { experimentalInlineCommonChunks: { maxSize: 40_000 } }),
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
}));
