import { axeCheck } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import type { ConversionItem, PendingReferralItem } from '../../src/shared/schemas/referrals';
import { signUpViaApi } from './support/accounts';
import { addReferrer, bookFriend, claimReferral, type Friend } from './support/referrals';
import { chooseNumberViaApi } from './support/sms';
import { expectToast, toastWith } from './support/toast';
import { DESKTOP } from './support/viewports';

// The Activity Dashboard's referral parts (spec part 1): the Pending Referrals card, Recent Conversions with a
// Reward Given checkbox that is saved, Pending Referrals with Follow Up (its two toasts, disabled without a
// phone), days since shared and "+N more pending". Real claims on desktop; the list shapes the public claim
// cannot make (a friend without a phone, more than 5 pending) are answered by the test.


async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Dashboard' })).toBeVisible({ timeout: 20_000 });
}

const pendingCard = (page: Page) => page.getByText('Pending Referrals', { exact: true }).first().locator('..');
const conversions = (page: Page) => page.getByTestId('conversion-item');
const pending = (page: Page) => page.getByTestId('pending-referral');

test('a friend claims, another books: the card, the conversion with its saved Reward Given, Follow Up refused then sent', async ({ page }) => {
  await signUpViaApi(page);
  const olivia = await addReferrer(page, 'Olivia Brooks', '(512) 555-2101');
  const emma: Friend = { name: 'Emma Stone', email: 'emma.stone@example.com', phone: '(512) 555-3201' };
  const noah: Friend = { name: 'Noah Park', email: 'noah.park@example.com', phone: '(512) 555-3202' };
  await claimReferral(page, olivia.referralCode, emma);
  await claimReferral(page, olivia.referralCode, noah);
  await bookFriend(page, emma);

  await openDashboard(page);
  await expect(pendingCard(page)).toContainText('1');
  await expect(conversions(page)).toHaveCount(1);
  const emmaItem = conversions(page).first();
  await expect(emmaItem).toContainText('Emma Stone');
  await expect(emmaItem).toContainText(`Referred by Olivia Brooks (${olivia.referralCode})`);
  const given = emmaItem.getByRole('checkbox', { name: 'Reward Given' });
  await expect(given).not.toBeChecked();
  await expect(emmaItem.getByTestId('reward-state')).toHaveText('$25 owed to Olivia Brooks');

  await expect(pending(page)).toHaveCount(1);
  const noahItem = pending(page).first();
  await expect(noahItem).toContainText('Noah Park');
  await expect(noahItem).toContainText('(512) 555-3202');
  await expect(noahItem.getByTestId('days-since-shared')).toHaveText('Shared today');
  await expect(page.getByTestId('pending-more')).toHaveCount(0);
  await axeCheck(page, 'the dashboard with a conversion and a pending referral');

  // Reward Given is saved: it stays ticked after a reload, with the day it was marked.
  const saved = page.waitForResponse((r) => r.url().includes('/reward') && r.request().method() === 'PUT');
  await given.click();
  expect((await saved).status()).toBe(200);
  await expect(given).toBeChecked();
  await expect(emmaItem.getByTestId('reward-state')).toHaveText(/^\$25 given to Olivia Brooks on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await page.reload();
  await expect(conversions(page).first().getByRole('checkbox', { name: 'Reward Given' })).toBeChecked();
  // And unticked, saved too.
  await conversions(page).first().getByRole('checkbox', { name: 'Reward Given' }).click();
  await expect(conversions(page).first().getByTestId('reward-state')).toHaveText('$25 owed to Olivia Brooks');
  await page.reload();
  await expect(conversions(page).first().getByRole('checkbox', { name: 'Reward Given' })).not.toBeChecked();

  // Without a business number the reminder is refused: the toast carries the server's reason.
  const refused = page.waitForResponse((r) => r.url().includes('/api/referrals/send-reminder/'));
  await pending(page).first().getByRole('button', { name: 'Follow Up with Noah Park' }).click();
  const refusal = await refused;
  expect(refusal.status()).toBeGreaterThanOrEqual(400);
  const { message } = await refusal.json();
  await expectToast(page, 'Failed to send reminder', message);
  await expect(pending(page).first()).not.toContainText('Reminded');

  await chooseNumberViaApi(page);
  await pending(page).first().getByRole('button', { name: 'Follow Up with Noah Park' }).click();
  await expectToast(page, 'Reminder sent successfully');
  await expect(toastWith(page, 'Failed to send reminder')).toHaveCount(0);
  await expect(pending(page).first()).toContainText('Reminded just now');
});

const DAY = 86_400_000;
const referrer = { id: 1, name: 'Olivia Brooks' };
const pendingItem = (id: number, name: string, phone: string | null, days: number): PendingReferralItem => ({
  id,
  refereeName: name,
  refereePhone: phone,
  refereeEmail: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  referrerCode: 'OLIVIA-7K2Q',
  referrerClient: referrer,
  daysSinceShared: days,
  createdAt: new Date(Date.now() - days * DAY).toISOString(),
  lastReminderAt: null,
  flagReason: null,
  agreedToTexts: true,
});
const conversion = (id: number, name: string, given: boolean): ConversionItem => ({
  id,
  refereeName: name,
  referrerClient: referrer,
  referrerCode: 'OLIVIA-7K2Q',
  convertedAt: new Date(Date.now() - id * DAY).toISOString(),
  bookedOn: null,
  revenue: null,
  referralReward: { rewardAmount: '$25', rewardGiven: given, markedAt: given ? new Date().toISOString() : null },
});

// One width: this screen renders the same elements on a phone (support/viewports.ts).
for (const viewport of [DESKTOP]) {
  test.describe(`on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('five pending of eight: "+3 more pending", days since shared, Follow Up disabled without a phone; ten conversions', async ({ page }) => {
      await signUpViaApi(page);
      const five = [
        pendingItem(101, 'Ben Okafor', null, 19),
        pendingItem(102, 'Chloe Martin', '+15125553530', 1),
        pendingItem(103, 'Diego Santos', '+15125553583', 4),
        pendingItem(104, 'Emma Kowalski', '+15125553636', 6),
        { ...pendingItem(105, 'Felix Grant', '+15125553689', 0), flagReason: '4th claim from the same internet address within 24 hours' },
      ];
      await page.route('**/api/activities/pending-referrals', (r) => r.fulfill({ json: { referrals: five, total: 8 } }));
      await page.route('**/api/activities/conversions', (r) =>
        r.fulfill({ json: Array.from({ length: 10 }, (_, i) => conversion(i + 1, `Friend ${i + 1}`, i % 2 === 0)) }),
      );
      await openDashboard(page);

      await expect(pendingCard(page)).toContainText('8');
      await expect(pending(page)).toHaveCount(5);
      await expect(page.getByTestId('pending-more')).toContainText('+3 more pending');
      const ben = pending(page).filter({ hasText: 'Ben Okafor' });
      await expect(ben.getByRole('button', { name: 'Follow Up with Ben Okafor' })).toBeDisabled();
      await expect(ben).toContainText('No phone number to text');
      await expect(ben.getByTestId('days-since-shared')).toHaveText('Shared 19 days ago');
      await expect(pending(page).filter({ hasText: 'Chloe Martin' }).getByTestId('days-since-shared')).toHaveText('Shared 1 day ago');
      await expect(pending(page).filter({ hasText: 'Felix Grant' }).getByTestId('days-since-shared')).toHaveText('Shared today');
      await expect(pending(page).filter({ hasText: 'Felix Grant' }).getByTestId('flag-reason')).toHaveText(
        'Flagged for review: 4th claim from the same internet address within 24 hours',
      );
      await expect(pending(page).getByTestId('flag-reason')).toHaveCount(1);
      await expect(pending(page).filter({ hasText: 'Chloe Martin' }).getByRole('button', { name: 'Follow Up with Chloe Martin' })).toBeEnabled();

      await expect(conversions(page)).toHaveCount(10);
      await expect(conversions(page).first().getByRole('checkbox', { name: 'Reward Given' })).toBeChecked();
      await expect(conversions(page).nth(1).getByRole('checkbox', { name: 'Reward Given' })).not.toBeChecked();
      await axeCheck(page, `the referral panels on ${viewport.name}`);

      await page.getByRole('link', { name: 'See all in the Referral Tracker' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Referral Tracker' })).toBeVisible();
    });

    test('a Reward Given the server refuses stays as it was, with the reason', async ({ page }) => {
      await signUpViaApi(page);
      await page.route('**/api/activities/conversions', (r) => r.fulfill({ json: [conversion(7, 'Grace Liu', false)] }));
      await page.route('**/api/referrals/7/reward', (r) => r.fulfill({ status: 404, json: { message: 'Referral not found' } }));
      await openDashboard(page);
      const box = conversions(page).first().getByRole('checkbox', { name: 'Reward Given' });
      await box.click();
      await expectToast(page, 'Failed to save reward', 'Referral not found');
      await expect(box).not.toBeChecked();
      await expect(box).toBeEnabled();
    });
  });
}
