import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { expectToast } from './support/toast';
import { DESKTOP, PHONE } from './support/viewports';

// The owner edits a client's name and e-mail, then uploads the same export again (the booking tool still has the
// old address): the client keeps the address it was known by, so nothing is new and nobody is split in two
// (docs/clients-api.md). At desktop width and on a phone, where the clients are cards.

const CSV = [
  'Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status',
  'Carla Chen,carla.chen@example.com,(512) 555-0190,2025-03-04,260,Completed',
  'Carla Chen,carla.chen@example.com,(512) 555-0190,2025-04-04,260,Completed',
  'Dan Diaz,dan.diaz@example.com,(512) 555-0191,2025-04-05,90,Completed',
].join('\n');

for (const viewport of [DESKTOP, PHONE]) {
  test(`${viewport.name}: an edited client stays one client when the same export is uploaded again`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signUpViaApi(page);
    const first = await page.request.post('/api/upload/csv', { multipart: { csv: { name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) } } });
    expect(first.status(), await first.text()).toBe(200);

    await page.goto('/clients');
    await page.getByRole('button', { name: 'View details for Carla Chen' }).first().click();
    const detail = page.getByTestId('client-detail');
    await detail.getByRole('button', { name: 'Edit' }).click();
    const form = detail.getByRole('form', { name: 'Edit client' });
    await form.getByLabel('Client Name').fill('Carla Chen-Ruiz');
    await form.getByLabel('Email').fill('carla.ruiz@example.com');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Client updated', "Carla Chen-Ruiz's details were saved.");
    await detail.getByRole('button', { name: 'Close' }).click();

    await page.goto('/data-sources');
    await page.getByLabel('Booking file (.csv, .xlsx, .xls)').setInputFiles({ name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByRole('button', { name: 'Upload and Process CSV' }).click();
    await expect(page.getByText('Nothing new: 3 bookings were already imported', { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('upload-history').getByTestId('upload-counts').first()).toContainText('2 clients: 2 already there');

    await page.goto('/clients');
    await expect(page.getByRole('button', { name: /^View details for / })).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'View details for Carla Chen', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'View details for Carla Chen-Ruiz' }).first().click();
    await expect(detail.getByText('carla.ruiz@example.com')).toBeVisible();
    await expect(detail.getByTestId('client-bookings').getByText('$260.00')).toHaveCount(2);
  });
}
