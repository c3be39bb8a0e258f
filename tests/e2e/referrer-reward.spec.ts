import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { addReferrer } from './support/referrals';
import { expectToast } from './support/toast';

// Both rewards are the owner's choice (docs/referrals.md, "The referrer's reward"): the setup guide and Settings
// ask the friend's and the referrer's; the public claim page promises the referrer only what the owner set.

test.use({ viewport: { width: 1280, height: 800 } });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Setup steps' });
const button = (page: Page, name: string) => nav(page).getByRole('button', { name, exact: true });
const counter = (page: Page) => page.getByTestId('setup-step-counter');

/** The friend's view of the claim page, signed out, at 1280 px. */
async function offer(browser: Browser, code: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const friend = await context.newPage();
  await friend.goto(`/refer?code=${code}`);
  await expect(friend.getByRole('heading', { level: 1, name: 'Isla I. sent you a reward' })).toBeVisible();
  const lines = await friend.locator('.offer').innerText();
  await context.close();
  return lines.replace(/\s+/g, ' ').trim();
}

test('the setup guide asks both rewards; the claim page promises the referrer only the one the owner set', async ({ page, browser }) => {
  await signUpViaApi(page, { name: 'Sparkle Cleaning Co' });
  const isla = await addReferrer(page, 'Isla Ingram', '(512) 555-2301');
  expect(await offer(browser, isla.referralCode)).toMatch(/^\$25 off your first (cleaning|service)$/);

  await page.goto('/setup');
  for (let n = 1; n <= 3; n += 1) {
    await expect(counter(page)).toHaveText(`Step ${n} of 6`, { timeout: 15_000 });
    await button(page, 'Skip').click();
  }
  await expect(counter(page)).toHaveText('Step 4 of 6');
  await expect(page.getByLabel('Referral reward')).toHaveValue('$25');
  const referrer = page.getByLabel('Reward for the client who referred them (optional)');
  await expect(referrer).toHaveValue('');
  await page.getByRole('button', { name: 'A free add-on service' }).click();
  await referrer.fill('A $10 gift card');
  await button(page, 'Continue').click();
  await expect(counter(page)).toHaveText('Step 5 of 6');
  const saved = await (await page.request.get('/api/outreach/settings')).json();
  expect(saved).toMatchObject({ referralDiscount: 'A free add-on service', referrerReward: 'A $10 gift card' });
  expect(await offer(browser, isla.referralCode)).toMatch(/^A free add-on service for your first (cleaning|service), and Isla I\. gets a \$10 gift card too when you book\.$/);
  await button(page, 'Skip').click();
  await expect(page.getByRole('list', { name: 'Setup summary' })).toContainText('A free add-on service; your client gets a $10 gift card');
});

test('Settings shows and edits the referrer reward; cleared, the claim page promises the referrer nothing', async ({ page, browser }) => {
  await signUpViaApi(page, { name: 'Sparkle Cleaning Co' });
  const isla = await addReferrer(page, 'Isla Ingram', '(512) 555-2302');
  await page.goto('/settings');
  const templates = page.getByRole('region', { name: 'SMS Message Templates' });
  await expect(templates.getByText('Referrer Reward')).toBeVisible({ timeout: 20_000 });
  await expect(templates.locator('dd').nth(1)).toHaveText('Not set');

  await templates.getByRole('button', { name: 'Edit SMS Message Templates' }).click();
  await templates.getByLabel('Referrer Reward').fill('$25');
  await templates.getByRole('button', { name: 'Save SMS Message Templates' }).click();
  await expectToast(page, 'SMS templates saved');
  await expect(templates.locator('dd').nth(1)).toHaveText('$25');
  expect(await offer(browser, isla.referralCode)).toMatch(/^\$25 off your first (cleaning|service) and Isla I\. gets \$25 off too when you book\.$/);

  await templates.getByRole('button', { name: 'Edit SMS Message Templates' }).click();
  await expect(templates.getByLabel('Referrer Reward')).toHaveValue('$25');
  await templates.getByLabel('Referrer Reward').fill('');
  await templates.getByRole('button', { name: 'Save SMS Message Templates' }).click();
  await expect(templates.locator('dd').nth(1)).toHaveText('Not set');
  expect((await (await page.request.get('/api/outreach/settings')).json()).referrerReward).toBeNull();
  expect(await offer(browser, isla.referralCode)).toMatch(/^\$25 off your first (cleaning|service)$/);
});
