import { notifications } from '@mantine/notifications';
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';
import { clearAccessToken } from '../lib/access-token';
import { forgetSentAheadForTests } from '../lib/api-client';
import { forgetPendingSignOutsForTests } from '../lib/identity-client';
import { forgetTypedBeforeScriptsForTests } from '../lib/server-rendering';
import { forgetErrorToastForTests } from '../lib/toasts';
import { resetUnsavedChangesForTests } from '../lib/unsaved-changes-state';
import { takeConsoleErrorExpectation } from './console-errors';
import { fakeServer, installFakeServer } from './fake-server';
import { restartLedgerNumberingForTests } from './ledger';

// Generous: the first render of a lazy route imports its chunk, slow when a busy machine runs many
// files at once; a real hang still fails.
configure({ asyncUtilTimeout: 10_000 });

// A query that finds nothing describes the page it searched: Testing Library prints the whole DOM
// into its error. `findBy…` and `waitFor` retry on every change of the page and keep only their
// last error, which they describe again, page and all, when they give up; printing a page of a
// hundred ledger rows on each retry was a fifth of the orders screen's test time. While they
// retry (the diagnostics Testing Library calls expensive are off then), the error is the message
// alone; a query that fails outright, or a wait that times out, still prints the page. (The flag
// is Testing Library's own; were it gone, every error would print the page again, as before.)
configure({
  getElementError(message, container) {
    const retrying = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })
      ._disableExpensiveErrorDiagnostics;
    const page = retrying
      ? ''
      : `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`;
    const error = new Error([message, page].filter(Boolean).join('\n\n'));
    error.name = 'TestingLibraryElementError';
    return error;
  },
});
vi.setConfig({ testTimeout: 30_000 });

// jsdom lacks what Mantine measures with (https://mantine.dev/guides/vitest/). A worker's files share
// one window (isolate: false in vitest.config.ts) and this file runs before each of them: jsdom's
// own getComputedStyle is kept aside once, so that the wrappers do not stack file after file.
const jsdomGetComputedStyle = Symbol.for('setup-tests:getComputedStyle');
const windowWithOriginal = window as typeof window & {
  [jsdomGetComputedStyle]?: typeof window.getComputedStyle;
};
windowWithOriginal[jsdomGetComputedStyle] ??= window.getComputedStyle;
const getComputedStyle = windowWithOriginal[jsdomGetComputedStyle];
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens on it for fonts that load late.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });

/** Answers width queries from window.innerWidth (jsdom: 1024, a desktop) so tests can resize. */
function matchesWidthQuery(query: string): boolean {
  const px = (value: string, unit: string) => Number(value) * (unit === 'px' ? 1 : 16);
  const width = window.innerWidth;
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|em|rem)\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, value = '0', unit = 'px']) =>
    kind === 'min' ? width >= px(value, unit) : width <= px(value, unit),
  );
}

window.matchMedia = (query: string): MediaQueryList => ({
  media: query,
  matches: matchesWidthQuery(query),
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});

/** The address the window starts at; a test that moves the browser's history leaves it elsewhere. */
const startAddress = window.location.href;

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
  installFakeServer();
});

afterEach(() => {
  cleanup();
  // The toasts' store outlives the rendered tree (a worker keeps its modules from file to file):
  // a toast left by one test must not show in the next one's screen.
  notifications.clean();
  forgetErrorToastForTests();
  window.sessionStorage.clear();
  clearAccessToken();
  // What else the app's modules keep for the tab's life, which the next test (or the next file,
  // in the same worker and window) must not find.
  forgetPendingSignOutsForTests();
  forgetSentAheadForTests();
  resetUnsavedChangesForTests();
  forgetTypedBeforeScriptsForTests();
  restartLedgerNumberingForTests();
  // The window's width, which tests of the phone layout narrow; jsdom starts at a desktop's 1024.
  window.innerWidth = 1024;
  if (window.location.href !== startAddress) window.history.replaceState(null, '', startAddress);
  const unhandled = [...fakeServer.unhandled];
  vi.unstubAllGlobals();
  vi.useRealTimers();
  if (unhandled.length > 0) {
    throw new Error(`requests the fake server does not answer: ${unhandled.join(', ')}`);
  }
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (!takeConsoleErrorExpectation() && calls.length > 0) {
    const first = calls[0]
      ?.map((arg) => (arg instanceof Error ? arg.stack : String(arg)))
      .join(' ');
    throw new Error(`console.error was called ${calls.length} time(s); first: ${first}`);
  }
});
