import { expect, test, type Page } from '@playwright/test';
import { axeCheck } from './support/axe';
import { PASSWORD, signUpViaApi, uniqueEmail } from './support/accounts';
import { expectToast } from './support/toast';
import { DESKTOP } from './support/viewports';

// The business's time zone from the browser at sign-up, confirmed in the setup guide and searchable in Settings;
// imports that say bookings and clients as they are; the client view's rhythm sentence (docs/accounts.md,
// docs/settings.md, docs/setup-guide.md, docs/clients-api.md, docs/loyalty-score.md).


/** 'YYYY-MM-DD' n days before today in New York (the zone a business signed up through the API gets). */
function daysAgo(n: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** 3 bookings of 2 clients, no status column. */
const NO_STATUS = () =>
  [
    'Client Name,Client Email,Service Date,Amount',
    `Jane Cooper,jane.cooper@example.com,${daysAgo(40)},120`,
    `Jane Cooper,jane.cooper@example.com,${daysAgo(10)},120`,
    `Wade Warren,wade.warren@example.com,${daysAgo(5)},95`,
  ].join('\n');

const profileTimeZone = async (page: Page) => (await (await page.request.get('/api/business/profile')).json()).timeZone as string;

// One width: this screen renders the same elements on a phone (support/viewports.ts).
for (const viewport of [DESKTOP]) {
  test.describe(`on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test.describe('a browser in Chicago', () => {
      test.use({ timezoneId: 'America/Chicago' });

      test('sign-up takes the browser zone; the setup guide shows it and changes it through the searchable list', async ({ page }) => {
        await page.goto('/signup');
        await page.getByLabel('Business name').fill('Lone Star Pools');
        await page.getByLabel('Email').fill(uniqueEmail('tz'));
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByLabel('Confirm password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Create Account' }).click();
        await expect(page).toHaveURL(/\/setup$/, { timeout: 20_000 });

        const zone = page.getByTestId('setup-time-zone');
        await expect(zone.getByTestId('setup-time-zone-value')).toHaveText('Central Time — Chicago');
        await expect(zone).toContainText('(America/Chicago)');
        expect(await profileTimeZone(page)).toBe('America/Chicago');
        await axeCheck(page, 'the setup guide with the time zone');

        await zone.getByRole('button', { name: 'Change' }).click();
        const picker = zone.getByRole('combobox', { name: 'Time zone' });
        await picker.fill('los angeles');
        await expect(page.getByRole('option')).toHaveCount(1);
        await picker.press('Enter');
        await zone.getByRole('button', { name: 'Save time zone' }).click();
        await expectToast(page, 'Time zone saved', 'Pacific Time — Los Angeles (America/Los_Angeles).');
        await expect(zone.getByTestId('setup-time-zone-value')).toHaveText('Pacific Time — Los Angeles');
        expect(await profileTimeZone(page)).toBe('America/Los_Angeles');
        await page.screenshot({ path: `test-results/tz-setup-${viewport.name}.png`, fullPage: true });
      });
    });

    test('Settings: the time-zone list puts the US first and finds any zone by typing', async ({ page }) => {
      await signUpViaApi(page, { name: 'Zone Cleaning' });
      await page.goto('/settings');
      const profile = page.getByRole('region', { name: 'Business Profile' });
      await expect(profile.getByText('Eastern Time — New York')).toBeVisible({ timeout: 20_000 });
      await profile.getByRole('button', { name: 'Edit Business Profile' }).click();

      const picker = profile.getByRole('combobox', { name: 'Time Zone' });
      await picker.click();
      const options = page.getByRole('listbox').getByRole('option');
      await expect(options.nth(0)).toContainText('Eastern Time — New York');
      await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
      await expect(options.nth(1)).toContainText('Central Time — Chicago');
      await expect(options.nth(4)).toContainText('Pacific Time — Los Angeles');
      await expect(page.getByRole('listbox').getByText('United States')).toBeVisible();
      await page.screenshot({ path: `test-results/tz-settings-open-${viewport.name}.png` });
      await picker.fill('new');
      await expect(options.nth(0)).toContainText('Eastern Time — New York');
      await axeCheck(page, 'the time-zone list');

      await picker.fill('zzz nowhere');
      await expect(page.getByRole('listbox')).toContainText('No time zone matches “zzz nowhere”.');
      await picker.fill('europe berl');
      await expect(options).toHaveCount(1);
      await options.first().click();
      await expect(picker).toHaveValue('Berlin (Europe)');
      await profile.getByRole('button', { name: 'Save Business Profile' }).click();
      await expectToast(page, 'Profile updated');
      await expect(profile.getByText('Berlin (Europe)')).toBeVisible();
      expect(await profileTimeZone(page)).toBe('Europe/Berlin');

      // The keyboard: type, arrow down to the second match, Enter; Escape leaves the choice as it was.
      await profile.getByRole('button', { name: 'Edit Business Profile' }).click();
      await picker.fill('mountain');
      await picker.press('ArrowDown');
      await picker.press('Enter');
      await expect(picker).toHaveValue('Mountain Time, no daylight saving (Arizona) — Phoenix');
      await picker.fill('hawaii');
      await picker.press('Escape');
      await expect(picker).toHaveValue('Mountain Time, no daylight saving (Arizona) — Phoenix');
      await profile.getByRole('button', { name: 'Save Business Profile' }).click();
      await expectToast(page, 'Profile updated');
      expect(await profileTimeZone(page)).toBe('America/Phoenix');
    });

    test('an upload without a status column says so, and a re-upload says nothing was added', async ({ page }) => {
      await signUpViaApi(page, { name: 'Counts Cleaning' });
      await page.goto('/data-sources');
      const file = page.getByLabel('Booking file (.csv, .xlsx, .xls)');
      const upload = page.getByRole('button', { name: 'Upload and Process CSV' });
      await file.setInputFiles({ name: 'no-status.csv', mimeType: 'text/csv', buffer: Buffer.from(NO_STATUS()) });
      await upload.click();
      await expectToast(page, 'Upload Successful', 'Processed 3 bookings, skipped 0');
      const result = page.getByTestId('upload-result');
      await expect(result).toContainText('Processed 3 bookings, skipped 0. Bookings: 3 new. Clients: 2 new.');
      await expect(result).toContainText('3 rows had no status and were counted as completed.');
      await expect(result.getByTestId('no-status-note')).toContainText('No status column: every row was taken as a completed appointment.');
      const history = page.getByTestId('upload-history');
      await expect(history.getByTestId('upload-counts').first()).toContainText('3 bookings: 3 new');
      await expect(history.getByTestId('upload-counts').first()).toContainText('2 clients: 2 new');

      await file.setInputFiles({ name: 'no-status-again.csv', mimeType: 'text/csv', buffer: Buffer.from(NO_STATUS()) });
      await upload.click();
      await expect(result).toContainText('Bookings: none new, 3 already imported (not added again). Clients: 2 already there.');
      const latest = history.getByRole('listitem').filter({ hasText: 'no-status-again.csv' }).getByTestId('upload-counts');
      await expect(latest).toContainText('3 bookings: none new, 3 already imported (not added again)');
      await expect(latest).toContainText('2 clients: 2 already there');
      await expect(latest).toContainText('3 rows had no status and were counted as completed.');
      await expect(history).not.toContainText('3 processed');
      await page.screenshot({ path: `test-results/counts-data-sources-${viewport.name}.png`, fullPage: true });
    });

    test("the setup guide's upload counts clients, not rows", async ({ page }) => {
      await signUpViaApi(page, { name: 'Guide Counts Cleaning' });
      await page.goto('/setup-jobber');
      await page.getByLabel('Booking file (.csv, .xlsx, .xls)').setInputFiles({ name: 'jobber.csv', mimeType: 'text/csv', buffer: Buffer.from(NO_STATUS()) });
      await page.getByRole('button', { name: 'Upload and Import' }).click();
      await expectToast(page, 'Upload Successful', 'Processed 2 clients from your booking history');
      const done = page.getByTestId('setup-upload-done');
      await expect(done).toContainText('Processed 2 clients from your booking history');
      await expect(done.getByTestId('setup-upload-counts')).toHaveText('3 bookings: 3 new. Clients: 2 new.');
      await expect(done).toContainText('3 rows had no status and were counted as completed.');
    });

    test('the client view says a client 44 days after their last booking, usually every 30, is late, not on rhythm', async ({ page }) => {
      await signUpViaApi(page, { name: 'Rhythm Cleaning' });
      const csv = ['Client Name,Client Email,Service Date,Appointment Status', ...[44, 74, 104, 134, 164].map((d) => `Mo Late,mo.late@example.com,${daysAgo(d)},Completed`)];
      const res = await page.request.post('/api/upload/csv', { multipart: { csv: { name: 'mo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\n')) } } });
      expect(res.status()).toBe(200);
      await page.goto('/clients');
      await page.getByRole('button', { name: 'View details for Mo Late' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('5 bookings, usually every 30 days; the last was 44 days ago, 14 days later than usual. They count as overdue after 45 days without a booking.');
      await expect(dialog).not.toContainText('on their usual rhythm');
      await page.screenshot({ path: `test-results/rhythm-client-view-${viewport.name}.png` });
    });
  });
}
