import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { axeBuilder } from './support/axe';

// Every built screen passes axe's WCAG 2 A/AA rules without a serious or critical finding, at desktop
// width and on a 375 px phone, and on the phone no screen scrolls sideways (every screen usable at 375 px).

type AxeResults = Awaited<ReturnType<ReturnType<typeof axeBuilder>['analyze']>>;

function describeViolations(violations: AxeResults['violations']): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    - ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    ... and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

/** Waits until loading skeletons are gone and finite animations have ended. */
async function settle(page: Page) {
  await expect(page.locator('.animate-pulse, [role="status"][aria-label="Loading"]')).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Runs axe on what is on screen; records serious/critical findings and, on a phone, sideways scrolling.
 * With a modal dialog open only the dialog is scanned: the page behind it is inert and was checked before.
 */
async function check(page: Page, screen: string, { dialog = false } = {}) {
  await settle(page);
  const axe = axeBuilder(page);
  if (dialog) axe.include('[role="dialog"]');
  const results = await axe.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // Compared as text so a failure reads as a list of rules and elements, not a JSON diff.
  expect.soft(describeViolations(bad), `axe found serious/critical issues on ${screen}`).toBe('');

  const width = page.viewportSize()?.width ?? 0;
  if (width <= 375) {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect.soft(scrollWidth, `${screen} scrolls sideways at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
  }
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function createClients(page: Page) {
  const clients = [
    { name: 'Olivia Brooks', email: 'olivia.brooks@example.com', phone: '(555) 201-1000', serviceDate: '2025-01-10', serviceType: 'Deep Clean', amount: 180 },
    { name: 'Liam Reed', email: 'liam.reed@example.com', phone: '(555) 201-1001', serviceDate: '2025-02-11', serviceType: 'Standard Clean', amount: 120 },
    { name: 'Emma Stone', email: 'emma.stone@example.com', phone: '(555) 201-1002', serviceDate: '2025-03-12', amount: 95.5 },
  ];
  for (const data of clients) {
    const res = await page.request.post('/api/clients', { data });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 800 },
]) {
  test.describe(`accessibility on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('signed-out screens: the landing page and its sign-up modal', async ({ page }) => {
      await page.goto('/');
      await expect(h1(page)).toBeVisible();
      await check(page, 'the landing page');

      await page.getByRole('banner').getByRole('button', { name: 'Start Free' }).click();
      await expect(page.getByRole('dialog', { name: 'Start Your Free Account' })).toBeVisible();
      await check(page, 'the landing signup modal', { dialog: true });
    });

    test('signed-out screens: sign-in, sign-up and the password pages', async ({ page }) => {
      for (const path of ['/login', '/signup', '/forgot-password', '/reset-password']) {
        await page.goto(path);
        await expect(page.getByRole('heading').first()).toBeVisible();
        await check(page, path);
      }

      await page.route('**/api/auth/verify-reset-token/**', (r) => r.fulfill({ json: { valid: true } }));
      await page.goto('/reset-password?token=a11y-check');
      await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
      await check(page, 'the reset password form');
    });

    test('signed-in screens: setup guide, leads and clients', async ({ page }) => {
      await signUpViaApi(page);
      await createClients(page);

      await page.goto('/setup-cleaning');
      await expect(page.getByRole('heading').first()).toBeVisible();
      await check(page, '/setup-cleaning');

      await page.goto('/leads');
      await expect(h1(page)).toBeVisible();
      await check(page, '/leads');

      await page.goto('/clients');
      await expect(h1(page)).toHaveText('Client Dashboard');
      // The table on a desktop, cards on a phone.
      const list = page.getByTestId(viewport.width <= 375 ? 'client-cards' : 'client-table');
      await expect(list.getByText('Olivia Brooks')).toBeVisible();
      await check(page, '/clients');
    });

    test('signed-in screens: the client dialogs', async ({ page }) => {
      await signUpViaApi(page);
      await createClients(page);
      await page.goto('/clients');
      const list = page.getByTestId(viewport.width <= 375 ? 'client-cards' : 'client-table');
      await expect(list.getByText('Olivia Brooks')).toBeVisible();

      await page.getByRole('button', { name: 'Add Client' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'the Add Client dialog', { dialog: true });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await list.getByRole('button', { name: 'Send thanks to Olivia Brooks' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'the Thanks dialog', { dialog: true });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await list.getByRole('button', { name: 'Send a gift to Olivia Brooks' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'the Gift dialog', { dialog: true });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await list.getByRole('button', { name: 'View details for Olivia Brooks' }).click();
      await expect(page.getByRole('dialog', { name: 'Olivia Brooks' }).getByTestId('client-bookings')).toBeVisible();
      await check(page, 'the client detail dialog', { dialog: true });
      await page.getByRole('dialog').getByRole('button', { name: 'Delete client' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete Olivia Brooks?' })).toBeVisible();
      await check(page, 'the delete client confirmation', { dialog: true });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Olivia Brooks' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('signed-in screens: data sources, the 404 page and the phone menu', async ({ page }) => {
      await signUpViaApi(page);
      // A refused upload in the history and a test webhook in the log.
      const refused = await page.request.post('/api/upload/csv', {
        multipart: { csv: { name: 'wrong-columns.csv', mimeType: 'text/csv', buffer: Buffer.from('Notes\n1\n') } },
      });
      expect(refused.status()).toBe(400);

      await page.goto('/data-sources');
      await expect(h1(page)).toHaveText('Data Sources');
      await expect(page.getByTestId('failed-upload')).toBeVisible();
      await check(page, '/data-sources (CSV Upload)');
      await page.getByRole('tab', { name: 'Zapier Integration' }).click();
      await expect(page.getByRole('tab', { name: 'Zapier Integration' })).toHaveAttribute('aria-selected', 'true');
      await page.getByRole('button', { name: 'Send Test' }).click();
      await expect(page.getByTestId('webhook-log').getByText('test', { exact: true })).toBeVisible();
      await check(page, '/data-sources (Zapier Integration)');

      await page.goto('/nowhere/to-be-found');
      await expect(page.getByText('404 — Page not found')).toBeVisible();
      await check(page, 'the 404 page');

      if (viewport.width <= 375) {
        await page.goto('/leads');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
        await check(page, 'the mobile menu', { dialog: true });
      }
    });
  });
}
