import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail, openSignIn } from './support/accounts';
import { toastWith } from './support/toast';

// Spec part 1 §4 and §9: one toast at a time, shown 5000 ms, swiped right by 50 px to dismiss, F8 focuses them.

const openToasts = (page: Page) => page.locator('ol > li[data-state="open"]');

async function failLogin(page: Page) {
  await openSignIn(page);
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const toast = toastWith(page, 'Login failed');
  await expect(toast).toBeVisible();
  return toast;
}

test('shows one toast at a time: a newer one replaces the older', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Start Free' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start Your Free Account' });
  // Everything but the name, with a short password: two different failures a moment apart.
  await dialog.getByLabel('Email').fill(uniqueEmail('toast'));
  await dialog.getByLabel('Phone').fill('(512) 555-0100');
  await dialog.getByLabel('Business name').fill('Toast Cleaning');
  await dialog.getByLabel('Business type').click();
  await page.getByRole('option', { name: 'Cleaning Services' }).click();
  await dialog.getByLabel('Password', { exact: true }).fill('123');
  await dialog.getByLabel('Confirm password').fill('123');
  await dialog.getByRole('button', { name: 'Start My Free Account' }).click();
  await expect(toastWith(page, 'Please fill in all fields')).toBeVisible();

  await dialog.getByLabel('Your name').fill('Dana Owner');
  await dialog.getByRole('button', { name: 'Start My Free Account' }).click();
  await expect(toastWith(page, 'Password too short')).toBeVisible();
  // Counted at once, not retried: the older toast would close by itself within the retry window.
  expect(await openToasts(page).count()).toBe(1);
  expect(await toastWith(page, 'Please fill in all fields').count()).toBe(0);
});

test('a toast closes by itself after 5 seconds', async ({ page }) => {
  // The page's clock stands still and is moved by hand in 50 ms steps until the toast shows, so it
  // opened within the last step: still open 4.9 s later, closed 5.1 s later, however busy the machine.
  await page.clock.install();
  await openSignIn(page);
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill('wrong-password');
  await page.mouse.move(0, 0);
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await page.getByRole('button', { name: 'Sign In' }).click();
  const toast = toastWith(page, 'Login failed');
  await expect(async () => {
    if (!(await toast.isVisible())) await page.clock.runFor(50);
    expect(await toast.isVisible()).toBe(true);
  }).toPass({ intervals: [0] });
  await page.clock.runFor(4900);
  await expect(toast).toBeVisible();
  await page.clock.runFor(200);
  await expect(toast).toBeHidden();
});

test('swiping a toast right dismisses it', async ({ page }) => {
  const toast = await failLogin(page);
  const box = (await toast.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let dx = 10; dx <= 120; dx += 10) await page.mouse.move(box.x + 20 + dx, y);
  await page.mouse.up();
  await expect(toast).toBeHidden({ timeout: 1500 });
});

test('F8 moves the keyboard focus to the toasts', async ({ page }) => {
  await failLogin(page);
  await page.keyboard.press('F8');
  const focusedInRegion = await page.evaluate(() => !!document.activeElement?.closest('[aria-label^="Notifications"]'));
  expect(focusedInRegion).toBe(true);
});
