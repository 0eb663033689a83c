import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Waits until no CSS transition or animation runs (a dialog fading in would confuse the contrast check). */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/**
 * Runs axe-core over the page as it is and fails (softly, so that one run lists every screen's
 * violations) on any violation, printed one node a line: rule, impact, element and axe's summary.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
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
