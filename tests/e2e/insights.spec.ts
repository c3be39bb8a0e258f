import { axeCheck } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { chooseNumberViaApi } from './support/sms';
import { expectToast } from './support/toast';
import { DESKTOP } from './support/viewports';

// Insights (spec part 2): the invitation with no data, then a booking history with completed and cancelled
// rows imported through Data Sources: the three sections with their
// figures, an overdue loyal client and the follow-up text (empty message refused, sent only once the server
// said so). The error state. With axe's WCAG 2 A/AA rules.


async function openInsights(page: Page) {
  await page.goto('/insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible({ timeout: 20_000 });
}

const ago = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Ann is loyal (every 14 days) and now overdue; Cal is on rhythm; Eve booked once; two cancelled rows and a scheduled one. */
function historyCsv() {
  const row = (name: string, email: string, phone: string, days: number, amount: number, status = 'Completed') =>
    [name, email, phone, ago(days), amount, status].join(',');
  return [
    'Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status',
    ...[100, 86, 72, 58].map((d) => row('Ann Overdue', 'ann.overdue@example.com', '(512) 555-4101', d, 100)),
    ...[30, 16, 2].map((d) => row('Cal Steady', 'cal.steady@example.com', '(512) 555-4102', d, 80)),
    row('Eve Once', 'eve.once@example.com', '', 5, 500),
    row('Ann Overdue', 'ann.overdue@example.com', '(512) 555-4101', 44, 100, 'Cancelled'),
    row('Cal Steady', 'cal.steady@example.com', '(512) 555-4102', 9, 80, 'No-Show'),
    row('Cal Steady', 'cal.steady@example.com', '(512) 555-4102', 1, 80, 'Scheduled'),
  ].join('\n');
}

async function uploadViaApi(page: Page, csv: string) {
  const res = await page.request.post('/api/upload/csv', { multipart: { csv: { name: 'history.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } } });
  expect(res.status(), await res.text()).toBe(200);
  expect(await res.json()).toMatchObject({ processed: 8, skipped: 3 });
}

async function uploadViaDataSources(page: Page, csv: string) {
  await page.goto('/data-sources');
  await page.getByLabel('Booking file (.csv, .xlsx, .xls)').setInputFiles({ name: 'history.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload and Process CSV' }).click();
  await expectToast(page, 'Upload Successful', 'Processed 8 bookings, skipped 3');
}

// One width: this screen renders the same elements on a phone (support/viewports.ts).
for (const viewport of [DESKTOP]) {
  test.describe(`Insights on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('no bookings: the invitation leads to Data Sources', async ({ page }) => {
      await signUpViaApi(page);
      await openInsights(page);
      await expect(page).toHaveTitle('Insights · Referloop');
      await expect(page.getByRole('heading', { name: 'No insights yet' })).toBeVisible();
      await axeCheck(page, 'the empty Insights');
      await page.getByRole('link', { name: 'Upload your client list' }).click();
      await expect(page).toHaveURL(/\/data-sources$/);
    });

    test('imported bookings: the three sections, an overdue client and a follow-up text', async ({ page }) => {
      await signUpViaApi(page);
      await uploadViaDataSources(page, historyCsv());
      await chooseNumberViaApi(page);
      await openInsights(page);

      const loyalty = page.getByRole('region', { name: 'Loyalty & Retention' });
      // 2 of 3 clients booked more than once; usual gaps 14 and 14 days.
      await expect(loyalty).toContainText('66.7%');
      await expect(loyalty).toContainText('14 days');
      const overdue = loyalty.getByRole('list', { name: 'Inactive but loyal clients' }).getByRole('listitem');
      await expect(overdue).toHaveCount(1);
      await expect(overdue).toContainText('Ann Overdue');
      await expect(overdue).toContainText(/4[345] days overdue/);
      await expect(overdue).toContainText('usually every 14 days');

      const value = page.getByRole('region', { name: 'Client Value' });
      // 1,140 over 8 completed bookings.
      await expect(value).toContainText('$142.50');
      const top = value.getByRole('list', { name: 'Top clients by lifetime value' }).getByRole('listitem');
      await expect(top).toHaveText([/Eve Once.*\$500\.00/, /Ann Overdue.*\$400\.00/, /Cal Steady.*\$240\.00/]);

      const trends = page.getByRole('region', { name: 'Operational Trends' });
      // 2 kept cancellations (a cancelled and a no-show) over 2 + 8; the scheduled row is not one.
      await expect(trends).toContainText('20.0%');
      await expect(trends).toContainText('2 cancelled or no-show');
      await expect(trends.getByRole('heading', { name: 'Bookings per month' })).toBeVisible();
      await axeCheck(page, 'Insights with data');
      await page.screenshot({ path: `test-results/insights-${viewport.name}.png`, fullPage: true });

      await overdue.getByRole('button', { name: 'Send follow-up to Ann Overdue' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send Follow-up' });
      await expect(dialog).toBeVisible();
      const box = dialog.getByLabel('Message');
      await expect(box).toHaveValue(/it's been a while/);
      await axeCheck(page, 'the follow-up dialog');
      await page.screenshot({ path: `test-results/insights-dialog-${viewport.name}.png` });

      await box.fill('   ');
      await dialog.getByRole('button', { name: 'Send SMS' }).click();
      await expectToast(page, 'Invalid input', 'Please ensure all fields are filled out.');
      await expect(dialog).toBeVisible();

      await box.fill('Hi {clientName}, we miss you! Reply to book.');
      await expect(dialog.getByTestId('sms-counter')).toContainText('44/160 characters');
      await dialog.getByRole('button', { name: 'Send SMS' }).click();
      await expectToast(page, 'Follow-up sent', 'Text sent to Ann Overdue');
      await expect(dialog).toBeHidden();

      // The text is in the message history, personalised.
      const history = await page.request.get('/api/sms/messages');
      expect(JSON.stringify(await history.json())).toContain('Hi Ann, we miss you! Reply to book.');
    });

    test('a failed read says so, and a failed send gives the fallback', async ({ page }) => {
      await signUpViaApi(page);
      await uploadViaApi(page, historyCsv());
      await page.route('**/api/insights', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }));
      await openInsights(page);
      await expect(page.getByRole('heading', { name: 'Failed to load insights' })).toBeVisible();
      await expectToast(page, 'Failed to load insights');
      await page.unroute('**/api/insights');
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('region', { name: 'Loyalty & Retention' })).toBeVisible();

      await page.route('**/api/outreach/send-sms', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }));
      await page.getByRole('button', { name: 'Send follow-up to Ann Overdue' }).click();
      await page.getByRole('dialog', { name: 'Send Follow-up' }).getByRole('button', { name: 'Send SMS' }).click();
      await expectToast(page, 'Failed to send SMS', 'There was an error sending the message.');
      await expect(page.getByRole('dialog', { name: 'Send Follow-up' })).toBeVisible();
    });
  });
}
