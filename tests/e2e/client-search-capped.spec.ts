import { expect, test } from '@playwright/test';

// Client Dashboard: a search that matches more than 1,000 clients says "1,000+" and still pages on, short or long;
// a search under the cap shows the exact count (docs/clients-api.md).


const MANY = 1030;

function bookingsCsv() {
  const lines = ['Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status'];
  for (let i = 1; i <= MANY; i += 1) lines.push(`Karl Client${i},karl${i}@example.com,,2025-03-${String(1 + (i % 28)).padStart(2, '0')},100,Completed`);
  lines.push('Zoe Zimmerman,zoe.zimmerman@example.com,,2025-03-05,150,Completed');
  return lines.join('\n');
}

test('a search over 1,000 matches shows "1,000+ clients" and pages on', async ({ page }) => {
  const email = `capped-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signup = await page.request.post('/api/auth/signup', { data: { name: 'Biz', email, password: 'secret123', confirmPassword: 'secret123' } });
  expect(signup.ok()).toBeTruthy();
  const upload = await page.request.post('/api/upload/csv', {
    multipart: { csv: { name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(bookingsCsv()) } },
  });
  expect(upload.ok()).toBeTruthy();
  await page.goto('/clients');
  await expect(page.getByText(`Showing 1–25 of ${(MANY + 1).toLocaleString('en-US')} clients`)).toBeVisible();

  const rows = page.getByTestId('client-row');
  await page.getByLabel('Search clients').fill('ar');
  await expect(page.getByText('Showing 1–25 of 1,000+ clients')).toBeVisible();
  await expect(rows).toHaveCount(25);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Showing 26–50 of 1,000+ clients')).toBeVisible();
  await expect(rows).toHaveCount(25);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled();

  // Under the cap, short or long: the exact count (Client1, Client10–19, Client100–199, Client1000–1030); a longer
  // search over the cap says 1,000+ as well.
  await page.getByLabel('Search clients').fill('zo');
  await expect(page.getByText('Showing 1–1 of 1 client', { exact: true })).toBeVisible();
  await page.getByLabel('Search clients').fill('client1');
  await expect(page.getByText('Showing 1–25 of 142 clients')).toBeVisible();
  await expect(page.getByText(/1,000\+/)).toHaveCount(0);
  await page.getByLabel('Search clients').fill('karl');
  await expect(page.getByText('Showing 1–25 of 1,000+ clients')).toBeVisible();
});
