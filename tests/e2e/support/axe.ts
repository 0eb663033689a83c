import { expect, type Locator, type Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.1 levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Marks the parts of the page a scan is limited to (removed after the scan). */
const SCOPE = 'data-e2e-axe-scope';

/**
 * Waits until nothing on the page says it is loading and no CSS transition or animation runs: a
 * dialog fading in, or the orders table dimmed while it still shows the previous customer's rows,
 * would confuse the contrast check. The load state alone does not say so after the app moved
 * within the page, since it was reached once when the document loaded.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      document.querySelector('[aria-busy="true"]') === null &&
      document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

type Axe = typeof axe;
interface Violation {
  id: string;
  impact: string | null | undefined;
  nodes: { target: string[]; failureSummary: string | undefined }[];
}

/**
 * Runs axe-core in the page itself, put there once per document. Not through
 * `@axe-core/playwright`'s builder: that one injects axe again for every scan, runs it in parts,
 * and opens a blank tab in the test's browser context to put the parts together, which took three
 * times as long as axe's own run (and a tab a test did not open is one more than the portal's
 * tab-counting sees). The portal has no frames, so axe's run over the document is the whole scan.
 * Only the violations come back, in the few fields printed.
 */
async function violationsOf(page: Page, include: string | null): Promise<Violation[]> {
  const present = await page.evaluate(
    () => typeof (window as unknown as { axe?: Axe }).axe?.run === 'function',
  );
  if (!present) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ include, tags }) => {
      const { axe } = window as unknown as { axe: Axe };
      const results = await axe.run(include === null ? document : { include: [include] }, {
        runOnly: { type: 'tag', values: tags },
      });
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.map((node) => ({
          target: node.target.map(String),
          failureSummary: node.failureSummary,
        })),
      }));
    },
    { include, tags: WCAG_TAGS },
  );
}

/**
 * Runs axe-core over the page as it is and fails (softly, so that one run lists every screen's
 * violations) on any violation, printed one node a line: rule, impact, element and axe's summary.
 *
 * `within` limits the scan to those parts of the page (each element every locator matches): what
 * changed since the whole page was scanned in the same test, such as a dialog opened over it or
 * the rows a selection marked. The rest was scanned as it still is, and axe's time grows with the
 * page: over the orders table's 100 rows a whole-page scan takes a second.
 */
export async function expectNoAxeViolations(
  page: Page,
  screen: string,
  { within }: { within?: Locator[] } = {},
): Promise<void> {
  await settled(page);
  if (within) {
    for (const part of within) {
      const marked = await part.evaluateAll((elements, attribute) => {
        for (const element of elements) element.setAttribute(attribute, '');
        return elements.length;
      }, SCOPE);
      expect(marked, `the part of ${screen} to scan is on the page`).toBeGreaterThan(0);
    }
  }
  let violations: Violation[];
  try {
    violations = await violationsOf(page, within ? `[${SCOPE}]` : null);
  } finally {
    if (within) {
      await page.evaluate((attribute) => {
        for (const element of document.querySelectorAll(`[${attribute}]`)) {
          element.removeAttribute(attribute);
        }
      }, SCOPE);
    }
  }
  const lines = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `  ${violation.id} (${violation.impact}) ${node.target.join(' ')}\n    ${node.failureSummary?.replaceAll('\n', '\n    ')}`,
    ),
  );
  if (lines.length > 0)
    console.log(`axe: ${screen}: ${lines.length} violation(s)\n${lines.join('\n')}`);
  expect.soft(lines, `axe violations on ${screen}`).toEqual([]);
}
