import { expect, test, type Page } from '@playwright/test';
import { chooseNumberViaApi } from './support/sms';

// Client Dashboard (spec part 1): table search/sort/paging, Add Client, Thanks and Gift, export.

// Each test signs up (argon2) and imports a file first; leave room on a busy 2-core machine.

const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Mason', 'Isabella', 'Lucas', 'Mia', 'Ethan', 'Amelia', 'Logan', 'Harper'];
const LAST = ['Brooks', 'Reed'];
// 30 clients plus one frequent client, 'Zoe Zimmerman', who sorts last by name and first by bookings.
const NAMES = FIRST.flatMap((f) => LAST.map((l) => `${f} ${l}`));

function bookingsCsv() {
  const lines = ['Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status'];
  NAMES.forEach((name, i) => {
    const email = `${name.toLowerCase().replace(' ', '.')}@example.com`;
    const phone = `(555) 201-${String(1000 + i)}`;
    const visits = 1 + (i % 3);
    for (let v = 0; v < visits; v++) lines.push(`${name},${email},${phone},2025-0${1 + v}-${String(10 + (i % 15)).padStart(2, '0')},100,Completed`);
  });
  for (let v = 0; v < 8; v++) lines.push(`Zoe Zimmerman,zoe.zimmerman@example.com,(555) 777-0000,2025-${String(1 + v).padStart(2, '0')}-05,150,Completed`);
  return lines.join('\n');
}

async function signUpWithClients(page: Page) {
  const email = `cd-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { name: 'Biz', email, password: 'secret123', confirmPassword: 'secret123' },
  });
  expect(signup.ok()).toBeTruthy();
  const upload = await page.request.post('/api/upload/csv', {
    multipart: { csv: { name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(bookingsCsv()) } },
  });
  expect(upload.ok()).toBeTruthy();
  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'Client Dashboard' })).toBeVisible();
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

const rows = (page: Page) => page.getByTestId('client-row');
const firstName = (page: Page) => rows(page).first().locator('p').first();

test('an empty business is sent to upload its client list', async ({ page }) => {
  const email = `cd-empty-${Date.now()}@example.com`;
  await page.request.post('/api/auth/signup', { data: { name: 'Biz', email, password: 'secret123', confirmPassword: 'secret123' } });
  await page.goto('/clients');
  await page.getByRole('link', { name: 'Upload your client list' }).click();
  await expect(page).toHaveURL(/\/data-sources$/);
});

test('the table pages, searches and sorts on the server', async ({ page }) => {
  await signUpWithClients(page);

  await expect(page.getByText('Total Clients')).toBeVisible();
  await expect(page.getByText('Bookings Over Time')).toBeVisible();
  await expect(page.getByText('Most Loyal Clients')).toBeVisible();
  await expect(page.getByText('Loyalty Score Distribution')).toBeVisible();

  await expect(rows(page)).toHaveCount(25);
  await expect(page.getByText('Showing 1–25 of 31 clients')).toBeVisible();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(rows(page)).toHaveCount(6);
  await expect(page.getByText('Showing 26–31 of 31 clients')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(rows(page)).toHaveCount(25);

  // Search on page 2 starts again at page 1, matching name or e-mail, any case.
  await page.getByRole('button', { name: 'Page 2' }).click();
  await page.getByLabel('Search clients').fill('ZIMMER');
  await expect(rows(page)).toHaveCount(1);
  await expect(firstName(page)).toHaveText('Zoe Zimmerman');
  await page.getByLabel('Search clients').fill('reed@example');
  await expect(rows(page)).toHaveCount(15);
  await page.getByLabel('Search clients').fill('');
  await expect(rows(page)).toHaveCount(25);

  await page.getByLabel('Sort by').click();
  await page.getByRole('option', { name: 'Name' }).click();
  await expect(firstName(page)).toHaveText('Amelia Brooks');
  await page.getByLabel('Sort by').click();
  await page.getByRole('option', { name: 'Total Bookings' }).click();
  await expect(firstName(page)).toHaveText('Zoe Zimmerman');
  await expect(rows(page).first().getByRole('cell').nth(2)).toHaveText('8');
});

test('Add Client checks the required fields and adds the client', async ({ page }) => {
  await signUpWithClients(page);
  await page.getByRole('button', { name: 'Add Client' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add Client' }).click();
  await expect(toast(page, 'Missing Information')).toBeVisible();
  await expect(toast(page, 'Please fill in name, email, and service date.')).toBeVisible();

  await dialog.getByLabel('Client Name').fill('Nina Newcomer');
  await dialog.getByLabel('Email').fill('nina.newcomer');
  await dialog.getByLabel('Service Date').fill('2025-05-01');
  await dialog.getByRole('button', { name: 'Add Client' }).click();
  await expect(toast(page, 'Please enter a valid email')).toBeVisible();
  await dialog.getByLabel('Email').fill('nina.newcomer@example.com');
  await dialog.getByLabel('Phone').fill('(555) 303-4040');
  await dialog.getByLabel('Service Date').fill('2025-05-01');
  await dialog.getByLabel('Service Type').click();
  await page.getByRole('option', { name: 'Deep Clean' }).click();
  await dialog.getByLabel('Service Amount ($)').fill('180');
  await dialog.getByRole('button', { name: 'Add Client' }).click();
  await expect(toast(page, 'Client Added')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByLabel('Search clients').fill('nina');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('(555) 303-4040');
});

test('without an SMS number, Thanks says nothing was sent and links to the SMS set-up', async ({ page }) => {
  await signUpWithClients(page);
  await page.getByLabel('Search clients').fill('zoe');
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Send thanks to Zoe Zimmerman' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Failed to send message')).toBeVisible();
  await expect(page.getByText('Your business has no SMS number yet, so no text was sent.', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Set up SMS' })).toHaveAttribute('href', '/outreach');
  await expect(toast(page, 'Thank you message sent!')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('Thanks and Gift dialogs send and confirm', async ({ page }) => {
  await signUpWithClients(page);
  await chooseNumberViaApi(page);
  await page.getByLabel('Search clients').fill('zoe');
  await expect(rows(page)).toHaveCount(1);

  await page.getByRole('button', { name: 'Send thanks to Zoe Zimmerman' }).click();
  const message = page.getByRole('dialog').getByLabel('Message');
  await expect(message).toHaveValue(/^Hi Zoe!/);
  await message.fill('   ');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Send Message' })).toBeDisabled();
  await message.fill('Thanks Zoe, see you next month!');
  await expect(page.getByRole('dialog').getByTestId('sms-counter')).toHaveText('31 characters · 1 segment');
  await page.getByRole('dialog').getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Thank you message sent!')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The row is refetched and says when the client was last thanked.
  await expect(rows(page).first().getByTestId('last-thanked')).toHaveText('Thanked just now');
  await expect(rows(page).first().getByTestId('last-gifted')).toHaveCount(0);

  await page.getByRole('button', { name: 'Send a gift to Zoe Zimmerman' }).click();
  const gift = page.getByRole('dialog');
  await expect(gift.getByRole('button', { name: 'Send Gift' })).toBeDisabled();
  for (const preset of ['$10', '$25', '$50', '$100']) await expect(gift.getByRole('button', { name: preset, exact: true })).toBeVisible();
  await gift.getByLabel('Gift type').click();
  await page.getByRole('option', { name: 'Gift Card' }).click();
  for (const preset of ['$25', '$50', '$100', '$200']) await expect(gift.getByRole('button', { name: preset, exact: true })).toBeVisible();
  await gift.getByLabel('Gift type').click();
  await page.getByRole('option', { name: 'Custom' }).click();
  const amount = gift.getByLabel('Amount ($)');
  await expect(amount).toHaveAttribute('step', '0.01');
  await amount.fill('0');
  await expect(gift.getByRole('button', { name: 'Send Gift' })).toBeDisabled();
  await amount.fill('12.50');
  await gift.getByRole('button', { name: 'Send $12.50 Gift' }).click();
  await expect(toast(page, 'Gift sent successfully!')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rows(page).first().getByTestId('last-gifted')).toHaveText('Gifted just now');

  // The detail view shows both with dates; a client never thanked or gifted shows Never.
  await page.getByRole('button', { name: 'View details for Zoe Zimmerman' }).click();
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  await expect(page.getByTestId('last-thanked-at')).toHaveText(`${today} · Just now`);
  await expect(page.getByTestId('last-gifted-at')).toHaveText(`${today} · Just now`);
  await page.keyboard.press('Escape');
  await page.getByLabel('Search clients').fill('olivia');
  await page.getByRole('button', { name: 'View details for Olivia Brooks' }).click();
  await expect(page.getByTestId('last-thanked-at')).toHaveText('Never');
  await expect(page.getByTestId('last-gifted-at')).toHaveText('Never');
});

test('Export CSV downloads clients-export.csv', async ({ page }) => {
  await signUpWithClients(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe('clients-export.csv');
  await expect(toast(page, 'Export successful')).toBeVisible();
});

test('the booking trend period can be changed', async ({ page }) => {
  await signUpWithClients(page);
  await page.getByLabel('Period').click();
  for (const label of ['7 days', '30 days', '90 days', '6 months', '365 days']) await expect(page.getByRole('option', { name: label })).toBeVisible();
  const trends = page.waitForRequest((r) => r.url().includes('/api/analytics/booking-trends?days=180'));
  await page.getByRole('option', { name: '6 months' }).click();
  await trends;
});

test('at 375 px the clients collapse to cards and nothing overflows the page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpWithClients(page);
  const cards = page.getByTestId('client-cards');
  await expect(cards.getByRole('listitem')).toHaveCount(25);
  await expect(page.getByTestId('client-table')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await cards.getByRole('button', { name: 'Send thanks to Zoe Zimmerman' }).click();
  await expect(page.getByRole('dialog').getByLabel('Message')).toHaveValue(/^Hi Zoe!/);
});
