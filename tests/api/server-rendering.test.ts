// Decision 019: the login screen's HTML, rendered at start-up from the web app's components with the
// server's own configuration. Needs the build (`npm test` builds first; alone, `npm run build`).
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireFreshBuild } from '../support/fresh-build';
import { builtEntry } from './helpers/built-entry';
import { createTestApp, type TestApp } from './helpers/test-app';

const WEB_ROOT = resolve('dist/web');
const WEB_TITLE = '屋根材<ポータル>';
let t: TestApp;
let tClosed = false;

beforeAll(async () => {
  requireFreshBuild();
  t = await createTestApp({
    webRoot: WEB_ROOT,
    env: {
      WEB_TITLE,
      DRAWINGS_URL: 'https://drawings.example.jp/',
      DRAWINGS_PASSWORD: 'himitsu-2026',
    },
  });
});

afterAll(async () => {
  if (!tClosed) await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the login screen rendered on the server', () => {
  it('sends the login form itself, with the configured product name, at /login and /', async () => {
    for (const path of ['/login', '/', '/login?from=mail']) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = response.body;
      const pathOnly = path.split('?')[0];
      expect(html).toContain(`<div id="root" data-server-rendered="${pathOnly}">`);
      expect(html).toContain('<title>屋根材&lt;ポータル&gt; | ログイン</title>');
      expect(html).toMatch(/<h1[^>]*>ログイン<\/h1>/);
      expect(html).toMatch(/<input[^>]*type="email"[^>]*name="mail"/);
      expect(html).toMatch(/<input[^>]*type="password"[^>]*name="password"/);
      // Until the script has taken the form over, its button sends nothing.
      expect(html).toMatch(/<button[^>]*type="button"[^>]*aria-disabled="true"[^>]*>.*?ログイン/);
      expect(html).not.toMatch(/type="submit"/);
      expect(html).toMatch(
        /<button(?=[^>]*aria-label="パスワードを表示")(?=[^>]*aria-disabled="true")[^>]*>/,
      );
      // The header's product name comes from the server's configuration, escaped.
      expect(html).toContain('屋根材&lt;ポータル&gt;</span>');
      expect(html).not.toContain('屋根材<ポータル>');
    }
  });

  it('paints from the response alone: styles inline, scripts named for after the first paint', async () => {
    const response = await get('/login');
    const html = response.body;
    const styles = [...html.matchAll(/<style data-href="(\/assets\/[^"]+\.css)">/g)].map(
      (match) => match[1],
    );
    // A stylesheet link only for each style in the page, disabled: no browser fetches it.
    const links = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((match) => match[0]);
    expect(links).toEqual(
      styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}" disabled>`),
    );
    // The entry's styles and the login screen's.
    for (const href of builtEntry().styles) expect(styles).toContain(href);
    expect(styles.length).toBeGreaterThan(builtEntry().styles.length);
    // No script is fetched with the page: no script element with a source, no modulepreload link.
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(html).not.toContain('rel="modulepreload"');
    // One inline script after #root names them, and the CSP allows it (and it only) by its hash.
    const boot =
      /<\/div>\n<script id="([\w-]+)" data-entry="([^"]+)" data-preload="([^"]*)">([^<]+)<\/script>\n?\s*<\/body>/.exec(
        html,
      );
    expect(boot, 'the script that loads the app').not.toBeNull();
    const [, bootId, entry, preload, text] = boot as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    // The first paint waits for it, the first element after #root: the whole screen paints at once.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<link rel="expect" href="#${bootId}" blocking="render">`);
    const hash = createHash('sha256').update(text).digest('base64');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replaceAll('+', '\\+')}'[;]`));
    expect([...html.matchAll(/<script(?![^>]*type="application\/json")/g)]).toHaveLength(1);
    expect(entry).toBe(builtEntry().script);
    const chunks = preload.split(' ');
    expect(chunks.some((href) => /^\/assets\/login-page-[^/]+\.js$/.test(href))).toBe(true);
    // Every file it names is there.
    for (const url of [entry, ...chunks]) expect((await get(url)).statusCode, url).toBe(200);
    // The app configuration is embedded as on every page.
    expect(html).toContain('<script id="app-config" type="application/json">');
  });

  it('sends the page compressed when the browser accepts it', async () => {
    const plain = (await get('/login')).body;
    const br = await get('/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(plain) / 3);
    const gzip = await get('/login', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain);
  });

  it('is the same page for everyone: nothing of a session in the request changes it', async () => {
    const anonymous = (await get('/login')).body;
    const withSession = await get('/login', {
      cookie: 'better-auth.session_token=whatever',
      authorization: 'Bearer not-a-token',
    });
    expect(withSession.body).toBe(anonymous);
  });

  it('holds nothing only signed-in people may read: not the drawings site or its password', async () => {
    for (const path of ['/login', '/top']) {
      const html = (await get(path)).body;
      expect(html, path).toContain('<script id="app-config" type="application/json">');
      expect(html, path).not.toContain('himitsu-2026');
      expect(html, path).not.toContain('drawings.example.jp');
    }
  });

  it('leaves every other screen to the browser', async () => {
    for (const path of ['/top', '/orders', '/mail-reset-password', '/no-such-page']) {
      const html = (await get(path)).body;
      expect(html, path).toContain('<div id="root"></div>');
      for (const href of builtEntry().styles) {
        expect(html, path).toContain(`<link rel="stylesheet" crossorigin href="${href}">`);
      }
      expect(html, path).not.toContain('data-server-rendered');
    }
  });
});

describe('a web build without its server entry', () => {
  let webRoot: string;
  let bare: TestApp;

  beforeAll(async () => {
    // The web app alone, with no dist/ssr beside it (an older build).
    webRoot = join(mkdtempSync(join(tmpdir(), 'portal-web-only-')), 'web');
    cpSync(WEB_ROOT, webRoot, { recursive: true });
    // One test app at a time (on PostgreSQL they share the database).
    await t.close();
    tClosed = true;
    bare = await createTestApp({ webRoot });
  });

  afterAll(async () => {
    await bare?.close();
    rmSync(join(webRoot, '..'), { recursive: true, force: true });
  });

  it('serves the app rendered in the browser at /login', async () => {
    const response = await bare.app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('data-server-rendered');
  });
});
