import { expect, test, type Page } from '@playwright/test';
import { twilioSignature } from '../../src/server/providers/sms/signature';
import { SIMULATOR_AUTH_TOKEN } from '../../src/server/providers/sms/simulator';
import { signUpViaApi } from './support/accounts';
import { addReferrer, claimReferral } from './support/referrals';
import { chooseNumberViaApi } from './support/sms';
import { expectToast } from './support/toast';
import { DESKTOP } from './support/viewports';

// The owner's everyday loop (docs/referrals.md "Referral credit", docs/sms-inbox.md "Leads", docs/settings.md
// "Notifications"): Mark converted with an amount and the revenue it shows, a lead's text in its communications and
// in SMS Conversations answered from there, and the notification setting. At desktop width.


/** The lead texts the business number, as the provider posts it (signed with the simulator's key). */
async function textFromLead(page: Page, from: string, to: string, body: string, baseURL: string) {
  const sid = `SMe2e${Date.now()}${Math.random().toString(16).slice(2, 8)}`;
  const params = { MessageSid: sid, SmsSid: sid, AccountSid: 'ACe2e', From: from, To: to, Body: body, NumMedia: '0' };
  const res = await page.request.post('/api/sms/inbound', {
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(SIMULATOR_AUTH_TOKEN, `${baseURL}/api/sms/inbound`, params) },
    data: new URLSearchParams(params).toString(),
  });
  expect(res.status(), await res.text()).toBe(200);
}

// One width: this screen renders the same elements on a phone (support/viewports.ts).
for (const viewport of [DESKTOP]) {
  test.describe(`on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('Mark converted with the amount: the referral converts and its revenue shows in the tracker and Top Referrers', async ({ page }) => {
      await signUpViaApi(page);
      const olivia = await addReferrer(page, 'Olivia Brooks');
      const tag = viewport.name;
      await claimReferral(page, olivia.referralCode, { name: `Emma ${tag}`, email: `emma.${tag}.${Date.now()}@example.com`, phone: '(512) 555-3101' });
      await page.goto('/referrals');
      const row = page.getByTestId('referral-row').filter({ hasText: `Emma ${tag}` });
      await row.getByRole('button', { name: `Mark Emma ${tag} converted` }).click();
      const dialog = page.getByRole('dialog', { name: `Mark Emma ${tag} converted` });
      await expect(dialog.getByText(`Emma ${tag} has no completed booking since the claim on`)).toBeVisible();
      await dialog.getByRole('button', { name: 'Mark converted' }).click();
      await expect(dialog.getByText('Please pick the booking')).toBeVisible();
      await dialog.getByRole('radio', { name: 'Enter the amount' }).click();
      await expect(dialog.getByText('Please pick the booking')).toBeHidden();
      await dialog.getByLabel('Amount of the booking').fill('abc');
      await dialog.getByRole('button', { name: 'Mark converted' }).click();
      await expect(dialog.getByText('Please enter an amount between 0 and 1,000,000')).toBeVisible();
      await dialog.getByLabel('Amount of the booking').fill('180');
      await dialog.getByRole('button', { name: 'Mark converted' }).click();
      await expectToast(page, 'Referral converted');
      await expect(dialog).toBeHidden();
      await expect(row.getByText('Converted', { exact: true })).toBeVisible();
      await expect(row.getByTestId('referral-revenue')).toHaveText('$180.00');
      await expect(page.getByTestId('top-referrer').filter({ hasText: 'Olivia Brooks' }).getByTestId('referrer-revenue')).toHaveText('$180.00 revenue');
      // Recent Conversions: no booking in the app, so it says when it converted and what it brought
      await page.goto('/dashboard');
      const item = page.getByTestId('conversion-item').filter({ hasText: `Emma ${tag}` });
      await expect(item.getByTestId('conversion-when')).toHaveText('converted just now');
      await expect(item.getByTestId('conversion-revenue')).toHaveText('$180.00 revenue');
    });

    test('a lead who texts: the text is in the lead’s communications and SMS Conversations, and the owner answers from there', async ({ page, baseURL }) => {
      await signUpViaApi(page);
      const number = await chooseNumberViaApi(page);
      const phone = `+1512555${String(Math.floor(1000 + Math.random() * 8999))}`;
      const res = await page.request.post('/api/leads', { data: { name: 'Lena Lead', phone } });
      expect(res.status(), await res.text()).toBe(201);
      await textFromLead(page, phone, number, 'Do you have Friday open?', baseURL!);

      await page.goto('/leads');
      await page.getByRole('button', { name: 'View Lena Lead' }).first().click();
      const comms = page.getByTestId('lead-communications');
      await expect(comms.getByText('Do you have Friday open?')).toBeVisible();
      await expect(comms.getByText('SMS · From Lena Lead')).toBeVisible();
      await page.keyboard.press('Escape');

      await page.goto('/outreach?tab=conversations');
      const thread = page.getByTestId('lead-conversation').filter({ hasText: 'Lena Lead' });
      await expect(thread.getByText('Do you have Friday open?')).toBeVisible();
      await expect(thread.getByText('1 unread')).toBeVisible();
      await thread.getByRole('button', { name: 'Mark as Read' }).click();
      await expect(thread.getByText('1 unread')).toBeHidden();
      await thread.getByRole('textbox', { name: 'Reply to Lena Lead' }).fill('Yes, 10am works!');
      await thread.getByRole('button', { name: 'Send reply to Lena Lead' }).click();
      await expectToast(page, 'SMS sent');
      await expect(thread.getByText('Yes, 10am works!')).toBeVisible();
    });

    test('Notifications in Settings: a daily digest and a personal number, saved and shown', async ({ page }) => {
      await signUpViaApi(page);
      await page.goto('/settings');
      const section = page.getByRole('region', { name: 'Notifications' });
      await expect(page.getByTestId('notify-email')).toHaveText('An email for each one');
      await page.getByRole('button', { name: 'Edit Notifications' }).click();
      await page.getByRole('radio', { name: 'One email a day (8 am)' }).check();
      await page.getByLabel('Text me at').fill('12');
      await page.getByRole('button', { name: 'Save Notifications' }).click();
      await expectToast(page, 'Save Failed');
      await page.getByLabel('Text me at').fill('(512) 555-0199');
      await page.getByRole('button', { name: 'Save Notifications' }).click();
      await expectToast(page, 'Notification settings saved');
      await expect(page.getByTestId('notify-email')).toHaveText('One email a day (8 am)');
      await expect(page.getByTestId('notify-phone')).toHaveText('(512) 555-0199');
      await page.reload();
      await expect(page.getByTestId('notify-email')).toHaveText('One email a day (8 am)');
      await expect(section.getByText('How you hear about new leads, referral claims and texts from clients and leads.')).toBeVisible();
    });
  });
}
