import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { indexHtmlEntry } from '../../../server/web/server-rendering';

const WEB_ROOT = resolve('dist/web');

/**
 * The web app's entry as the build's index.html names it (read as the server reads it): its
 * script, the largest of its scripts (the script itself may be a small file that imports the
 * others, which are preloaded) and its stylesheets. Their file names are the bundler's
 * (vite.config.ts), so tests find them here rather than by name. Needs the build (`npm test`
 * builds first; alone, `npm run build`).
 */
export function builtEntry(): {
  script: string;
  largestScript: string;
  styles: [string, ...string[]];
} {
  const { script, chunks, styles } = indexHtmlEntry(
    readFileSync(join(WEB_ROOT, 'index.html'), 'utf8'),
  );
  const sizeOf = (href: string) => statSync(join(WEB_ROOT, href)).size;
  const largestScript = [script, ...chunks].reduce((largest, href) =>
    sizeOf(href) > sizeOf(largest) ? href : largest,
  );
  const [first, ...others] = styles;
  if (first === undefined) throw new Error('dist/web/index.html names no stylesheet');
  return { script, largestScript, styles: [first, ...others] };
}
