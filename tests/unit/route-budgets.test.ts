// Size budgets of the web app's first load per route (docs/decisions/013), read from the build's
// manifest (vite.config.ts `build.manifest`). `npm test` builds before this step runs; alone, it
// fails until `npm run build` has built the sources it runs with. Sizes are deterministic: gzip level 9 of each file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { requireFreshBuild } from '../support/fresh-build';

const WEB_ROOT = 'dist/web';
const MANIFEST = join(WEB_ROOT, '.vite', 'manifest.json');
const KB = 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const PUBLIC_LAYOUT = 'src/components/layout/public-layout.tsx';
const APP_LAYOUT = 'src/components/layout/app-layout.tsx';
/** TanStack Query, which web/src/app/routes.tsx loads with every screen but the login screen. */
const QUERY_PROVIDER = 'src/app/query-provider.tsx';
const LOGIN_SCREEN = 'src/features/auth/components/login-page.tsx';

/** The login screen's first load at most 150 KB gzip, every other screen's 250 KB. */
const LOGIN_BUDGET = 150 * KB;
const BUDGET = 250 * KB;

/**
 * Screens not yet within their budget (file name without .tsx → KB gzip it may not exceed meanwhile: its size
 * when measured plus a little; decision 013 says what is left). Lower a ceiling as the screen
 * shrinks, drop it once within.
 */
const CEILINGS: Record<string, number> = {
  // None: the last four (login-page 152.1 KB, orders-page 263.8, shared-files-page 252.7,
  // managers-page 250.4) came within with React Router's declarative router, 15.8 KB less in every
  // first load than its data router (decision 013).
};

/**
 * The screens: every lazily loaded `*-page.tsx` of a feature and every page of web/src/app/routes/
 * in the manifest, so that a screen added to web/src/app/routes.tsx falls under its budget without
 * a change here. Each loads with the layout it sits in (routes.tsx): the screens before sign-in in
 * the public layout, the others in the signed-in layout; all but the login screen with the query
 * client.
 */
function screensOf(
  manifest: Manifest,
): { name: string; screen: string; lazy: string[]; budget: number }[] {
  return Object.keys(manifest)
    .filter(
      (key) =>
        manifest[key]?.isDynamicEntry &&
        (/^src\/features\/[^/]+\/components\/[^/]+-page\.tsx$/.test(key) ||
          /^src\/app\/routes\/[^/]+\.tsx$/.test(key)),
    )
    .sort()
    .map((screen) => {
      const name = screen.replace(/^.*\//, '').replace(/\.tsx$/, '');
      if (screen === LOGIN_SCREEN) {
        return { name, screen, lazy: [PUBLIC_LAYOUT], budget: LOGIN_BUDGET };
      }
      const layout = screen.startsWith('src/features/auth/')
        ? [PUBLIC_LAYOUT]
        : // /header shows the signed-in header without the layout (docs/product.md §2).
          screen === 'src/app/routes/header-only.tsx'
          ? []
          : [APP_LAYOUT];
      return { name, screen, lazy: [...layout, QUERY_PROVIDER], budget: BUDGET };
    });
}

/** Every file a first load of these manifest entries fetches: their static imports and CSS. */
function firstLoadFiles(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(WEB_ROOT, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

requireFreshBuild();

describe('first-load size of each screen (gzip, scripts and styles)', () => {
  const manifest: Manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const screens = screensOf(manifest);

  it('finds the screens of web/src/app/routes.tsx in the manifest', () => {
    expect(entry, 'the manifest has an entry chunk').toBeDefined();
    const found = screens.map(({ screen }) => screen);
    for (const screen of [
      LOGIN_SCREEN,
      'src/features/top/components/top-page.tsx',
      'src/features/orders/components/orders-page.tsx',
      'src/features/managers/components/managers-page.tsx',
      'src/app/routes/permission-denied.tsx',
    ]) {
      expect(found).toContain(screen);
    }
    const names = screens.map(({ name }) => name);
    for (const name of Object.keys(CEILINGS)) expect(names).toContain(name);
  });

  it.each(screens)('$name stays within its budget', ({ name, screen, lazy, budget }) => {
    const files = firstLoadFiles(manifest, [entry as string, screen, ...lazy]);
    const total = files.reduce((sum, file) => sum + gzipBytes(file), 0);
    const biggest = files
      .map((file) => ({ file, bytes: gzipBytes(file) }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5)
      .map(({ file, bytes }) => `${file} ${(bytes / KB).toFixed(1)} KB`);
    const ceiling = CEILINGS[name] === undefined ? undefined : CEILINGS[name] * KB;
    const limit = ceiling ?? budget;
    console.log(
      `${name}: ${files.length} files, ${(total / KB).toFixed(1)} KB gzip (budget ${budget / KB} KB${ceiling ? `, ceiling ${ceiling / KB} KB until within` : ''})`,
    );
    expect(
      total,
      `${name}: ${(total / KB).toFixed(1)} KB gzip over its ${limit / KB} KB ${ceiling ? 'ceiling' : 'budget'}; biggest: ${biggest.join(', ')}`,
    ).toBeLessThanOrEqual(limit);
  });
});
