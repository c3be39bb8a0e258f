import { axeCheck } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { addClients, chooseNumberViaApi, playClientReply } from './support/sms';
import { expectToast } from './support/toast';
import { DESKTOP, PHONE } from './support/viewports';

// Activity Dashboard (spec part 1), its SMS parts, with the local SMS simulator: the set-up banner, the revenue
// cards, unread replies (60-character truncation, show more/less, reply, mark read) and Recent SMS Activity
// (filters, periods, View All Messages). At desktop width and on a phone (390 x 844), with axe's WCAG 2 A/AA
// rules (no serious or critical finding).


const LONG_TEXT = 'Hi! Could you also do the inside of the fridge and the oven next time? We have guests on Saturday.';

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Dashboard' })).toBeVisible({ timeout: 20_000 });
}

const replies = (page: Page) => page.getByTestId('unread-reply');
const activity = (page: Page) => page.getByTestId('activity-row');
/** The unread badge on the shell's SMS Management item (desktop sidebar). */
const smsNavBadge = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /SMS Management/ }).locator('[aria-label$=" new"]');
const filterButton = (page: Page, name: string) => page.getByRole('group', { name: 'Show' }).getByRole('button', { name, exact: true });

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`Activity Dashboard on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    // The same elements at every width: desktop only (support/viewports.ts).
    if (viewport.name === 'desktop') test('without a number: the SMS Not Set Up banner leads to the set-up; revenue cards; empty panels', async ({ page }) => {
      await signUpViaApi(page);
      await addClients(page, [{ name: 'Olivia Brooks', phone: '(512) 555-2001' }, { name: 'Liam Reed' }]);
      await openDashboard(page);
      await expect(page).toHaveTitle('Activity Dashboard · Referloop');
      await expect(page.getByTestId('last-updated')).toHaveText(/^Last updated \d{1,2}:\d{2}:\d{2} [AP]M$/);

      const banner = page.getByTestId('sms-setup-banner');
      await expect(banner.getByRole('heading', { name: 'SMS Not Set Up' })).toBeVisible();
      // Two bookings of $120, both in March 2025: all of it is total revenue, none of it this month's.
      await expect(page.getByText('Total Revenue').locator('..')).toContainText('$240.00');
      await expect(page.getByText('Monthly Revenue').locator('..')).toContainText('$0.00');
      await expect(page.getByText('No unread replies')).toBeVisible();
      await expect(page.getByText('No texts')).toBeVisible();
      await axeCheck(page, 'the dashboard without a number');

      await banner.getByRole('link', { name: 'Set Up SMS' }).click();
      await expect(page).toHaveURL(/\/sms$/);
      await expect(page.getByRole('heading', { level: 1, name: 'SMS Management' })).toBeVisible();

      // With a number the banner is gone.
      await chooseNumberViaApi(page);
      await openDashboard(page);
      await expect(page.getByText('Total Revenue')).toBeVisible();
      await expect(page.getByTestId('sms-setup-banner')).toHaveCount(0);
    });

    test('a client replies: unread with the text cut at 60 characters, show more/less, reply, mark read; the activity filters', async ({ page }) => {
      await signUpViaApi(page);
      const [olivia, liam] = await addClients(page, [
        { name: 'Olivia Brooks', phone: '(512) 555-2001' },
        { name: 'Liam Reed', phone: '(512) 555-2002' },
      ]);
      await chooseNumberViaApi(page);
      await playClientReply(page, olivia.id, LONG_TEXT);
      await playClientReply(page, liam.id, 'Great job today, thanks!');

      await openDashboard(page);
      await expect(page.getByTestId('sms-setup-banner')).toHaveCount(0);
      await expect(replies(page)).toHaveCount(2);
      await expect(page.getByTestId('unread-replies-count')).toHaveText('2 unread');
      if (viewport.name === 'desktop') {
        await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity', exact: true })).toHaveAttribute('aria-current', 'page');
        await expect(smsNavBadge(page)).toHaveText('2');
      }
      // Newest first.
      await expect(replies(page).first()).toContainText('Liam Reed');

      const oliviaItem = replies(page).filter({ hasText: 'Olivia Brooks' });
      await expect(oliviaItem).toContainText('(512) 555-2001');
      await expect(oliviaItem).toContainText('Just now');
      const text = oliviaItem.getByTestId('reply-text');
      await expect(text).toHaveText(`${LONG_TEXT.slice(0, 60).trimEnd()}…`);
      await oliviaItem.getByRole('button', { name: 'show more' }).click();
      await expect(text).toHaveText(LONG_TEXT);
      await oliviaItem.getByRole('button', { name: 'show less' }).click();
      await expect(text).toHaveText(`${LONG_TEXT.slice(0, 60).trimEnd()}…`);
      // A short text has nothing to show more of.
      await expect(replies(page).filter({ hasText: 'Liam Reed' }).getByRole('button', { name: 'show more' })).toHaveCount(0);
      await axeCheck(page, 'the dashboard with unread replies');

      // A blank reply can't be sent; a real one is, and says so once the server answered.
      const box = oliviaItem.getByLabel('Reply to Olivia Brooks', { exact: true });
      const send = oliviaItem.getByRole('button', { name: 'Send reply to Olivia Brooks' });
      await box.fill('   ');
      await expect(send).toBeDisabled();
      await box.fill('Of course, fridge and oven on Saturday morning.');
      await send.click();
      await expectToast(page, 'Reply sent successfully');
      // The owner's reply reads Olivia's conversation: her text leaves the unread list.
      await expect(oliviaItem).toHaveCount(0);
      await expect(replies(page)).toHaveCount(1);
      await expect(page.getByTestId('unread-replies-count')).toHaveText('1 unread');
      if (viewport.name === 'desktop') await expect(smsNavBadge(page)).toHaveText('1');
      // The reply is in Recent SMS Activity, sent.
      await expect(activity(page).filter({ hasText: 'Of course, fridge and oven' })).toContainText('To Olivia Brooks');

      // Recent SMS Activity: all 3 texts of the last 7 days, then each filter.
      await expect(filterButton(page, 'All')).toHaveAttribute('aria-pressed', 'true');
      await expect(activity(page)).toHaveCount(3);
      await filterButton(page, 'Received').click();
      await expect(filterButton(page, 'Received')).toHaveAttribute('aria-pressed', 'true');
      await expect(activity(page)).toHaveCount(2);
      await expect(activity(page).filter({ hasText: 'From Olivia Brooks' })).toContainText('Read');
      await expect(activity(page).filter({ hasText: 'From Liam Reed' })).toContainText('Unread');
      await filterButton(page, 'Sent').click();
      await expect(activity(page)).toHaveCount(1);
      await expect(activity(page).first()).toHaveAttribute('data-direction', 'outbound');
      await filterButton(page, 'Unread').click();
      await expect(activity(page)).toHaveCount(1);
      await expect(activity(page).first()).toContainText('Great job today, thanks!');

      // Mark Read clears Liam's text from the unread list and the Unread filter.
      await replies(page).filter({ hasText: 'Liam Reed' }).getByRole('button', { name: 'Mark Read, reply from Liam Reed' }).click();
      await expect(replies(page)).toHaveCount(0);
      await expect(activity(page)).toHaveCount(0);

      // Periods: 1, 7 (the default), 30, 90 days.
      const period = page.getByRole('combobox', { name: 'Period' });
      await expect(period).toHaveText('Last 7 days');
      await period.click();
      await expect(page.getByRole('option')).toHaveText(['Last 24 hours', 'Last 7 days', 'Last 30 days', 'Last 90 days']);
      await page.getByRole('option', { name: 'Last 24 hours' }).click();
      await expect(period).toHaveText('Last 24 hours');
      await filterButton(page, 'All').click();
      await expect(activity(page)).toHaveCount(3);
      // 10 or fewer: no View All Messages.
      await expect(page.getByRole('link', { name: 'View All Messages' })).toHaveCount(0);
      await axeCheck(page, 'the activity filters');
    });
  });
}

test('over 10 texts: the panel lists the latest 10 and View All Messages opens the Message History tab', async ({ page }) => {
  await signUpViaApi(page);
  const [olivia] = await addClients(page, [{ name: 'Olivia Brooks', phone: '(512) 555-2001' }]);
  await chooseNumberViaApi(page);
  for (let i = 1; i <= 11; i += 1) await playClientReply(page, olivia.id, `Message number ${i}`);
  await openDashboard(page);
  await expect(activity(page)).toHaveCount(10);
  await expect(activity(page).first()).toContainText('Message number 11');
  await page.getByRole('link', { name: 'View All Messages' }).click();
  await expect(page).toHaveURL(/\/outreach\?tab=history$/);
  await expect(page.getByRole('tab', { name: 'Message History' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('history-row')).toHaveCount(11);
});

test('a reply the server refuses says so with its message, and the text stays in the box', async ({ page }) => {
  await signUpViaApi(page);
  const [olivia] = await addClients(page, [{ name: 'Olivia Brooks', phone: '(512) 555-2001' }]);
  await chooseNumberViaApi(page);
  await playClientReply(page, olivia.id, 'Are you coming today?');
  await page.route('**/api/sms/reply', (r) => r.fulfill({ status: 502, json: { message: 'The SMS provider could not send the text. Please try again.' } }));
  await openDashboard(page);
  const box = page.getByLabel('Reply to Olivia Brooks', { exact: true });
  await box.fill('Yes, at 10.');
  await box.press('Enter');
  await expectToast(page, 'Failed to send reply', 'The SMS provider could not send the text. Please try again.');
  await expect(box).toHaveValue('Yes, at 10.');
  await expect(page.getByText('Reply sent successfully')).toHaveCount(0);
  await expect(page.getByTestId('unread-reply')).toHaveCount(1);
});

test('Last updated moves when the data is refreshed', async ({ page }) => {
  await signUpViaApi(page);
  await openDashboard(page);
  const updated = page.getByTestId('last-updated');
  await expect(updated).toHaveText(/\d:\d{2}:\d{2}/);
  const before = await updated.textContent();
  await page.waitForTimeout(1_100);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(updated).not.toHaveText(before!);
});
