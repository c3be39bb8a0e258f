import { expect, test, type Page } from '@playwright/test';

// Data Sources (spec part 2): CSV upload with its result and history, then the Zapier webhook tab.

async function signUp(page: Page) {
  const email = `ds-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await page.request.post('/api/auth/signup', {
    data: { name: 'Biz', email, password: 'secret123', confirmPassword: 'secret123' },
  });
  expect(res.ok()).toBeTruthy();
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

const CSV = [
  'Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status',
  'Jane Cooper,jane.cooper@example.com,(555) 123-4567,2025-01-10,120,Completed',
  'Jane Cooper,jane.cooper@example.com,(555) 123-4567,2025-02-10,120,Completed',
  'Wade Warren,wade.warren@example.com,+1-555-222-3333,2025-03-01,95.50,Completed',
  'Esther Howard,esther.howard@example.com,5554445555,2025-03-05,,completed',
  'Cody Fisher,cody.fisher@example.com,,2025-03-07,80,Completed',
  'Cody Fisher,cody.fisher@example.com,,2025-04-07,80,Completed',
  'Kristin Watson,kristin.watson@example.com,(555) 666-7777,2025-03-09,150,Cancelled',
  'Bad Date,bad.date@example.com,(555) 888-9999,not-a-date,100,Completed',
].join('\n');

test('uploading a booking file shows the result, the history and the clients', async ({ page }) => {
  await signUp(page);
  await page.goto('/data-sources');

  await expect(page.getByRole('heading', { name: 'Data Sources' })).toBeVisible();
  await expect(page.getByText('Service Date (YYYY-MM-DD)')).toBeVisible();
  await expect(page.getByText('(555) 123-4567')).toBeVisible();
  await expect(page.getByText('No uploads yet')).toBeVisible();

  const upload = page.getByRole('button', { name: 'Upload and Process CSV' });
  await expect(upload).toBeDisabled();
  await page.getByLabel('Booking file (.csv, .xlsx, .xls)').setInputFiles({ name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(upload).toBeEnabled();
  await upload.click();

  await expect(toast(page, 'Upload Successful')).toBeVisible();
  await expect(toast(page, 'Processed 6 bookings, skipped 1')).toBeVisible();
  const result = page.getByTestId('upload-result');
  await expect(result.getByTestId('processed-count')).toHaveText('6');
  await expect(result.getByTestId('skipped-count')).toHaveText('1');
  await expect(result.getByText(/^Row \d+/)).toHaveCount(1);

  // The history refreshes after the upload and expands to show the clients.
  const history = page.getByTestId('upload-history');
  await expect(history.getByText('bookings.csv')).toBeVisible();
  await expect(history.getByTestId('upload-counts')).toContainText('6 bookings: 6 new');
  await expect(history.getByTestId('upload-counts')).toContainText('4 clients: 4 new');
  await history.getByRole('button', { name: /bookings\.csv/ }).click();
  await expect(history.getByText('Jane Cooper').first()).toBeVisible();

  await page.goto('/clients');
  const rows = page.getByTestId('client-row');
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('client-table').getByText('Jane Cooper')).toBeVisible();
  await expect(page.getByTestId('client-table').getByText('(555) 123-4567')).toBeVisible();
  await expect(page.getByTestId('client-table').getByText('Kristin Watson')).toHaveCount(0);
});

test('a re-upload that added nothing says so in the toast, as the result panel does', async ({ page }) => {
  await signUp(page);
  await page.goto('/data-sources');
  const oneBooking = [CSV.split('\n')[0], 'Jane Cooper,jane.cooper@example.com,(555) 123-4567,2025-01-10,120,Completed'].join('\n');
  const file = { name: 'one.csv', mimeType: 'text/csv', buffer: Buffer.from(oneBooking) };
  const upload = page.getByRole('button', { name: 'Upload and Process CSV' });

  await page.getByLabel('Booking file (.csv, .xlsx, .xls)').setInputFiles(file);
  await upload.click();
  await expect(toast(page, 'Processed 1 booking, skipped 0')).toBeVisible();
  await expect(page.getByTestId('upload-history').getByTestId('upload-counts').first()).toContainText('1 booking: 1 new');

  await page.getByLabel('Booking file (.csv, .xlsx, .xls)').setInputFiles(file);
  await upload.click();
  await expect(toast(page, 'Nothing new: 1 booking was already imported')).toBeVisible();
  await expect(page.getByTestId('upload-result')).toContainText('Bookings: none new, 1 already imported (not added again).');
  await expect(page.getByText('Processed 1 booking, skipped 0', { exact: true })).toHaveCount(0);
});

test('a file the server refuses shows Upload Failed with its message', async ({ page }) => {
  await signUp(page);
  await page.goto('/data-sources');
  await page
    .getByLabel('Booking file (.csv, .xlsx, .xls)')
    .setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('Client Name,Client Email,Service Date,Appointment Status\n') });
  await page.getByRole('button', { name: 'Upload and Process CSV' }).click();
  await expect(toast(page, 'Upload Failed')).toBeVisible();
  await expect(page.getByTestId('upload-result')).toHaveCount(0);
});

test('the Zapier tab shows the webhook URL, copies it, and a test shows up in the log', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page);
  await page.goto('/data-sources');
  await page.getByRole('tab', { name: 'Zapier Integration' }).click();

  const url = page.getByLabel('Your webhook URL');
  await expect(url).toHaveValue(/\/api\/webhook\/[\w-]+$/);
  await expect(page.getByText('No webhook activity yet')).toBeVisible();
  await expect(page.getByTestId('sample-payload')).toContainText('"client"');
  await expect(page.getByRole('link', { name: 'Full setup guide' })).toHaveAttribute('target', '_blank');

  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await url.inputValue());
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 4000 });

  await page.getByRole('button', { name: 'Send Test' }).click();
  await expect(toast(page, 'Test successful!')).toBeVisible();
  const log = page.getByTestId('webhook-log');
  await expect(log.getByText('Test Client', { exact: true })).toBeVisible();
  await expect(log.getByText('test', { exact: true })).toBeVisible();
});

test('both tabs fit a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUp(page);
  await page.goto('/data-sources');
  await expect(page.getByRole('button', { name: 'Upload and Process CSV' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('tab', { name: 'Zapier Integration' }).click();
  await expect(page.getByRole('button', { name: 'Send Test' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
