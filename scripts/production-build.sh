#!/bin/sh
# The production build, the same everywhere: the image's build stage runs it, and so does the test
# that starts what it leaves (tests/api/production-install.test.ts). Run in a checkout whose
# node_modules holds the development tools (after `npm ci`): it builds dist/ once, then replaces
# node_modules with the production dependencies only, so that what runs is `node dist/server/main.js`
# without Vite, esbuild or the test tools (decision 028).
set -eu

node scripts/build.mjs

# A symbolic link (a test's copy borrowing the checkout's tools) is removed, never followed.
if [ -L node_modules ]; then rm node_modules; else rm -rf node_modules; fi
# Optional packages left out too: better-auth names Vitest and drizzle-kit as optional peers, which
# npm keeps with --omit=dev alone; the server needs none of the optional packages (platform builds
# of the build tools, firebase-admin's Firestore and Cloud Storage clients).
npm ci --omit=dev --omit=optional --no-audit --no-fund --loglevel=error

# What the run needs and nothing of the build's: fail here rather than at the first start.
for needed in dist/server/main.js dist/server/migrate.js dist/server/migrations/meta \
  dist/web/index.html dist/ssr/entry-server.js; do
  [ -e "$needed" ] || { echo "production build: $needed is missing" >&2; exit 1; }
done
for tool in vite vitest @biomejs typescript drizzle-kit @playwright; do
  [ ! -e "node_modules/$tool" ] || { echo "production build: node_modules/$tool is installed" >&2; exit 1; }
done
echo "production build ready: dist/ and the production dependencies"
