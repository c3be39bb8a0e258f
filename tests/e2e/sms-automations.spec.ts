import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { chooseNumberViaApi } from './support/sms';
import { expectToast } from './support/toast';
import { DESKTOP } from './support/viewports';

// The automated texts: the Setup tab's switches and cool-downs, saved through
// POST /api/outreach/settings, and the texts they schedule shown above Message History. The app runs with
// SMS_SEND_WINDOW=off, so the thank-you goes out at once whatever the hour.


const card = (page: Page) => page.getByTestId('sms-automations');
const reviewSwitch = (page: Page) => card(page).getByRole('switch', { name: 'Review request' });

async function openTab(page: Page, tab: 'setup' | 'history') {
  await page.goto(`/outreach?tab=${tab}`);
  await expect(page.getByRole('heading', { level: 1, name: 'SMS Management' })).toBeVisible({ timeout: 20_000 });
}

/** Today in the business's time zone (new businesses: America/New_York). */
const todayInNewYork = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());

// One width: this screen renders the same elements on a phone (support/viewports.ts).
for (const viewport of [DESKTOP]) {
  test(`on ${viewport.name}: the review request is turned on, saved, and still on after a reload`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUpViaApi(page);
    await chooseNumberViaApi(page);
    await openTab(page, 'setup');

    await expect(card(page).getByRole('switch', { name: 'Thank-you after a booking' })).toHaveAttribute('aria-checked', 'true');
    await expect(card(page).getByRole('switch', { name: 'Referral follow-up' })).toHaveAttribute('aria-checked', 'true');
    await expect(reviewSwitch(page)).toHaveAttribute('aria-checked', 'false');
    await expect(card(page).getByRole('button', { name: 'Save automations' })).toBeDisabled();

    await reviewSwitch(page).click();
    await expect(reviewSwitch(page)).toHaveAttribute('aria-checked', 'true');
    await expect(card(page).getByTestId('review-link-missing')).toBeVisible();
    // A review cool-down under 180 days is refused with the server's own sentence, and cannot be saved.
    const reviewDays = card(page).getByLabel('Review request: cool-down in days');
    await reviewDays.fill('90');
    await expect(card(page).getByRole('alert')).toHaveText('Review requests go to a client at most once every 180 days: enter 180 to 365');
    await expect(card(page).getByRole('button', { name: 'Save automations' })).toBeDisabled();
    await reviewDays.fill('200');
    await page.screenshot({ path: test.info().outputPath(`automations-${viewport.name}.png`), fullPage: true });

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/outreach/settings') && r.request().method() === 'POST');
    await card(page).getByRole('button', { name: 'Save automations' }).click();
    expect((await saved).status()).toBe(200);
    await expectToast(page, 'Automations saved');

    await page.reload();
    await expect(reviewSwitch(page)).toHaveAttribute('aria-checked', 'true', { timeout: 20_000 });
    await expect(card(page).getByLabel('Review request: cool-down in days')).toHaveValue('200');
  });
}

test('a new booking: the thank-you shows in Message History once sent, the review request under Scheduled for tomorrow', async ({ page }) => {
  await signUpViaApi(page);
  await chooseNumberViaApi(page);
  const current = await (await page.request.get('/api/outreach/settings')).json();
  const saved = await page.request.post('/api/outreach/settings', {
    data: { ...current, googleReviewLink: 'https://g.page/r/sparkle/review', autoMessageSettings: { autoSendReview: true } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const added = await page.request.post('/api/clients', {
    data: { name: 'Maya Fresh', email: 'maya.fresh@example.com', phone: '(512) 555-0188', serviceDate: todayInNewYork(), amount: 140 },
  });
  expect(added.status(), await added.text()).toBe(201);

  // The thank-you goes within a few seconds (paced; no quiet hours here): then it is history, not scheduled.
  await expect
    .poll(async () => (await (await page.request.get('/api/sms/messages')).json()).messages.length, { timeout: 15_000 })
    .toBe(1);

  await openTab(page, 'history');
  const scheduled = page.getByTestId('scheduled-texts');
  await expect(scheduled.getByRole('heading', { name: /Scheduled/ })).toBeVisible();
  const review = scheduled.getByTestId('scheduled-row').filter({ hasText: 'Review request' });
  await expect(review).toContainText('To Maya Fresh');
  await expect(review).toContainText('Tomorrow');
  await expect(page.locator('[data-testid="history-row"][data-direction="outbound"]').filter({ hasText: 'Hi Maya' })).toBeVisible();
  await expect(scheduled.getByTestId('scheduled-row')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('scheduled-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('scheduled-phone.png'), fullPage: true });
});
