import { expect, test } from '@playwright/test';
import { PASSWORD, openSignIn, signUpViaApi } from './support/accounts';
import { addReferrer } from './support/referrals';
import { expectToast } from './support/toast';

// The whole referral loop, in the browser: a client's share link opened signed out, the friend's
// claim, the owner signing in and seeing the pending referral, the friend's booking imported from a CSV file,
// the conversion on the Activity Dashboard and the reward marked given, still given after a reload.


const FRIEND = { name: 'Emma Stone', email: `emma.stone.${Date.now().toString(36)}@example.com`, phone: '(512) 555-3301' };

test('share link → claim → owner imports the booking → conversion → reward given', async ({ page, browser }) => {
  // The owner's business and a client with a referral code (set up through the API, then signed out).
  const owner = await signUpViaApi(page, { name: 'Sparkle Cleaning Co' });
  const olivia = await addReferrer(page, 'Olivia Brooks', '(512) 555-2201');
  await page.request.post('/api/auth/logout');

  // The friend opens Olivia's hosted link on a phone, signed out, and claims the reward.
  const friendContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const friend = await friendContext.newPage();
  await friend.goto(`/ref/${olivia.referralCode}`);
  await expect(friend).toHaveURL(new RegExp(`/refer\\?code=${olivia.referralCode}$`));
  await expect(friend.getByRole('heading', { level: 1, name: 'Olivia B. sent you a reward' })).toBeVisible();
  await friend.getByLabel('Name').fill(FRIEND.name);
  await friend.getByLabel('Email').fill(FRIEND.email);
  await friend.getByLabel('Phone').fill(FRIEND.phone);
  await friend.getByRole('button', { name: 'Claim My Reward' }).click();
  await expect(friend.getByRole('heading', { level: 1, name: 'Reward claimed!' })).toBeVisible();
  await friendContext.close();

  // The owner signs in: the referral is new (badge) and pending in the tracker, waiting on the dashboard.
  await openSignIn(page);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Welcome back!');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /^Referrals/ })).toContainText('1');
  await nav.getByRole('link', { name: /^Referrals/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Referral Tracker' })).toBeVisible();
  const row = page.getByTestId('referral-row').filter({ hasText: FRIEND.name });
  await expect(row).toContainText('Olivia Brooks');
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Not earned yet');

  await nav.getByRole('link', { name: 'Activity', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Dashboard' })).toBeVisible();
  await expect(page.getByTestId('pending-referral').filter({ hasText: FRIEND.name })).toContainText('Shared today');
  await expect(page.getByTestId('recent-conversions')).toContainText('No conversions yet');

  // The friend's first booking arrives in the owner's booking export (the e-mail in another case).
  await nav.getByRole('link', { name: 'Data Sources' }).click();
  const today = new Date().toISOString().slice(0, 10);
  const csv = [
    'Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status',
    `${FRIEND.name},${FRIEND.email.toUpperCase()},${FRIEND.phone},${today},180,Completed`,
  ].join('\n');
  await page.getByLabel('Booking file (.csv, .xlsx, .xls)').setInputFiles({ name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload and Process CSV' }).click();
  await expect(page.getByText('Upload Successful', { exact: true }).first()).toBeVisible();

  // The conversion on the Activity Dashboard; the reward is marked given and stays given.
  await nav.getByRole('link', { name: 'Activity', exact: true }).click();
  const conversion = page.getByTestId('conversion-item').filter({ hasText: FRIEND.name });
  await expect(conversion).toContainText(`Referred by Olivia Brooks (${olivia.referralCode})`);
  await expect(conversion.getByTestId('reward-state')).toHaveText('$25 owed to Olivia Brooks');
  await expect(page.getByTestId('pending-referral')).toHaveCount(0);
  await expect(page.getByText('Pending Referrals', { exact: true }).first().locator('..')).toContainText('0');
  await conversion.getByRole('checkbox', { name: 'Reward Given' }).click();
  await expect(conversion.getByRole('checkbox', { name: 'Reward Given' })).toBeChecked();
  await expect(conversion.getByTestId('reward-state')).toHaveText(/^\$25 given to Olivia Brooks on /);
  await page.reload();
  const reloaded = page.getByTestId('conversion-item').filter({ hasText: FRIEND.name });
  await expect(reloaded.getByRole('checkbox', { name: 'Reward Given' })).toBeChecked();

  // The tracker agrees: converted, reward given, Olivia's conversion rate 100%.
  await nav.getByRole('link', { name: /^Referrals/ }).click();
  await expect(row).toContainText('Converted');
  await expect(row).toContainText('$25 · Given');
  await expect(page.getByTestId('top-referrer').first()).toContainText('1 referral · 1 converted · 100.0%');
  await expect(page.getByTestId('referral-summary')).toContainText('Rewards given1');
});
