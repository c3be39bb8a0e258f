import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { chooseNumberViaApi } from './support/sms';
import { expectToast, toastWith } from './support/toast';

// Client Dashboard failure paths (spec part 1 section 8): each failure shows the catalogue's text and
// leaves the screen usable. The server is made to fail with page.route only where a real failure
// can't be produced; Add Client's server message is a real answer.


const CLIENT = 'Zoe Zimmerman';

/** A business with one client, on the Client Dashboard. */
async function dashboardWithClient(page: Page) {
  await signUpViaApi(page);
  const res = await page.request.post('/api/clients', {
    data: { name: CLIENT, email: 'zoe.zimmerman@example.com', phone: '(555) 777-0000', serviceDate: '2025-03-05', serviceType: 'Deep Clean', amount: 150 },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  // Thanks and Gift are texts: the business chooses a number first (the local simulator's).
  await chooseNumberViaApi(page);
  await page.goto('/clients');
  // The first screen of a fresh page on a busy machine can take a while.
  await expect(page.getByTestId('client-row')).toHaveCount(1, { timeout: 15_000 });
}

/** The next matching request answers with this status and body (a 500 with an empty body by default). */
async function failNext(page: Page, url: string, opts: { status?: number; body?: string; method?: string } = {}) {
  await page.route(url, async (route) => {
    if (opts.method && route.request().method() !== opts.method) return route.fallback();
    await route.fulfill({ status: opts.status ?? 500, contentType: 'application/json', body: opts.body ?? '' });
  });
}

test('Thanks that fails keeps the dialog open with the message, and a retry sends it', async ({ page }) => {
  await dashboardWithClient(page);
  await failNext(page, '**/api/admin/send-thanks', { body: JSON.stringify({ message: 'SMS provider is down' }) });

  await page.getByRole('button', { name: `Send thanks to ${CLIENT}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Message').fill('Thanks Zoe, see you soon!');
  await dialog.getByRole('button', { name: 'Send Message' }).click();

  await expectToast(page, 'Failed to send message');
  await expect(toastWith(page, 'Thank you message sent!')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Message')).toHaveValue('Thanks Zoe, see you soon!');
  await expect(dialog.getByRole('button', { name: 'Send Message' })).toBeEnabled();

  await page.unrouteAll();
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Thank you message sent!');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('Gift that fails says so, keeps the chosen amount, and a retry sends it', async ({ page }) => {
  await dashboardWithClient(page);
  await failNext(page, '**/api/admin/send-gift', { body: JSON.stringify({ message: 'Database unavailable' }) });

  await page.getByRole('button', { name: `Send a gift to ${CLIENT}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '$25', exact: true }).click();
  await dialog.getByRole('button', { name: 'Send $25.00 Gift' }).click();

  await expectToast(page, 'Failed to send gift', 'Something went wrong. Please try again.');
  // The catalogue's fixed text, not the server's message.
  await expect(toastWith(page, 'Failed to send gift')).not.toContainText('Database unavailable');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: '$25', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('button', { name: 'Send $25.00 Gift' })).toBeEnabled();

  await page.unrouteAll();
  await dialog.getByRole('button', { name: 'Send $25.00 Gift' }).click();
  await expectToast(page, 'Gift sent successfully!');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('Export that fails, by a server error or a dropped connection, says so and can be tried again', async ({ page }) => {
  await dashboardWithClient(page);
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  const exportButton = page.getByRole('button', { name: 'Export CSV' });

  await failNext(page, '**/api/admin/export', { body: JSON.stringify({ message: 'Export broke' }) });
  await exportButton.click();
  await expectToast(page, 'Export failed', 'Failed to export data.');
  await expect(toastWith(page, 'Export failed')).not.toContainText('Export broke');
  await expect(exportButton).toBeEnabled();

  await page.unrouteAll();
  await page.route('**/api/admin/export', (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expectToast(page, 'Export failed', 'Failed to export data.');
  await expect(exportButton).toBeEnabled();
  await expect(toastWith(page, 'Export successful')).toHaveCount(0);
  expect(downloads).toEqual([]);

  await page.unrouteAll();
  const download = page.waitForEvent('download');
  await exportButton.click();
  expect((await download).suggestedFilename()).toBe('clients-export.csv');
  await expectToast(page, 'Export successful');
});

test('booking trends that fail to load say so in the chart while the rest of the dashboard works', async ({ page }) => {
  await page.route('**/api/analytics/booking-trends**', (route) => route.fulfill({ status: 500, body: JSON.stringify({ message: 'boom' }) }));
  await dashboardWithClient(page);

  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch booking trends' })).toBeVisible();
  await expect(page.getByText('boom')).toHaveCount(0);
  await expect(page.getByText(/completed bookings$/)).toHaveCount(0);
  await expect(page.getByRole('img', { name: /Bookings per day/ })).toHaveCount(0);
  // The rest of the dashboard is still there and working.
  await expect(page.getByTestId('client-row')).toHaveCount(1);
  await expect(page.getByText('Most Loyal Clients')).toBeVisible();

  // Once the server answers again, picking another period shows the chart.
  await page.unrouteAll();
  await page.getByLabel('Period').click();
  await page.getByRole('option', { name: '365 days' }).click();
  // A year is drawn per month.
  await expect(page.getByRole('img', { name: 'Bookings per month over the last 365 days' })).toBeVisible();
  await expect(page.getByText('Failed to fetch booking trends')).toHaveCount(0);
});

async function openAddClient(page: Page, phone: string) {
  await page.getByRole('button', { name: 'Add Client' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Client Name').fill('Nina Newcomer');
  await dialog.getByLabel('Email').fill('nina.newcomer@example.com');
  await dialog.getByLabel('Phone').fill(phone);
  await dialog.getByLabel('Service Date').fill('2025-05-01');
  await dialog.getByLabel('Service Amount ($)').fill('80');
  return dialog;
}

test('Add Client that the server refuses shows Error with its message and keeps the form', async ({ page }) => {
  await dashboardWithClient(page);
  // A real refusal: the browser lets any phone text through, the server can't read this one as a number.
  const dialog = await openAddClient(page, '123');
  await dialog.getByRole('button', { name: 'Add Client' }).click();

  await expectToast(page, 'Error', 'Please enter a valid phone number');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Client Name')).toHaveValue('Nina Newcomer');
  await expect(dialog.getByLabel('Phone')).toHaveValue('123');

  // Corrected, it goes through.
  await dialog.getByLabel('Phone').fill('(555) 303-4040');
  await dialog.getByRole('button', { name: 'Add Client' }).click();
  await expectToast(page, 'Client Added');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('client-row')).toHaveCount(2);
});

test('Add Client that fails without a message shows Failed to add client, never the raw answer', async ({ page }) => {
  await dashboardWithClient(page);
  const dialog = await openAddClient(page, '(555) 303-4040');

  await failNext(page, '**/api/clients', { method: 'POST' });
  await dialog.getByRole('button', { name: 'Add Client' }).click();
  await expectToast(page, 'Error', 'Failed to add client');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add Client' })).toBeEnabled();
  // Mark this toast as seen, so the next one with the same words is known to be a new one (its close
  // button can't be clicked while the modal dialog is open).
  await toastWith(page, 'Error').evaluate((el) => el.setAttribute('data-seen', ''));

  // A proxy's HTML error page is not a message either.
  await page.unrouteAll();
  await page.route('**/api/clients', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' })
      : route.fallback(),
  );
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/clients') && r.status() === 502);
  await dialog.getByRole('button', { name: 'Add Client' }).click();
  await answered;
  const error = page.locator('ol > li[data-state="open"]:not([data-seen])').filter({ hasText: 'Error' });
  await expect(error).toContainText('Failed to add client');
  await expect(error).not.toContainText('Bad Gateway');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue('nina.newcomer@example.com');
  await expect(page.getByTestId('client-row')).toHaveCount(1);
});
