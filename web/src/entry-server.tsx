// The server's entry (decision 019): `npm run build` bundles it into dist/ssr, and the server renders
// the login screen's HTML with it once, at start-up, so that the screen shows before any script has
// loaded. The browser then hydrates that HTML (main.tsx).
import type { AppConfig } from '@domain/app-config';
import { pageTitle } from '@domain/page-title';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { UNSAFE_createMemoryHistory } from 'react-router';
import { AppProviders } from './app/provider';
import { loadScreens } from './app/route-tree';
import { AppRouter } from './app/router';
import { routes } from './app/routes';
import { paths } from './config/paths';
import { createBlockingHistory } from './lib/navigation-blocker';

/** The paths the server renders: the login screen's (docs/product.md §2). */
export const SERVER_RENDERED_PATHS: readonly string[] = [paths.home.path, paths.login.path];

/**
 * The modules of the login screen's own chunks, as the client build's manifest names them: their
 * styles must be in the page before it paints, or the screen would change its look (and layout)
 * when the script brings them (routes.tsx: the public layout and the login screen).
 */
export const SCREEN_MODULES: readonly string[] = [
  'src/components/layout/public-layout.tsx',
  'src/features/auth/components/login-page.tsx',
];

export interface RenderedScreen {
  /** The document title the screen sets (docs/product.md §14). */
  title: string;
  /** The markup inside #root. */
  html: string;
}

/** Renders one of SERVER_RENDERED_PATHS as someone signed out sees it. */
export async function renderScreen(path: string, config: AppConfig): Promise<RenderedScreen> {
  if (!SERVER_RENDERED_PATHS.includes(path))
    throw new Error(`${path} is not rendered on the server`);
  await loadScreens(routes, path);
  const history = createBlockingHistory(
    UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }),
  );
  // The same tree as main.tsx's, so that the browser's hydration finds the markup it would render.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders config={config}>
        <AppRouter history={history} />
      </AppProviders>
    </StrictMode>,
  );
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(Buffer.from(part as Uint8Array));
  return {
    title: pageTitle(config.webTitle, paths.login.pageName),
    html: Buffer.concat(parts).toString('utf8'),
  };
}
