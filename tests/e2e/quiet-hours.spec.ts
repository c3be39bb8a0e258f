import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { addReferrer, claimReferral } from './support/referrals';
import { addClients, chooseNumberViaApi, playClientReply } from './support/sms';
import { expectToast, toastWith } from './support/toast';

// The owner's one-tap texts at 1:15 am Pacific (docs/sms-send-window.md "Per kind of text"): the dialogs say
// when the text will go and show it; the toasts say "scheduled", never "sent". The test server runs with
// SMS_SEND_WINDOW=off; this page's requests carry the send-window clock header, which there (and only there)
// turns the window on at that instant. A January 2030 night, so the queued texts stay queued during the run.

const NIGHT = '2030-01-15T09:15:00Z'; // Tuesday 1:15 am Pacific
const WILL_GO = 'Will be sent at 8:00 am their time';

async function atNight(page: Page) {
  await page.setExtraHTTPHeaders({ 'x-sms-send-window-clock': NIGHT });
}

test('Thanks and Gift to a 415 number at 1:15 am: each dialog says 8:00 am their time and shows the text; the toasts say scheduled', async ({ page }) => {
  await signUpViaApi(page, { name: 'Night Shift Cleaning' });
  await addClients(page, [{ name: 'Ann Lee', phone: '(415) 555-0142' }]);
  await chooseNumberViaApi(page);
  await atNight(page);
  await page.goto('/clients');

  await page.getByRole('button', { name: 'Send thanks to Ann Lee' }).click({ timeout: 15_000 });
  const thanks = page.getByRole('dialog');
  await expect(thanks.getByText(WILL_GO)).toBeVisible();
  await expect(thanks.getByLabel('Message')).toHaveValue(/^Hi Ann! Thank you so much for being such a loyal client\./);
  await thanks.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Thank you message scheduled for 8:00 am their time');
  await expect(toastWith(page, 'Thank you message sent!')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Send a gift to Ann Lee' }).click();
  const gift = page.getByRole('dialog');
  await expect(gift.getByTestId('gift-text')).toHaveText('Choose an amount to see the text.');
  await gift.getByRole('button', { name: '$25', exact: true }).click();
  await expect(gift.getByTestId('gift-text')).toHaveText(
    'Hi Ann! As a thank-you, Night Shift Cleaning has a $25 Service Discount for you. Just mention it when you book your next visit.',
  );
  await expect(gift.getByText(WILL_GO)).toBeVisible();
  await gift.getByRole('button', { name: /^Send \$25(\.00)? Gift$/ }).click();
  await expectToast(page, 'Gift scheduled for 8:00 am their time');
  await expect(toastWith(page, 'Gift sent successfully!')).toHaveCount(0);
});

test('Follow Up to a 415 friend at 1:20 am: the toast says the reminder is scheduled, not sent', async ({ page }) => {
  await signUpViaApi(page);
  const olivia = await addReferrer(page, 'Olivia Brooks', '(415) 555-2101');
  await claimReferral(page, olivia.referralCode, { name: 'Noah Park', email: 'noah.park@example.com', phone: '(415) 555-3202' });
  await chooseNumberViaApi(page);
  await atNight(page);
  await page.goto('/dashboard');

  await page.getByRole('button', { name: 'Follow Up with Noah Park' }).click({ timeout: 15_000 });
  await expectToast(page, 'Reminder scheduled for 8:00 am their time');
  await expect(toastWith(page, 'Reminder sent successfully')).toHaveCount(0);
});

test('a reply at 1:15 am to a client whose last text is more than 24 hours old: the toast says scheduled', async ({ page }) => {
  await signUpViaApi(page);
  const [cal] = await addClients(page, [{ name: 'Cal Ruiz', phone: '(415) 555-0144' }]);
  await chooseNumberViaApi(page);
  await playClientReply(page, cal.id, 'Do you clean windows?'); // now: years before the test clock's night
  await atNight(page);
  await page.goto('/dashboard');

  const item = page.getByTestId('unread-reply').filter({ hasText: 'Cal Ruiz' });
  await item.getByLabel('Reply to Cal Ruiz', { exact: true }).fill('Yes, we do!', { timeout: 15_000 });
  await item.getByRole('button', { name: 'Send reply to Cal Ruiz' }).click();
  await expectToast(page, 'Reply scheduled for 8:00 am their time');
  await expect(toastWith(page, 'Reply sent successfully')).toHaveCount(0);
});

test('at an open hour the Gift dialog shows the text and no wait, and the spec toast says sent', async ({ page }) => {
  await signUpViaApi(page, { name: 'Day Shift Cleaning' });
  await addClients(page, [{ name: 'Bea Cruz', phone: '(415) 555-0143' }]);
  await chooseNumberViaApi(page);
  await page.setExtraHTTPHeaders({ 'x-sms-send-window-clock': '2030-01-15T20:00:00Z' }); // noon Pacific
  await page.goto('/clients');

  await page.getByRole('button', { name: 'Send a gift to Bea Cruz' }).click({ timeout: 15_000 });
  const gift = page.getByRole('dialog');
  await gift.getByRole('button', { name: '$50', exact: true }).click();
  await expect(gift.getByTestId('gift-text')).toHaveText(
    'Hi Bea! As a thank-you, Day Shift Cleaning has a $50 Service Discount for you. Just mention it when you book your next visit.',
  );
  await gift.getByRole('button', { name: /^Send \$50(\.00)? Gift$/ }).click();
  await expectToast(page, 'Gift sent successfully!');
  await expect(page.getByText(WILL_GO)).toHaveCount(0);
});
