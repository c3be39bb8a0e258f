import { axeCheck } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, uniqueEmail } from './support/accounts';
import { expectToast } from './support/toast';
import { DESKTOP, PHONE } from './support/viewports';

// Settings (spec part 2 "Settings", docs/settings.md): each section's Edit, Save and Cancel with the spec's
// messages and toasts, the webhook's copy and regenerate, the help link, and deleting the account. At desktop
// width and on a phone, with axe's WCAG 2 A/AA rules.


const REVIEW_MESSAGE =
  'Please enter a valid Google review link starting with https://g.page/r/, https://g.page/, https://www.google.com/maps/ or https://search.google.com/local/writereview';

async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Edit Business Profile' })).toBeVisible();
}

const section = (page: Page, title: string) => page.getByRole('region', { name: title });

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`Settings on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('shows the sections in the spec order; the account is Active on the Free Plan with its free texts; the help link fits the device', async ({ page }) => {
      await signUpViaApi(page, { name: 'Order Check Cleaning' });
      await openSettings(page);
      const titles = await page.getByRole('region').locator('h2').allTextContents();
      expect(titles).toEqual(['Business Profile', 'Account Information', 'SMS Message Templates', 'Google Review Link', 'Webhook', 'Notifications', 'Team', 'Activity', 'Your sessions', 'Password', 'Danger Zone']);
      const account = section(page, 'Account Information');
      await expect(account.getByText('Active')).toBeVisible();
      await expect(account.getByText('Free Plan')).toBeVisible();
      await expect(account.getByText('0 of 100 free messages used (100 left)')).toBeVisible();
      if (viewport.name === 'desktop') {
        await expect(account.getByRole('link', { name: /Email support/ })).toHaveAttribute('href', /^mailto:support@referloop\.local\?/);
        await expect(account.getByRole('link', { name: /Call support/ })).toHaveCount(0);
      } else {
        await expect(account.getByRole('link', { name: /Call support/ })).toHaveAttribute('href', 'tel:+15550100100');
        await expect(account.getByRole('link', { name: /Email support/ })).toHaveCount(0);
      }
      await axeCheck(page, `Settings on ${viewport.name}`);
      await page.screenshot({ path: `.cache/settings-${viewport.name}.png`, fullPage: true });
    });

    test('Business Profile: validation messages, Cancel puts the saved values back, Save updates the sidebar and survives a reload', async ({ page }) => {
      const owner = await signUpViaApi(page, { name: 'Profile Cleaning' });
      await openSettings(page);
      const profile = section(page, 'Business Profile');
      await profile.getByRole('button', { name: 'Edit Business Profile' }).click();
      await profile.getByLabel('Business Name').fill('');
      await profile.getByLabel('Email').fill('not-an-email');
      await profile.getByLabel('Website').fill('http://insecure.example.com');
      await profile.getByRole('button', { name: 'Save Business Profile' }).click();
      await expect(profile.getByText('Business name is required')).toBeVisible();
      await expect(profile.getByText('Invalid email address')).toBeVisible();
      await expect(profile.getByText('Website URL must be a valid HTTPS URL (e.g., https://www.example.com)')).toBeVisible();
      await axeCheck(page, `Business Profile errors on ${viewport.name}`);

      await profile.getByRole('button', { name: 'Cancel editing Business Profile' }).click();
      await expect(profile.getByText('Profile Cleaning')).toBeVisible();
      await expect(profile.getByText(owner.email)).toBeVisible();
      await profile.getByRole('button', { name: 'Edit Business Profile' }).click();
      await expect(profile.getByLabel('Business Name')).toHaveValue('Profile Cleaning');
      await expect(profile.getByLabel('Website')).toHaveValue('');

      // An e-mail another account has is refused by the server with its message.
      const other = uniqueEmail('taken');
      const res = await page.request.post('/api/auth/signup', { data: { name: 'Other', email: other, password: 'secret123', confirmPassword: 'secret123' }, headers: { cookie: '' } });
      expect(res.status()).toBe(201);
      await page.request.post('/api/auth/login', { data: { email: owner.email, password: owner.password } });
      await profile.getByLabel('Email').fill(other.toUpperCase());
      await profile.getByRole('button', { name: 'Save Business Profile' }).click();
      await expectToast(page, 'Update failed', 'Another account already uses this email address');

      const newEmail = uniqueEmail('renamed');
      await profile.getByLabel('Business Name').fill('Sparkle & Shine');
      await profile.getByLabel('Email').fill(newEmail);
      await profile.getByLabel('Website').fill('https://www.sparkle.example.com');
      await profile.getByLabel('Time Zone').fill('denver');
      await page.getByRole('option', { name: /Mountain Time — Denver/ }).click();
      await profile.getByRole('button', { name: 'Save Business Profile' }).click();
      await expectToast(page, 'Profile updated');
      await expect(profile.getByRole('button', { name: 'Edit Business Profile' })).toBeVisible();
      await expect(profile.getByText('Sparkle & Shine')).toBeVisible();
      await expect(profile.getByRole('link', { name: 'https://www.sparkle.example.com' })).toBeVisible();
      await expect(profile.getByText('Mountain Time — Denver')).toBeVisible();
      if (viewport.name === 'desktop') await expect(page.getByRole('complementary').getByText(newEmail)).toBeVisible();
      await page.reload();
      await expect(section(page, 'Business Profile').getByText(newEmail)).toBeVisible({ timeout: 20_000 });
    });

    // The same elements at every width: desktop only (support/viewports.ts).
    if (viewport.name === 'desktop') test('SMS Message Templates and Google Review Link: messages, Cancel, Save', async ({ page }) => {
      await signUpViaApi(page, { name: 'Templates Cleaning' });
      await openSettings(page);
      const templates = section(page, 'SMS Message Templates');
      await templates.getByRole('button', { name: 'Edit SMS Message Templates' }).click();
      await templates.getByLabel('Referral Discount').fill('');
      await templates.getByLabel('Thank You Message').fill('Thanks!');
      await templates.getByRole('button', { name: 'Save SMS Message Templates' }).click();
      await expect(templates.getByText('Referral discount is required')).toBeVisible();
      await expect(templates.getByText('Thank you message must be at least 10 characters')).toBeVisible();
      await templates.screenshot({ path: `.cache/settings-templates-editing-${viewport.name}.png` });
      await templates.getByRole('button', { name: 'Cancel editing SMS Message Templates' }).click();
      await expect(templates.getByText('$25', { exact: true })).toBeVisible();
      await templates.getByRole('button', { name: 'Edit SMS Message Templates' }).click();
      await templates.getByLabel('Referral Discount').fill('$30');
      await templates.getByLabel('Thank You Message').fill('Thank you {clientName}! Share {referralLink} for {referralDiscount} off.');
      await templates.getByRole('button', { name: 'Save SMS Message Templates' }).click();
      await expectToast(page, 'SMS templates saved');
      await expect(templates.getByText('$30', { exact: true })).toBeVisible();
      await expect(templates.getByText('Thank you {clientName}! Share {referralLink} for {referralDiscount} off.')).toBeVisible();

      const review = section(page, 'Google Review Link');
      await expect(review.getByText('Not set')).toBeVisible();
      await review.getByRole('button', { name: 'Edit Google Review Link' }).click();
      await review.getByRole('textbox', { name: 'Google Review Link' }).fill('https://example.com/review-us');
      await review.getByRole('button', { name: 'Save Google Review Link' }).click();
      await expect(review.getByText(REVIEW_MESSAGE)).toBeVisible();
      await review.getByRole('button', { name: 'Cancel editing Google Review Link' }).click();
      await expect(review.getByText('Not set')).toBeVisible();
      await review.getByRole('button', { name: 'Edit Google Review Link' }).click();
      await expect(review.getByRole('textbox', { name: 'Google Review Link' })).toHaveValue('');
      await review.getByRole('textbox', { name: 'Google Review Link' }).fill('https://g.page/r/templates-cleaning/review');
      await review.getByRole('button', { name: 'Save Google Review Link' }).click();
      await expectToast(page, 'Review Link Saved');
      await expect(review.getByRole('link', { name: 'https://g.page/r/templates-cleaning/review' })).toBeVisible();
      // One stored value: the SMS settings read the same link, and the templates kept theirs.
      const outreach = await (await page.request.get('/api/outreach/settings')).json();
      expect(outreach).toMatchObject({ googleReviewLink: 'https://g.page/r/templates-cleaning/review', referralDiscount: '$30' });
      await axeCheck(page, `Settings after saving on ${viewport.name}`);
    });

    // The same elements at every width: desktop only (support/viewports.ts).
    if (viewport.name === 'desktop') test('Webhook: Active, Copy says Copied! for 2 s, Regenerate after a confirmation stops the old URL', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signUpViaApi(page, { name: 'Webhook Cleaning' });
      await openSettings(page);
      const webhook = section(page, 'Webhook');
      await expect(webhook.getByText('Active')).toBeVisible();
      const field = webhook.getByLabel('Your webhook URL');
      await expect(field).toHaveValue(/\/api\/webhook\/[\w-]+$/);
      const oldUrl = await field.inputValue();
      await webhook.getByRole('button', { name: 'Copy' }).click();
      await expect(webhook.getByRole('button', { name: 'Copied!' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldUrl);
      await expect(webhook.getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 4000 });

      // Cancel in the confirmation changes nothing.
      await webhook.getByRole('button', { name: 'Regenerate URL' }).click();
      const dialog = page.getByRole('dialog', { name: 'Regenerate your webhook URL?' });
      await expect(dialog).toBeVisible();
      await axeCheck(page, `Regenerate confirmation on ${viewport.name}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(field).toHaveValue(oldUrl);

      await webhook.getByRole('button', { name: 'Regenerate URL' }).click();
      await dialog.getByRole('button', { name: 'Regenerate', exact: true }).click();
      await expectToast(page, 'Webhook URL regenerated');
      await expect(field).not.toHaveValue(oldUrl);
      const newUrl = await field.inputValue();
      const payload = { client_name: 'Hook Client', client_email: 'hook@example.com', appointment_date: '2025-02-03', status: 'Completed' };
      expect((await page.request.post(oldUrl, { data: payload })).status()).toBe(404);
      expect((await page.request.post(newUrl, { data: payload })).status()).toBe(200);
    });

    // The same elements at every width: desktop only (support/viewports.ts).
    if (viewport.name === 'desktop') test('Danger Zone: the app\'s dialog asks for the business name; deleting signs out to the landing page; the data is gone; the e-mail can sign up again', async ({ page }) => {
      const owner = await signUpViaApi(page, { name: 'Doomed Cleaning' });
      const added = await page.request.post('/api/clients', { data: { name: 'Carla Client', email: 'carla@example.com', phone: '5125550142', serviceDate: '2025-03-01', amount: 80 } });
      expect(added.status(), await added.text()).toBe(201);
      await openSettings(page);
      const danger = section(page, 'Danger Zone');
      let browserDialogs = 0;
      page.on('dialog', (d) => {
        browserDialogs++;
        void d.dismiss();
      });

      // Cancel keeps everything.
      await danger.getByRole('button', { name: 'Delete Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('cannot be undone');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      expect((await page.request.get('/api/auth/me')).status()).toBe(200);

      // The button waits for the business name (case aside); a wrong name deletes nothing.
      await danger.getByRole('button', { name: 'Delete Account' }).click();
      const confirm = dialog.getByRole('button', { name: 'Delete Account' });
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel('Type Doomed Cleaning to confirm').fill('Doomed');
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel('Type Doomed Cleaning to confirm').press('Enter');
      expect((await page.request.get('/api/auth/me')).status()).toBe(200);
      await dialog.getByLabel('Type Doomed Cleaning to confirm').fill('doomed cleaning');
      await expect(confirm).toBeEnabled();
      await confirm.click();
      await expect(page.getByRole('button', { name: 'Start Free' }).first()).toBeVisible({ timeout: 20_000 });
      await expectToast(page, 'Account deleted');
      expect(browserDialogs).toBe(0);
      await expect(page).toHaveURL(/\/$/);
      expect((await page.request.get('/api/auth/me')).status()).toBe(401);
      await page.goto('/settings');
      await expect(page.getByRole('button', { name: 'Start Free' }).first()).toBeVisible({ timeout: 20_000 });

      const again = await page.request.post('/api/auth/signup', { data: { name: 'Fresh Start Cleaning', email: owner.email, password: 'secret123', confirmPassword: 'secret123' } });
      expect(again.status(), await again.text()).toBe(201);
      const clients = await (await page.request.get('/api/clients')).json();
      expect(clients.total ?? clients.clients?.length ?? clients.length).toBe(0);
    });
  });
}

test('when the server fails, each section says so with the spec fallbacks and keeps what was typed', async ({ page }) => {
  await signUpViaApi(page, { name: 'Failing Cleaning' });
  await openSettings(page);
  await page.route('**/api/business/profile', (route) => (route.request().method() === 'PATCH' ? route.fulfill({ status: 500, body: '' }) : route.continue()));
  await page.route('**/api/outreach/settings', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.continue()));
  await page.route('**/api/business/settings', (route) => route.fulfill({ status: 500, body: '' }));
  await page.route('**/api/business/account', (route) => route.fulfill({ status: 500, body: '' }));

  const profile = section(page, 'Business Profile');
  await profile.getByRole('button', { name: 'Edit Business Profile' }).click();
  await profile.getByLabel('Business Name').fill('Renamed Cleaning');
  await profile.getByRole('button', { name: 'Save Business Profile' }).click();
  await expectToast(page, 'Update failed', 'Failed to update profile');
  await expect(profile.getByLabel('Business Name')).toHaveValue('Renamed Cleaning');

  const templates = section(page, 'SMS Message Templates');
  await templates.getByRole('button', { name: 'Edit SMS Message Templates' }).click();
  await templates.getByRole('button', { name: 'Save SMS Message Templates' }).click();
  await expectToast(page, 'Update failed', 'Failed to update SMS settings');

  const review = section(page, 'Google Review Link');
  await review.getByRole('button', { name: 'Edit Google Review Link' }).click();
  await review.getByRole('textbox', { name: 'Google Review Link' }).fill('https://g.page/r/failing/review');
  await review.getByRole('button', { name: 'Save Google Review Link' }).click();
  await expectToast(page, 'Save Failed', 'Failed to save Google review link');
  await expect(review.getByRole('textbox', { name: 'Google Review Link' })).toHaveValue('https://g.page/r/failing/review');

  await section(page, 'Danger Zone').getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Type Failing Cleaning to confirm').fill('Failing Cleaning');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expectToast(page, 'Delete failed', 'Failed to delete account.');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
});
