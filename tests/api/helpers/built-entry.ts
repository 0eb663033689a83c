import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const WEB_ROOT = resolve('dist/web');

/**
 * The web app's entry as the build's index.html names it: its script, the largest of its scripts
 * (the script itself may be a small file that imports the others, which are preloaded) and its
 * stylesheets. Their file names are the bundler's (vite.config.ts), so tests find them here rather
 * than by name. Needs the build (`npm test` builds first; alone, `npm run build`).
 */
export function builtEntry(): {
  script: string;
  largestScript: string;
  styles: [string, ...string[]];
} {
  const html = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
  const script = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
  if (!script) throw new Error('dist/web/index.html names no entry script');
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  const sizeOf = (href: string) => statSync(join(WEB_ROOT, href)).size;
  const largestScript = [script, ...preloaded.map((match) => match[1] as string)].reduce(
    (largest, href) => (sizeOf(href) > sizeOf(largest) ? href : largest),
  );
  const [first, ...others] = [
    ...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g),
  ].map((match) => match[1] as string);
  if (first === undefined) throw new Error('dist/web/index.html names no stylesheet');
  return { script, largestScript, styles: [first, ...others] };
}
