// `npm run bench:web`: Lighthouse 12 over the production build (docs/decisions/013): /login
// signed out, /top and /orders signed in, at the mobile and desktop presets, BENCH_WEB_RUNS runs each
// (3), printing the median scores and metrics. Nothing is asserted. BENCH_WEB_PAGES picks pages,
// BENCH_WEB_PRESETS presets, BENCH_WEB_REPORT_DIR keeps the reports, and BENCH_WEB_THROTTLING=devtools
// slows the browser's network and CPU for real instead of simulating the load from a fast one.
//
// The app keeps its session in the tab's sessionStorage (web/src/lib/session-storage.ts), so the
// signed-in pages are audited in the tab that signed in through the login form: Lighthouse drives
// that puppeteer page with disableStorageReset, and the HTTP cache is emptied before every run so
// that each is a cold load like /login's.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig, type Flags, type RunnerResult } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { buildNeeded } from '../scripts/build-state.mjs';
import { startBuiltServer } from './startup';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const PASSWORD = 'Passw0rd!';
const ACCOUNT = process.env.BENCH_WEB_ACCOUNT ?? 'user@example.com';

type Preset = 'mobile' | 'desktop';
/** BENCH_WEB_REPORT_DIR: a folder to keep each run's Lighthouse report in (JSON). */
const REPORT_DIR = process.env.BENCH_WEB_REPORT_DIR;
/** BENCH_WEB_PAGES (e.g. `/login,/orders`) audits only those. */
const ONLY = process.env.BENCH_WEB_PAGES?.split(',').map((path) => path.trim());
/** BENCH_WEB_PRESETS (e.g. `mobile`) audits only at those presets. */
const PRESETS = (['mobile', 'desktop'] as const).filter(
  (preset) => !process.env.BENCH_WEB_PRESETS || process.env.BENCH_WEB_PRESETS.includes(preset),
);
/**
 * BENCH_WEB_THROTTLING: `simulate` (Lighthouse's default: a fast load, the slow one computed from
 * it) or `devtools` (the preset's network and CPU applied while loading: the figures are what
 * was observed, waits the simulation leaves out included).
 */
const THROTTLING = process.env.BENCH_WEB_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
const PAGES: { path: string; signedIn: boolean }[] = [
  { path: '/login', signedIn: false },
  { path: '/top', signedIn: true },
  { path: '/orders', signedIn: true },
].filter(({ path }) => !ONLY || ONLY.includes(path));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle0' });
  await page.type('input[autocomplete="username"]', ACCOUNT);
  await page.type('input[autocomplete="current-password"]', PASSWORD);
  await Promise.all([
    page.waitForFunction(() => location.pathname === '/top', { timeout: 30_000 }),
    page.click('button[type="submit"]'),
  ]);
}

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

function figures(result: RunnerResult): Figures {
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
  };
}

/** The audits of the accessibility and best-practices categories that did not pass. */
function failedAudits(result: RunnerResult): string[] {
  const { categories, audits } = result.lhr;
  const failed: string[] = [];
  for (const id of ['accessibility', 'best-practices']) {
    for (const ref of categories[id]?.auditRefs ?? []) {
      const audit = audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        // What the audit found, briefly (e.g. the kinds of issue Chrome logged, the failing nodes).
        const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items;
        const found = (items ?? [])
          .slice(0, 5)
          .map((item) => {
            const node = item.node as { snippet?: string } | undefined;
            return String(item.issueType ?? node?.snippet ?? item.description ?? '').slice(0, 120);
          })
          .filter(Boolean);
        failed.push(
          `${id}: ${audit.id} — ${audit.title}${found.length ? `: ${found.join('; ')}` : ''}`,
        );
      }
    }
  }
  return failed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

async function audit(
  browser: Browser,
  baseUrl: string,
  path: string,
  signedIn: boolean,
  preset: Preset,
): Promise<RunnerResult> {
  const page = await browser.newPage();
  try {
    if (signedIn) {
      await signIn(page, baseUrl);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    const flags: Flags = {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // A signed-in tab keeps its sessionStorage; the cache was emptied above.
      disableStorageReset: signedIn,
      throttlingMethod: THROTTLING,
      ...(preset === 'mobile' ? { formFactor: 'mobile' } : {}),
    };
    const result = await lighthouse(
      `${baseUrl}${path}`,
      flags,
      preset === 'desktop' ? desktopConfig : undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
    const finalPath = new URL(result.lhr.finalDisplayedUrl).pathname;
    if (finalPath !== path) throw new Error(`${path} ended on ${finalPath} (not signed in?)`);
    return result;
  } finally {
    await page.close();
  }
}

async function main() {
  const needed = buildNeeded();
  if (needed) {
    console.log(`building (${needed})`);
    const { buildAll } = await import('../scripts/build.mjs');
    await buildAll();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-web-'));
  const port = String(await freePort());
  const server = await startBuiltServer({
    DATA_DIR: dataDir,
    PORT: port,
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_IP_PER_MINUTE: '100000',
    RATE_LIMIT_MAIL_PER_MINUTE: '100000',
  });
  const browser = await puppeteer.launch({
    executablePath: CHROME_PATH,
    // The flags above, --headless among them, as given (puppeteer adds none of its own headless ones).
    headless: false,
    args: CHROME_FLAGS,
    defaultViewport: null,
  });
  try {
    console.log(
      `Lighthouse ${JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version} on ${await browser.version()}, ${THROTTLING} throttling, ${RUNS} runs each, medians`,
    );
    const rows: Record<string, Figures> = {};
    if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
    for (const preset of PRESETS) {
      for (const { path, signedIn } of PAGES) {
        const runs: RunnerResult[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          // Chromium now and then loses a trace (NO_NAVSTART): that run is repeated, twice at most.
          for (let attempt = 1; ; attempt += 1) {
            try {
              const result = await audit(browser, server.baseUrl, path, signedIn, preset);
              runs.push(result);
              if (REPORT_DIR) {
                const name = `${path.slice(1)}-${preset}-${run + 1}.json`;
                writeFileSync(join(REPORT_DIR, name), JSON.stringify(result.lhr));
              }
              break;
            } catch (error) {
              if (attempt >= 3) throw error;
              console.log(`${path} ${preset}: run repeated (${(error as Error).message})`);
            }
          }
        }
        const all = runs.map(figures);
        const pick = (key: keyof Figures) => median(all.map((f) => f[key]));
        rows[`${path} ${preset}`] = {
          performance: pick('performance'),
          accessibility: pick('accessibility'),
          bestPractices: pick('bestPractices'),
          fcpMs: pick('fcpMs'),
          lcpMs: pick('lcpMs'),
          tbtMs: pick('tbtMs'),
          cls: pick('cls'),
        };
        const failed = [...new Set(runs.flatMap(failedAudits))];
        if (failed.length > 0)
          console.log(`${path} ${preset}: not passed:\n  ${failed.join('\n  ')}`);
      }
    }
    console.table(rows);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
