// The login screen's HTML, rendered by the web app's own components at start-up (decision 019): the
// screen paints from the first response instead of after its scripts, and the browser hydrates it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../domain/app-config';
import type { RenderedScreen } from '../../web/src/entry-server';
import { withTitle } from '../html';

/** What dist/ssr/entry-server.js (web/src/entry-server.tsx) exports. */
export interface ServerEntry {
  SERVER_RENDERED_PATHS: readonly string[];
  SCREEN_MODULES: readonly string[];
  renderScreen(path: string, config: AppConfig): Promise<RenderedScreen>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The files a first load of the given modules fetches, as Vite's script names them (/assets/…). */
export interface ScreenFiles {
  /** Their scripts, and those of the chunks they import. */
  scripts: string[];
  /** Their styles, and those of the chunks they import. */
  styles: string[];
}

/**
 * The files of the given modules' chunks and of the chunks they import, leaving out the entry's
 * (index.html loads those).
 */
export function screenFiles(manifest: Manifest, modules: readonly string[]): ScreenFiles {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>(['index.html', ...(manifest['index.html']?.imports ?? [])]);
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no ${key}`);
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { scripts: [...scripts], styles: [...styles] };
}

/** index.html's stylesheet links (the entry's styles). */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="([^"]+)">\n?/g;
/** index.html's entry script (in the head) and the links to the chunks it imports. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?\s*/;
const MODULEPRELOAD_LINK = /<link rel="modulepreload" crossorigin href="([^"]+)">\n?\s*/g;

/** What index.html names of the app's entry: its script, the chunks it preloads, its styles. */
export function indexHtmlEntry(indexHtml: string): {
  script: string;
  chunks: string[];
  styles: string[];
} {
  const script = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  if (!script) throw new Error('index.html has no entry script');
  const named = (link: RegExp) => [...indexHtml.matchAll(link)].map((match) => match[1] as string);
  return { script, chunks: named(MODULEPRELOAD_LINK), styles: named(STYLESHEET_LINK) };
}

/**
 * The script that fetches the app once the server's HTML has painted: the entry as a module script
 * and the chunks it needs as modulepreload links, named by its data-entry and data-preload. Loaded
 * with the page, they would share the connection with the page's own bytes and hold its first
 * paint on a slow link; the form needs no script to show. A tab opened in the background (no
 * frames) loads them at once. Its text is fixed, so the CSP allows it by its hash
 * (SERVER_RENDERED_BOOT_HASH).
 */
export const SERVER_RENDERED_BOOT = `(function () {
  var d = document, s = d.currentScript;
  function add(tag, props) { d.head.appendChild(Object.assign(d.createElement(tag), props)); }
  function load() {
    s.dataset.preload.split(' ').forEach(function (href) {
      if (href) add('link', { rel: 'modulepreload', crossOrigin: '', href: href });
    });
    add('script', { type: 'module', crossOrigin: '', src: s.dataset.entry });
  }
  if (d.visibilityState === 'hidden') load();
  else requestAnimationFrame(function () { setTimeout(load); });
})();`;

/**
 * Holds the first paint until the whole of #root has arrived: the link waits for the boot script,
 * the first element after #root (Chromium lets the paint go as soon as the named element starts,
 * so naming #root itself would hold nothing). A page that comes in pieces (a slow connection, a
 * busy browser) would otherwise paint its first part alone, and what is laid out from the right
 * or the centre (the header's links, the footer) would move as the rest arrives. The screen is one
 * response, so waiting for its end costs nothing; browsers without the hint paint as before.
 */
const BOOT_ID = 'app-boot';
const WHOLE_SCREEN_FIRST = `<link rel="expect" href="#${BOOT_ID}" blocking="render">`;

/** The CSP source that allows SERVER_RENDERED_BOOT, and no other inline script. */
export const SERVER_RENDERED_BOOT_HASH = `'sha256-${createHash('sha256')
  .update(SERVER_RENDERED_BOOT)
  .digest('base64')}'`;

/**
 * index.html (already carrying the app configuration) with a screen's HTML in #root and its title.
 * The page paints from this response alone: the entry's and the screen's styles are in it (the
 * entry's links go; a disabled link names each), and no script is fetched until it has painted:
 * the entry's script and modulepreload links leave the head for SERVER_RENDERED_BOOT after #root,
 * which also names the screen's chunks (Vite's loader finds them there instead of adding each
 * itself). `data-server-rendered` names the path, which main.tsx hydrates only there. `readStyle`
 * gives a style's text by its /assets/… path.
 */
export function serverRenderedPage(
  indexHtml: string,
  path: string,
  screen: RenderedScreen,
  files: ScreenFiles,
  readStyle: (href: string) => string,
): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error('index.html has no empty #root');
  const { script: entry, chunks: entryChunks, styles: entryStyles } = indexHtmlEntry(indexHtml);
  const styles = [...entryStyles, ...files.styles].map((href) => {
    const text = readStyle(href);
    if (/<\/style/i.test(text)) throw new Error(`${href} cannot be put in a style element`);
    // The disabled link is fetched by no one: it tells Vite's loader that the style is in the page
    // (it looks for stylesheet links), which would otherwise fetch it with the screen's chunk.
    const link = `<link rel="stylesheet" crossorigin href="${href}" disabled>`;
    return `<style data-href="${href}">${text}</style>${link}`;
  });
  const preload = [...entryChunks, ...files.scripts];
  for (const href of [entry, ...preload]) {
    if (!/^\/[\w./-]+$/.test(href)) throw new Error(`${href} cannot be named in the page`);
  }
  const named = `data-entry="${entry}" data-preload="${preload.join(' ')}"`;
  const boot = `<script id="${BOOT_ID}" ${named}>${SERVER_RENDERED_BOOT}</script>`;
  return withTitle(indexHtml, screen.title)
    .replace(STYLESHEET_LINK, '')
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULEPRELOAD_LINK, '')
    .replace('</head>', () => `${styles.join('\n')}\n${WHOLE_SCREEN_FIRST}\n</head>`)
    .replace(
      root,
      () => `<div id="root" data-server-rendered="${path}">${screen.html}</div>\n${boot}`,
    );
}

/** A server-rendered page with its compressed copies, made once. */
export interface ServerRenderedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

function compressed(html: string): ServerRenderedPage {
  const bytes = Buffer.from(html);
  return {
    html,
    br: brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(bytes, { level: 9 }),
  };
}

/** Gives a server-rendered page for a path, or null for the paths rendered in the browser. */
export type ServerRenderedPages = (path: string) => Promise<ServerRenderedPage | null>;

/**
 * Loads the server entry beside the built web app and renders its paths. Null, with the reason
 * logged, when there is no server entry or it fails: the browser then renders every screen, as
 * before. The footer shows the year, so a page is rendered again once the year has changed.
 */
export async function loadServerRenderedPages(options: {
  entryPath: string;
  webRoot: string;
  indexHtml: string;
  appConfig: AppConfig;
  log: FastifyBaseLogger;
}): Promise<ServerRenderedPages | null> {
  const { entryPath, webRoot, indexHtml, appConfig, log } = options;
  if (!existsSync(entryPath)) {
    log.warn({ entryPath }, 'no server entry: the login screen renders in the browser only');
    return null;
  }
  try {
    const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
    const manifest = JSON.parse(
      readFileSync(join(webRoot, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
    const files = screenFiles(manifest, entry.SCREEN_MODULES);
    const readStyle = (href: string) => readFileSync(join(webRoot, href), 'utf8');
    const render = async (path: string) =>
      compressed(
        serverRenderedPage(
          indexHtml,
          path,
          await entry.renderScreen(path, appConfig),
          files,
          readStyle,
        ),
      );
    // Rendered now, so that a fault shows at start-up and the first visitor does not wait.
    const pages = new Map<string, { year: number; page: Promise<ServerRenderedPage | null> }>();
    for (const path of entry.SERVER_RENDERED_PATHS) {
      const page = await render(path);
      pages.set(path, { year: new Date().getFullYear(), page: Promise.resolve(page) });
    }
    return (path) => {
      const cached = pages.get(path);
      if (!cached) return Promise.resolve(null);
      const year = new Date().getFullYear();
      if (cached.year === year) return cached.page;
      const page = render(path).catch((err: unknown) => {
        log.error(
          { err, path },
          'the login screen could not be rendered again; the browser renders it',
        );
        return null;
      });
      pages.set(path, { year, page });
      return page;
    };
  } catch (err) {
    log.error(
      { err },
      'the login screen could not be rendered on the server; it renders in the browser',
    );
    return null;
  }
}
