import { axeCheck } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { latestMailTo } from './support/outbox';
import { addReferrer, claimReferral } from './support/referrals';
import { chooseNumberViaApi } from './support/sms';
import { expectToast } from './support/toast';
import { DESKTOP, PHONE } from './support/viewports';

// Lead Management (spec part 2), the signed-in home at / and /leads: the stat cards, the Lead Inbox (search,
// status and source filters, status dropdown, actions only with a phone / an e-mail, view with the lead's
// communications), Add Lead, Send SMS and Send Email with the spec's failure toasts. Desktop and phone, with
// axe's WCAG 2 A/AA rules.


async function openHome(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Add Lead' })).toBeEnabled();
}

const inbox = (page: Page) => page.getByTestId('lead-inbox');
const row = (page: Page, name: string) => inbox(page).getByTestId('lead-row').filter({ hasText: name });
const stat = (page: Page, title: string) => page.getByTestId('lead-stats').getByText(title, { exact: true }).locator('..');

async function addLeadViaApi(page: Page, lead: { name: string; email?: string; phone?: string; notes?: string }) {
  const res = await page.request.post('/api/leads', { data: lead });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`Lead Management on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the signed-in home: empty inbox, Add Lead (name required; the server refuses a bad phone), then the lead in the inbox and the stats', async ({ page }) => {
      await signUpViaApi(page);
      await openHome(page);
      await expect(page).toHaveTitle('Lead Management · Referloop');
      await expect(inbox(page)).toContainText('No leads yet');
      await expect(stat(page, 'Leads This Week')).toContainText('0');
      await expect(stat(page, 'Top Referrer')).toContainText('None yet');
      await axeCheck(page, 'the empty inbox');

      await page.getByRole('button', { name: 'Add Lead' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Lead' });
      await axeCheck(page, 'the Add Lead dialog');
      await dialog.getByRole('button', { name: 'Add Lead' }).click();
      await expect(dialog.getByText('Name is required', { exact: true })).toBeVisible();
      await dialog.getByLabel('Name').fill('Nora Quinn');
      await dialog.getByLabel('Phone').fill('12');
      await dialog.getByRole('button', { name: 'Add Lead' }).click();
      await expectToast(page, 'Failed to add lead', 'Please enter a valid phone number');
      await expect(dialog).toBeVisible();

      await dialog.getByLabel('Phone').fill('(512) 555-0142');
      await dialog.getByLabel('Email').fill('nora.quinn@example.com');
      await dialog.getByLabel('Notes').fill('Wants a deep clean before the holidays');
      await dialog.getByRole('button', { name: 'Add Lead' }).click();
      await expectToast(page, 'Lead added', 'Nora Quinn is in your Lead Inbox.');
      await expect(dialog).toBeHidden();

      const nora = row(page, 'Nora Quinn');
      await expect(nora).toContainText('nora.quinn@example.com');
      await expect(nora).toContainText('(512) 555-0142');
      await expect(nora).toContainText('Manual');
      await expect(nora).toContainText('Just now');
      await expect(nora.getByRole('combobox', { name: 'Status of Nora Quinn' })).toHaveText('New');
      await expect(stat(page, 'Leads This Week')).toContainText('1');
      await expect(stat(page, 'Conversion Rate')).toContainText('0.0%');
      await axeCheck(page, 'the inbox with a lead');
    });

    test('leads from every source: filters, search, status dropdown, actions only with a phone or an e-mail', async ({ page }) => {
      await signUpViaApi(page);
      const olivia = await addReferrer(page, 'Olivia Brooks', '(512) 555-2001');
      // A public claim makes a referral lead (source referral, referrer Olivia).
      await claimReferral(page, olivia.referralCode, { name: 'Emma Stone', email: 'emma.stone@example.com', phone: '(512) 555-3101' });
      await addLeadViaApi(page, { name: 'Phone Only', phone: '(512) 555-3102' });
      await addLeadViaApi(page, { name: 'Email Only', email: 'email.only@example.com' });
      await openHome(page, '/leads');

      await expect(inbox(page).getByTestId('lead-row')).toHaveCount(3);
      await expect(page.getByTestId('leads-range')).toHaveText('1–3 of 3');
      const emma = row(page, 'Emma Stone');
      await expect(emma).toContainText('Referral');
      await expect(emma).toContainText('Olivia Brooks');
      await expect(stat(page, 'From Referrals')).toContainText('33.3%');
      await expect(stat(page, 'Top Referrer')).toContainText('Olivia Brooks');
      await expect(stat(page, 'Top Referrer')).toContainText('1 lead');

      // Send SMS only with a phone, Send Email only with an e-mail; View always.
      await expect(row(page, 'Phone Only').getByRole('button', { name: 'Send SMS to Phone Only' })).toBeVisible();
      await expect(row(page, 'Phone Only').getByRole('button', { name: /Send email/ })).toHaveCount(0);
      await expect(row(page, 'Email Only').getByRole('button', { name: 'Send email to Email Only' })).toBeVisible();
      await expect(row(page, 'Email Only').getByRole('button', { name: /Send SMS/ })).toHaveCount(0);
      await expect(row(page, 'Email Only').getByRole('button', { name: 'View Email Only' })).toBeVisible();

      await page.getByRole('combobox', { name: 'Source filter' }).click();
      await page.getByRole('option', { name: 'Referral' }).click();
      await expect(inbox(page).getByTestId('lead-row')).toHaveCount(1);
      await expect(row(page, 'Emma Stone')).toBeVisible();
      await page.getByRole('combobox', { name: 'Source filter' }).click();
      await page.getByRole('option', { name: 'All sources' }).click();

      await page.getByLabel('Search leads').fill('email.only');
      await expect(inbox(page).getByTestId('lead-row')).toHaveCount(1);
      await expect(row(page, 'Email Only')).toBeVisible();
      await page.getByLabel('Search leads').fill('zzz-nobody');
      await expect(inbox(page)).toContainText('No leads match “zzz-nobody”.');
      await page.getByLabel('Search leads').fill('');
      await expect(inbox(page).getByTestId('lead-row')).toHaveCount(3);

      // The status dropdown: kept after a reload, and the status filter finds it.
      await row(page, 'Emma Stone').getByRole('combobox', { name: 'Status of Emma Stone' }).click();
      await page.getByRole('option', { name: 'Converted' }).click();
      await expect(stat(page, 'Conversion Rate')).toContainText('33.3%');
      await page.reload();
      await expect(row(page, 'Emma Stone').getByRole('combobox', { name: 'Status of Emma Stone' })).toHaveText('Converted');
      await page.getByRole('combobox', { name: 'Status filter' }).click();
      await page.getByRole('option', { name: 'Converted' }).click();
      await expect(inbox(page).getByTestId('lead-row')).toHaveCount(1);
      await axeCheck(page, 'the filtered inbox');
    });

    // The same elements at every width: desktop only (support/viewports.ts).
    if (viewport.name === 'desktop') test('Send SMS: refused without a business number (the server says why), then sent and listed in View; Send Email: sent to the outbox', async ({ page }) => {
      await signUpViaApi(page);
      // A friend who claimed with the text consent ticked: a lead the business may text (docs/sms.md, "Consent to text").
      const rita = await addReferrer(page, 'Rita Referrer', '(512) 555-0189');
      await claimReferral(page, rita.referralCode, { name: 'Lena Lead', phone: '(512) 555-0190', email: 'lena.lead@example.com' }, true);
      await openHome(page);

      await row(page, 'Lena Lead').getByRole('button', { name: 'Send SMS to Lena Lead' }).click();
      let dialog = page.getByRole('dialog', { name: 'Send SMS' });
      const box = dialog.getByLabel('Message');
      await box.fill('   ');
      await expect(dialog.getByRole('button', { name: 'Send SMS' })).toBeDisabled();
      await box.fill('Hi Lena! We have Tuesday open.');
      await expect(dialog.getByTestId('sms-counter')).toContainText('30/160 characters');
      await expect(dialog.getByTestId('sms-counter')).toContainText('1 segment');
      await dialog.getByRole('button', { name: 'Send SMS' }).click();
      await expectToast(page, 'Failed to send SMS', 'Your business has no SMS number yet, so no text was sent.');
      await expect(dialog).toBeVisible();

      await chooseNumberViaApi(page);
      await dialog.getByRole('button', { name: 'Send SMS' }).click();
      await expectToast(page, 'SMS sent', 'Your text to Lena Lead was sent.');
      await expect(dialog).toBeHidden();

      await row(page, 'Lena Lead').getByRole('button', { name: 'Send email to Lena Lead' }).click();
      dialog = page.getByRole('dialog', { name: 'Send Email' });
      await expect(dialog.getByRole('button', { name: 'Send Email' })).toBeDisabled();
      await dialog.getByLabel('Subject').fill('Your cleaning quote');
      await dialog.getByLabel('Message').fill('Hi Lena,\n\nYour quote is $180 for a deep clean.');
      await axeCheck(page, 'the Send Email dialog');
      await dialog.getByRole('button', { name: 'Send Email' }).click();
      await expectToast(page, 'Email sent', 'Your email to Lena Lead was sent.');
      const eml = await latestMailTo('lena.lead@example.com', 'Your quote is $180');
      expect(eml).toContain('Subject: Your cleaning quote');

      await row(page, 'Lena Lead').getByRole('button', { name: 'View Lena Lead' }).click();
      dialog = page.getByRole('dialog', { name: 'Lena Lead' });
      const comms = dialog.getByTestId('lead-communications').getByRole('listitem');
      await expect(comms).toHaveCount(2);
      await expect(comms.nth(0)).toContainText('Email · Sent');
      await expect(comms.nth(0)).toContainText('Your cleaning quote');
      await expect(comms.nth(1)).toContainText('SMS · Sent');
      await expect(comms.nth(1)).toContainText('Hi Lena! We have Tuesday open.');
      await axeCheck(page, 'the View dialog');
    });

    // The same elements at every width: desktop only (support/viewports.ts).
    if (viewport.name === 'desktop') test('an e-mail the server does not send says so and records nothing', async ({ page }) => {
      await signUpViaApi(page);
      await addLeadViaApi(page, { name: 'Mo Mail', email: 'mo.mail@example.com' });
      await openHome(page);
      await page.route('**/api/leads/*/email', (route) =>
        route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ message: 'The email to Mo Mail was not sent: the mail server did not accept it. Please try again.' }) }),
      );
      await row(page, 'Mo Mail').getByRole('button', { name: 'Send email to Mo Mail' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send Email' });
      await dialog.getByLabel('Subject').fill('Hello');
      await dialog.getByLabel('Message').fill('Hi Mo');
      await dialog.getByRole('button', { name: 'Send Email' }).click();
      await expectToast(page, 'Failed to send email', 'The email to Mo Mail was not sent');
      await expect(dialog).toBeVisible();
    });
  });
}

test('a status change the server refuses says so and the row keeps its status', async ({ page }) => {
  await signUpViaApi(page);
  await addLeadViaApi(page, { name: 'Stan Status' });
  await openHome(page);
  await page.route('**/api/leads/*/status', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: 'Lead not found' }) }),
  );
  const status = row(page, 'Stan Status').getByRole('combobox', { name: 'Status of Stan Status' });
  await status.click();
  await page.getByRole('option', { name: 'Lost' }).click();
  await expectToast(page, 'Failed to update status', 'Lead not found');
  await expect(status).toHaveText('New');
});

test('signing in lands on the Lead Inbox at /; signed out, / is the landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();

  const owner = await signUpViaApi(page);
  await page.request.post('/api/auth/logout');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible({ timeout: 20_000 });
  // The sidebar's (or menu's) Leads item is the current page.
  await page.goto('/no-such-page');
  await page.getByRole('link', { name: 'Back to Leads' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible();
});

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });

  test("a signed-in owner at / gets the inbox's frame (shell, heading, card titles), never the landing page", async ({ page }) => {
    await signUpViaApi(page);
    for (const path of ['/', '/leads']) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible();
      await expect(page.getByText('Leads This Week')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Lead Inbox' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByText('Turn happy clients into')).toHaveCount(0);
    }
    // Signed out, / is the prerendered landing page.
    await page.context().clearCookies();
    await page.goto('/');
    await expect(page.getByText('Turn happy clients into')).toBeVisible();
  });
});

test('the frame at / goes live: its first reads preloaded and each asked once, no hydration errors', async ({ page }) => {
  await signUpViaApi(page);
  await addLeadViaApi(page, { name: 'Preload Lead', phone: '(512) 555-0177' });
  const html = await (await page.request.get('/')).text();
  const listed = /<meta name="referloop-preload" data-entry="([^"]+)" content="([^"]+)">/.exec(html);
  expect(listed?.[2].split(' ')).toEqual(expect.arrayContaining(['/api/leads/stats', '/api/leads?page=1&amp;pageSize=25', expect.stringMatching(/leads-page-/)]));

  const reads: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) reads.push(url.pathname + url.search);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || /hydrat/i.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(row(page, 'Preload Lead')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Lead' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  expect(errors).toEqual([]);
  for (const url of ['/api/auth/me', '/api/leads/stats', '/api/leads?page=1&pageSize=25']) {
    expect(reads.filter((r) => r === url), url).toHaveLength(1);
  }
});
