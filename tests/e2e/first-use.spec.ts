import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, signUpViaApi, uniqueEmail, openSignIn } from './support/accounts';
import { expectToast, toastWith } from './support/toast';

// First use, as a new owner meets them: sign-in and session, upload, the client list.
// Every test runs at desktop width; the client list, which turns into cards, on a 375 px phone too.

const CHIP_HEADERS = 'Client Name,Client Email,Client Phone,Service Date (YYYY-MM-DD),Amount Charged (optional),Appointment Status';

/** Today plus n days in the browser's time zone ('YYYY-MM-DD'). */
async function dayFromToday(page: Page, n: number): Promise<string> {
  return page.evaluate((days) => {
    const now = new Date();
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }, n);
}

async function uploadFile(page: Page, name: string, content: string | Buffer) {
  await page.getByLabel('Booking file (.csv, .xlsx, .xls)').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await page.getByRole('button', { name: 'Upload and Process CSV' }).click();
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 800 },
]) {
  const phone = viewport.width <= 375;
  const clientList = (page: Page) => page.getByTestId(phone ? 'client-cards' : 'client-table');

  test.describe(`first use on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    // The same elements at every width: desktop only (support/viewports.ts).
    if (viewport.name === 'desktop') test('a session that ends elsewhere opens sign-in with a message, and signing in returns to the same page', async ({ page, browser }) => {
      const { email } = await signUpViaApi(page);
      await page.goto('/data-sources');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data Sources');

      // The session is ended from another browser: the same cookie, signed out there.
      const cookies = await page.context().cookies();
      const elsewhere = await browser.newContext({ baseURL: page.url() });
      await elsewhere.addCookies(cookies);
      expect((await elsewhere.request.post(new URL('/api/auth/logout', page.url()).toString())).ok()).toBeTruthy();
      await elsewhere.close();

      // The next call answers 401: sign-in at once, no half-rendered screen behind it.
      await page.getByRole('tab', { name: 'Zapier Integration' }).click();
      await expect(page).toHaveURL(/\/login\?session=expired&next=%2Fdata-sources$/);
      await expect(page.getByText('Your session has ended. Please sign in again to continue where you left off.')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back');
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(page.getByRole('tab', { name: 'Zapier Integration' })).toHaveCount(0);

      // Reloaded, the prerendered sign-in page hydrates cleanly and still says why.
      const hydration: string[] = [];
      page.on('console', (m) => /hydrat/i.test(m.text()) && hydration.push(m.text()));
      await page.reload();
      await expect(page.getByText('Your session has ended. Please sign in again to continue where you left off.')).toBeVisible();
      expect(hydration).toEqual([]);

      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/data-sources$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data Sources');
    });

    // The same elements at every width: desktop only (support/viewports.ts).
    if (viewport.name === 'desktop') test('signing in without a page to return to lands on the Lead Inbox at /, never a placeholder', async ({ page }) => {
      const { email } = await signUpViaApi(page);
      await page.request.post('/api/auth/logout');
      await openSignIn(page);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/:\d+\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lead Management');
      await expect(page.getByText('Coming soon')).toHaveCount(0);
      await page.goto('/');
      await expect(page).toHaveURL(/:\d+\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lead Management');
    });

    // The same elements at every width: desktop only (support/viewports.ts).
    if (viewport.name === 'desktop') test('a "Signup failed" toast goes away when a later attempt succeeds', async ({ page }) => {
      const taken = uniqueEmail('taken');
      await signUpViaApi(page, { email: taken });
      await page.context().clearCookies();
      await page.goto('/signup');
      await page.getByLabel('Business name').fill('Second Try Cleaning');
      await page.getByLabel('Email').fill(taken);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expectToast(page, 'Signup failed');

      await page.getByLabel('Email').fill(uniqueEmail('second-try'));
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page).toHaveURL(/\/setup$/);
      await expect(toastWith(page, 'Signup failed')).toHaveCount(0);
    });

    // The same elements at every width: desktop only (support/viewports.ts).
    if (viewport.name === 'desktop') test('the sample CSV has the chips as headers and imports as it is', async ({ page }) => {
      await signUpViaApi(page);
      await page.goto('/data-sources');
      const chips = page.getByRole('list', { name: 'Expected columns' }).getByRole('listitem');
      await expect(chips).toHaveText(CHIP_HEADERS.split(','));

      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download a sample CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('referloop-sample-bookings.csv');
      const sample = fs.readFileSync((await download.path())!, 'utf8');
      expect(sample.split(/\r?\n/)[0]).toBe(CHIP_HEADERS);

      await uploadFile(page, 'referloop-sample-bookings.csv', sample);
      await expectToast(page, 'Upload Successful', 'Processed 4 bookings, skipped 1');
      await expect(page.getByTestId('upload-result')).toBeVisible();
    });

    // The same elements at every width: desktop only (support/viewports.ts).
    if (viewport.name === 'desktop') test('headers copied from the chips are accepted; future-dated rows are listed as row errors', async ({ page }) => {
      await signUpViaApi(page);
      await page.goto('/data-sources');
      const future = await dayFromToday(page, 3);
      const csv = [CHIP_HEADERS, 'Chip Copy,chip.copy@example.com,(555) 100-2000,2025-05-01,$90,Completed', `Too Soon,too.soon@example.com,,${future},80,Completed`].join(
        '\n',
      );
      await uploadFile(page, 'chips.csv', csv);
      await expectToast(page, 'Upload Successful', 'Processed 1 booking, skipped 0');
      await expect(page.getByTestId('upload-result')).toContainText(
        `Row 3: service date ${future} is in the future (only completed bookings can be imported)`,
      );
    });

    // The same elements at every width: desktop only (support/viewports.ts).
    if (viewport.name === 'desktop') test('a refused upload is listed in the history with its reason', async ({ page }) => {
      await signUpViaApi(page);
      await page.goto('/data-sources');
      await uploadFile(page, 'wrong-columns.csv', 'Notes,When\nAda,2025-01-01\n');
      await expectToast(page, 'Upload Failed', 'Missing required columns');
      const failed = page.getByTestId('upload-history').getByTestId('failed-upload');
      await expect(failed).toContainText('wrong-columns.csv');
      await expect(failed).toContainText('Failed');
      await expect(failed).toContainText('Missing required columns: Client Name, Client Email (or Client Phone), Service Date.');
      await expect(failed).toContainText('Nothing from this file was imported.');
    });

    // The same elements at every width: desktop only (support/viewports.ts).
    if (viewport.name === 'desktop') test('Add Client refuses a future service date with a message', async ({ page }) => {
      await signUpViaApi(page);
      await page.request.post('/api/clients', { data: { name: 'First Client', email: 'first.client@example.com', serviceDate: '2025-03-01', amount: 50 } });
      await page.goto('/clients');
      await page.getByRole('button', { name: 'Add Client' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Client Name').fill('Future Fiona');
      await dialog.getByLabel('Email').fill('future.fiona@example.com');
      await dialog.getByLabel('Service Date').fill(await dayFromToday(page, 5));
      await dialog.getByRole('button', { name: 'Add Client' }).click();
      await expectToast(page, 'Error', "The service date can't be in the future");
      await expect(dialog).toBeVisible();
      expect((await (await page.request.get('/api/clients')).json()).map((c: { name: string }) => c.name)).toEqual(['First Client']);
    });

    test('the client detail view shows bookings, totals, loyalty and the referral link; delete asks first', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signUpViaApi(page);
      for (const [date, amount] of [['2025-01-06', 120], ['2025-02-03', 130.5]] as const) {
        await page.request.post('/api/clients', { data: { name: 'Dana Detail', email: 'dana.detail@example.com', serviceDate: date, amount } });
      }
      await page.request.post('/api/clients', { data: { name: 'Stays Put', email: 'stays.put@example.com', serviceDate: '2025-02-10', amount: 80 } });
      await page.goto('/clients');

      await clientList(page).getByRole('button', { name: 'View details for Dana Detail' }).click();
      const detail = page.getByRole('dialog', { name: 'Dana Detail' });
      await expect(detail.getByTestId('client-bookings').getByRole('listitem')).toHaveCount(2);
      await expect(detail.getByTestId('client-bookings')).toContainText('Feb 3, 2025');
      await expect(detail.getByTestId('client-totals')).toContainText('$250.50');
      await expect(detail.getByTestId('loyalty-explanation')).toHaveText(/^Score \d+\.\d: 2 bookings, usually every 28 days/);
      const code = await detail.getByRole('textbox', { name: 'Referral code' }).inputValue();
      expect(code).toMatch(/^DANA-[A-Z2-9]{5}$/);
      await expect(detail.getByRole('textbox', { name: 'Referral link' })).toHaveValue(new RegExp(`/refer\\?code=${code}$`));
      await detail.getByRole('button', { name: 'Copy referral link' }).click();
      await expect(detail.getByRole('button', { name: 'Copy referral link copied' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await detail.getByRole('textbox', { name: 'Referral link' }).inputValue());

      await detail.getByRole('button', { name: 'Delete client' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Dana Detail?' });
      await expect(confirm).toContainText('their 2 bookings');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog', { name: 'Dana Detail' })).toBeVisible();
      await page.getByRole('dialog', { name: 'Dana Detail' }).getByRole('button', { name: 'Delete client' }).click();
      await page.getByRole('dialog', { name: 'Delete Dana Detail?' }).getByRole('button', { name: 'Delete client' }).click();
      await expectToast(page, 'Client deleted', 'Dana Detail and their bookings were removed.');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(clientList(page).getByText('Dana Detail')).toHaveCount(0);
      await expect(clientList(page).getByText('Stays Put')).toBeVisible();
    });

    // The same elements at every width: desktop only (support/viewports.ts).
    if (viewport.name === 'desktop') test('the test webhook is logged as a test and adds no client', async ({ page }) => {
      await signUpViaApi(page);
      await page.goto('/data-sources');
      await page.getByRole('tab', { name: 'Zapier Integration' }).click();
      await expect(page.getByLabel('Your webhook URL')).toHaveValue(/\/api\/webhook\/[\w-]+$/);
      await page.getByRole('button', { name: 'Send Test' }).click();
      await expectToast(page, 'Test successful!', 'no client was added');
      const log = page.getByTestId('webhook-log');
      await expect(log.getByText('Test Client', { exact: true })).toBeVisible();
      await expect(log.getByText('test', { exact: true })).toBeVisible();
      await expect(log).toContainText('No client was added.');

      expect(await (await page.request.get('/api/clients')).json()).toEqual([]);
      await page.goto('/clients');
      await expect(page.getByText('No clients yet')).toBeVisible();
    });
  });
}
