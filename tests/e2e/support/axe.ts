import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe for the WCAG 2 A/AA rules, as every browser test runs it. */
export const axeBuilder = (page: Page) => new AxeBuilder({ page }).withTags(WCAG_TAGS);

/**
 * Once the skeletons are gone: no serious or critical axe violation of the WCAG 2 A/AA rules, and nothing
 * wider than the viewport (soft checks, so one screen's findings don't hide the next's). `include`: scan only that part
 * (an open dialog).
 */
export async function axeCheck(page: Page, what: string, include?: string) {
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  // Colours are checked at rest: the pointer leaves whatever it last clicked (a button that becomes the next
  // step's button under it is otherwise measured halfway through its hover transition), and running
  // transitions end first.
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
  const builder = axeBuilder(page);
  const results = await (include ? builder.include(include) : builder).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect.soft(bad.map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n'), `axe on ${what}`).toBe('');
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect.soft(scrollWidth, `${what} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}
