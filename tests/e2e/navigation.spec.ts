import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { PHONE } from './support/viewports';

const DESKTOP_ITEMS: { name: string; path: RegExp }[] = [
  { name: 'Leads', path: /\/leads$/ },
  { name: 'Activity', path: /\/dashboard$/ },
  { name: 'Clients', path: /\/clients$/ },
  { name: 'Referrals', path: /\/referrals$/ },
  { name: 'Insights', path: /\/insights$/ },
  { name: 'Data Sources', path: /\/data-sources$/ },
  { name: 'SMS Management', path: /\/outreach$/ },
  { name: 'Forms', path: /\/forms$/ },
  { name: 'Settings', path: /\/settings$/ },
];

test('every sidebar item opens its screen without a crash and is highlighted', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signUpViaApi(page);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(DESKTOP_ITEMS.map((i) => i.name));
  for (const item of DESKTOP_ITEMS) {
    const link = nav.getByRole('link', { name: item.name, exact: true });
    await link.click();
    await expect(page).toHaveURL(item.path);
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test('the older and alternative routes open the same screens', async ({ page }) => {
  await signUpViaApi(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [path, item] of [
    ['/', 'Leads'],
    ['/dashboard', 'Activity'],
    ['/sms', 'SMS Management'],
  ] as const) {
    await page.goto(path);
    await expect(nav.getByRole('link', { name: item, exact: true })).toHaveAttribute('aria-current', 'page');
  }
  await page.goto('/setup');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
});

test('a signed-in unknown path shows the 404 page with the path', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/nowhere/to-be-found');
  await expect(page.getByText('404 — Page not found')).toBeVisible();
  await expect(page.getByText('/nowhere/to-be-found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Leads' }).click();
  await expect(page.getByRole('heading', { name: 'Lead Management' })).toBeVisible();
});

test('badges show the new clients, new referrals and unread replies', async ({ page }) => {
  await signUpViaApi(page);
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  // The counters accept any of the reply shapes the list endpoints may give.
  await page.route('**/api/clients?new=true', (r) => r.fulfill({ json: [{ id: 1 }, { id: 2 }] }));
  await page.route('**/api/activities/replies?unread=true', (r) => r.fulfill({ json: { count: 3 } }));
  await page.route('**/api/referrals?new=true', (r) => r.fulfill({ json: { count: 4 } }));
  await page.goto('/leads');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /^Clients/ })).toContainText('2');
  await expect(nav.getByLabel('2 new')).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Referrals/ })).toContainText('4');
  await expect(nav.getByRole('link', { name: /^SMS Management/ })).toContainText('3');
  // The unread replies count exists: one poll feeds the SMS Management badge.
  expect(asked.filter((p) => p === '/api/activities/replies').length).toBeGreaterThan(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: PHONE.width, height: PHONE.height } });

  test('the slide-out menu shows the mobile items, Forms among them, and signs out', async ({ page }) => {
    const { name } = await signUpViaApi(page, { name: 'Pocket Pools' });
    await page.goto('/');
    await expect(page.getByRole('complementary')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByText(name)).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText(['Leads', 'Activity', 'Clients', 'Referrals', 'Insights', 'Data Sources', 'SMS Outreach', 'Forms', 'Settings']);

    await menu.getByRole('link', { name: 'Forms' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/forms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lead Capture Forms' })).toBeVisible();

    await page.getByRole('button', { name: 'Open menu' }).click();

    await menu.getByRole('link', { name: 'SMS Outreach' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/outreach$/);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('button', { name: 'Start Free' }).first()).toBeVisible();
  });
});
