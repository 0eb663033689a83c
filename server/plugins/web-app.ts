import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEMO_ASSET_BASE, demoAssetsFolder } from '../../db/seed/demo-master-data';
import { APP_CONFIG_ELEMENT_ID, type AppConfig } from '../../domain/app-config';
import { pageTitle } from '../../domain/page-title';
import { HttpError } from '../errors';
import { withTitle } from '../html';
import { loadServerRenderedPages } from '../web/server-rendering';

export interface WebAppOptions {
  /** The built web app (dist/web); index.html must be inside. */
  webRoot: string;
  appConfig: AppConfig;
}

const attribute = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Puts the product name in <title>, the configured icon (ICON_URL) in <link rel="icon"> and the
 * app configuration before </head> (no inline script runs).
 */
export function renderIndexHtml(html: string, appConfig: AppConfig): string {
  // `<` is escaped so that no configured text can close the script element.
  const json = JSON.stringify(appConfig).replaceAll('<', '\\u003c');
  const tag = `<script id="${APP_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
  const icon = appConfig.iconUrl;
  const withIcon = icon
    ? html.replace(
        /<link rel="icon"[^>]*>/,
        () =>
          `<link rel="icon"${icon.endsWith('.svg') ? ' type="image/svg+xml"' : ''} href="${attribute(icon)}" />`,
      )
    : html;
  return withTitle(withIcon, pageTitle(appConfig.webTitle)).replace(
    '</head>',
    () => `${tag}\n</head>`,
  );
}

function wantsApp(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !path.startsWith('/api/') &&
    path !== '/api' &&
    !/\.[a-z0-9]+$/i.test(path)
  );
}

/**
 * Serves the built single-page app. Paths that are not files and not under /api render the app,
 * which shows the login screen for unknown routes (docs/product.md §2); unknown /api paths answer JSON 404.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: WebAppOptions) => {
  const indexPath = join(opts.webRoot, 'index.html');
  const built = existsSync(indexPath);
  if (!built) {
    app.log.warn({ webRoot: opts.webRoot }, 'web app is not built; run `npm run build`');
  } else {
    await app.register(fastifyStatic, {
      root: opts.webRoot,
      index: false,
      wildcard: true,
      // The build writes .br and .gz copies of the scripts and styles (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders(res, path) {
        // Vite puts a content hash in every asset name under /assets, so they never change.
        res.header(
          'cache-control',
          path.includes(`${join(opts.webRoot, 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=300',
        );
      },
    });
  }
  // Demo banner images of the seed (db/seed/assets), referenced by the demo banners' image_url.
  await app.register(fastifyStatic, {
    root: demoAssetsFolder(),
    prefix: DEMO_ASSET_BASE,
    decorateReply: false,
    index: false,
    wildcard: true,
  });

  const indexHtml = built ? renderIndexHtml(readFileSync(indexPath, 'utf8'), opts.appConfig) : '';

  // The login screen's paths get its HTML rendered on the server (decision 019), by the server
  // entry the build puts in dist/ssr beside dist/web.
  const serverRendered = built
    ? await loadServerRenderedPages({
        entryPath: join(opts.webRoot, '..', 'ssr', 'entry-server.js'),
        webRoot: opts.webRoot,
        indexHtml,
        appConfig: opts.appConfig,
        log: app.log,
      })
    : null;

  const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    const page = await serverRendered?.(request.url.split('?')[0] ?? '');
    if (!page) return reply.send(indexHtml);
    // Its styles make it some 80 KB: sent compressed, as the static files are.
    reply.header('vary', 'accept-encoding');
    const accepted = request.headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  };

  if (built) {
    app.get('/', { schema: { hide: true } }, sendApp);
  }

  app.setNotFoundHandler((request, reply) => {
    if (built && wantsApp(request)) return sendApp(request, reply);
    // A call to an API path with the wrong method says which methods the path takes.
    const path = request.url.split('?')[0] ?? '';
    const allowed = [
      ...new Set(app.routeTable.filter((route) => route.url === path).map((r) => r.method)),
    ];
    if (path.startsWith('/api/') && allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      throw new HttpError(405, 'METHOD_NOT_ALLOWED');
    }
    throw new HttpError(404, 'NOT_FOUND');
  });
});
