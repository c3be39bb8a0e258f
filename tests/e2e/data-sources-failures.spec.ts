import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { expectToast, toastWith } from './support/toast';

// Data Sources failure paths (spec part 2 section 8): upload, upload history, webhook test and copy.
// Real server answers where a real failure exists (a .pdf, an oversized file); page.route otherwise.


const CSV = [
  'Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status',
  'Jane Cooper,jane.cooper@example.com,(555) 123-4567,2025-01-10,120,Completed',
].join('\n');

async function openDataSources(page: Page) {
  await signUpViaApi(page);
  await page.goto('/data-sources');
  await expect(page.getByRole('heading', { name: 'Data Sources' })).toBeVisible({ timeout: 15_000 });
}

const fileInput = (page: Page) => page.getByLabel('Booking file (.csv, .xlsx, .xls)');
const uploadButton = (page: Page) => page.getByRole('button', { name: 'Upload and Process CSV' });

/** Closes the toast, so the next one with the same words is known to be new. */
async function closeToast(page: Page, title: string) {
  await toastWith(page, title).getByRole('button', { name: 'Close' }).click();
  await expect(toastWith(page, title)).toHaveCount(0);
}

/** After a failed upload: no result, no progress, the file still chosen and the button ready for a retry. */
async function expectReadyToRetry(page: Page) {
  await expect(page.getByTestId('upload-result')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(uploadButton(page)).toBeEnabled();
  await expect(fileInput(page)).toBeEnabled();
}

test('a file that is not a table is refused with the server message, and a good file then goes through', async ({ page }) => {
  await openDataSources(page);
  // The picker only offers tables, but a file can still be dropped in; the server reads the name.
  await fileInput(page).setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n') });
  await uploadButton(page).click();
  await expectToast(page, 'Upload Failed', 'Please upload a .csv, .xlsx or .xls file.');
  await expectReadyToRetry(page);
  // The refused file is listed in the history with its reason.
  const failed = page.getByTestId('failed-upload');
  await expect(failed).toContainText('invoice.pdf');
  await expect(failed).toContainText('Please upload a .csv, .xlsx or .xls file.');

  await fileInput(page).setInputFiles({ name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await uploadButton(page).click();
  await expectToast(page, 'Upload Successful', 'Processed 1 booking, skipped 0');
  await expect(page.getByTestId('upload-result').getByTestId('processed-count')).toHaveText('1');
});

test('an 11 MB file is refused as too large with the server message, and nothing is imported', async ({ page }) => {
  await openDataSources(page);
  await fileInput(page).setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(11 * 1024 * 1024, 'a,b,c,d\n') });
  await uploadButton(page).click();
  await expectToast(page, 'Upload Failed', 'File is too large. The limit is 10 MB.');
  await expectReadyToRetry(page);
  await expect(page.getByText('No uploads yet')).toBeVisible();
  await closeToast(page, 'Upload Failed');

  // The page stops such a file before sending it; should one reach the server anyway (say an older
  // page), the server's real 413 answer is what the toast shows.
  const real = await page.request.post('/api/upload/csv', {
    multipart: { csv: { name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(11 * 1024 * 1024, 'a,b,c,d\n') } },
  });
  expect(real.status()).toBe(413);
  const body = await real.text();
  const message = (JSON.parse(body) as { message: string }).message;
  await page.route('**/api/upload/csv', (route) => route.fulfill({ status: 413, contentType: 'application/json', body }));
  await fileInput(page).setInputFiles({ name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await uploadButton(page).click();
  await expectToast(page, 'Upload Failed', message);
  await expectReadyToRetry(page);
});

test('an upload failure without a message shows the status; a dropped connection shows Upload failed', async ({ page }) => {
  await openDataSources(page);
  await fileInput(page).setInputFiles({ name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });

  await page.route('**/api/upload/csv', (route) => route.fulfill({ status: 500, body: '' }));
  await uploadButton(page).click();
  await expectToast(page, 'Upload Failed', 'Upload failed with status: 500');
  await expectReadyToRetry(page);

  // A proxy's HTML page is no message either.
  await page.unrouteAll();
  await page.route('**/api/upload/csv', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }));
  await uploadButton(page).click();
  await expectToast(page, 'Upload Failed', 'Upload failed with status: 502');
  await expect(toastWith(page, 'Upload Failed')).not.toContainText('Bad Gateway');
  await expectReadyToRetry(page);

  await page.unrouteAll();
  await page.route('**/api/upload/csv', (route) => route.abort('connectionreset'));
  await uploadButton(page).click();
  await expect(toastWith(page, 'Upload Failed').getByText('Upload failed', { exact: true })).toBeVisible();
  await expectReadyToRetry(page);

  // With the server back, the same file goes through.
  await page.unrouteAll();
  await uploadButton(page).click();
  await expectToast(page, 'Upload Successful', 'Processed 1 booking, skipped 0');
});

test('upload history that fails to load says so, and the upload still works', async ({ page }) => {
  await page.route('**/api/csv-uploads', (route) => route.fulfill({ status: 500, body: JSON.stringify({ message: 'boom' }) }));
  await openDataSources(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load upload history. Please try refreshing the page.' })).toBeVisible();
  await expect(page.getByText('boom')).toHaveCount(0);
  await expect(page.getByText('No uploads yet')).toHaveCount(0);

  await fileInput(page).setInputFiles({ name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await uploadButton(page).click();
  await expectToast(page, 'Upload Successful');
  await expect(page.getByTestId('upload-result')).toBeVisible();

  // As the message says, a refresh brings the history back once the server answers.
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByTestId('upload-history').getByText('bookings.csv')).toBeVisible({ timeout: 15_000 });
});

test('a webhook test that fails says so and can be sent again', async ({ page }) => {
  await openDataSources(page);
  await page.getByRole('tab', { name: 'Zapier Integration' }).click();
  await expect(page.getByLabel('Your webhook URL')).toHaveValue(/\/api\/webhook\/[\w-]+$/);

  await page.route('**/api/webhook/*', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 500, body: JSON.stringify({ message: 'Zap exploded' }) }) : route.fallback(),
  );
  const send = page.getByRole('button', { name: 'Send Test' });
  await send.click();
  await expectToast(page, 'Test failed', 'Webhook test failed.');
  await expect(toastWith(page, 'Test failed')).not.toContainText('Zap exploded');
  await expect(toastWith(page, 'Test successful!')).toHaveCount(0);
  await expect(send).toBeEnabled();
  await expect(page.getByText('No webhook activity yet')).toBeVisible();

  await page.unrouteAll();
  await send.click();
  await expectToast(page, 'Test successful!');
  await expect(page.getByTestId('webhook-log').getByText('Test Client', { exact: true })).toBeVisible();
});

test('when the clipboard refuses, Copy says to copy the URL manually and the URL stays selectable', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
    });
  });
  await openDataSources(page);
  await page.getByRole('tab', { name: 'Zapier Integration' }).click();
  const url = page.getByLabel('Your webhook URL');
  await expect(url).toHaveValue(/\/api\/webhook\/[\w-]+$/);

  await page.getByRole('button', { name: 'Copy' }).click();
  await expectToast(page, 'Failed to copy', 'Please copy the URL manually');
  await expect(page.getByRole('button', { name: 'Copied!' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copy' })).toBeEnabled();

  // Copying by hand: focusing the field selects the whole URL.
  await url.focus();
  const selected = await url.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0));
  expect(selected).toBe(await url.inputValue());
});
