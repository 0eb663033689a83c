import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 levels A and AA (issue 23). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Waits until no CSS transition or animation runs (a dialog fading in would confuse the contrast check). */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/**
 * Violations known and owned elsewhere, printed but not failing. Each names the rule and a piece of
 * the element's HTML; remove the entry once its fix is in.
 * - The orders filter panel's date pickers: `aria-label="受注日（開始）"` on a button that shows the
 *   chosen date (WCAG 2.5.3); fix in web/src/features/orders/components/filter-panel.tsx (a visually
 *   hidden `label` instead of `aria-label`), then drop this entry.
 */
const KNOWN_VIOLATIONS: { rule: string; html: string }[] = [
  { rule: 'label-content-name-mismatch', html: 'aria-label="受注日（' },
];

const isKnown = (rule: string, html: string) =>
  KNOWN_VIOLATIONS.some((known) => known.rule === rule && html.includes(known.html));

/**
 * Runs axe-core over the page as it is and fails (softly, so that one run lists every screen's
 * violations) on any violation, printed one node a line: rule, impact, element and axe's summary.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const known = violations.flatMap((violation) =>
    violation.nodes
      .filter((node) => isKnown(violation.id, node.html))
      .map((node) => `  ${violation.id} ${node.target.join(' ')} (known, see KNOWN_VIOLATIONS)`),
  );
  if (known.length > 0) console.log(`axe: ${screen}: known, not failing:\n${known.join('\n')}`);
  const lines = violations.flatMap((violation) =>
    violation.nodes
      .filter((node) => !isKnown(violation.id, node.html))
      .map(
        (node) =>
          `  ${violation.id} (${violation.impact}) ${node.target.join(' ')}\n    ${node.failureSummary?.replaceAll('\n', '\n    ')}`,
      ),
  );
  if (lines.length > 0)
    console.log(`axe: ${screen}: ${lines.length} violation(s)\n${lines.join('\n')}`);
  expect.soft(lines, `axe violations on ${screen}`).toEqual([]);
}
