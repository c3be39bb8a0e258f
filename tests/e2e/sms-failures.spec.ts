import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { addClients, chooseNumberViaApi, playClientReply, randomAreaCode } from './support/sms';
import { expectToast } from './support/toast';

// SMS Management failure paths (spec part 2 sections 4 and 8): each shows the catalogue's text and leaves
// the screen usable. The server is made to fail with page.route only where a real failure can't be
// produced on the simulator; the rest are the server's own answers.


async function openSms(page: Page) {
  await page.goto('/outreach');
  await expect(page.getByRole('heading', { level: 1, name: 'SMS Management' })).toBeVisible({ timeout: 20_000 });
}

/** Matching requests answer with this status and body. */
async function fail(page: Page, url: string, status: number, body: unknown) {
  await page.route(url, (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }));
}

test('number search: a server error says Search failed with the HTTP status and body and returns to the input', async ({ page }) => {
  await signUpViaApi(page);
  await openSms(page);
  await fail(page, '**/api/sms/search-numbers', 503, { message: 'Provider unavailable' });
  await page.getByLabel('Area code').fill('512');
  await page.getByRole('button', { name: 'Search Numbers' }).click();
  await expectToast(page, 'Search failed', 'HTTP 503: {"message":"Provider unavailable"}');
  await expect(page.getByLabel('Area code')).toHaveValue('512');
  await expect(page.getByRole('button', { name: 'Search Numbers' })).toBeEnabled();
});

test('number search: no numbers says No numbers available and returns to the input', async ({ page }) => {
  await signUpViaApi(page);
  await openSms(page);
  await fail(page, '**/api/sms/search-numbers', 200, { success: false, numbers: [], message: '' });
  await page.getByLabel('Business ZIP code').fill('99999');
  await page.getByRole('button', { name: 'Search Numbers' }).click();
  await expectToast(page, 'No numbers available', 'No available numbers in this area code. Please try a nearby one.');
  await expect(page.getByLabel('Business ZIP code')).toHaveValue('99999');
});

test('number purchase: a failure says Setup failed with the message and stays on the numbers; another choice then works', async ({ page }) => {
  await signUpViaApi(page);
  await openSms(page);
  // An area code of its own: a test running beside it could buy the number chosen here.
  await page.getByLabel('Area code').fill(randomAreaCode());
  await page.getByRole('button', { name: 'Search Numbers' }).click();
  const offered = page.getByTestId('available-numbers').getByRole('listitem');
  await expect(offered.first()).toBeVisible();

  await fail(page, '**/api/sms/purchase-number', 409, { message: 'This number was just taken. Please choose another.' });
  await offered.first().getByRole('button', { name: /^Choose/ }).click();
  await expectToast(page, 'Setup failed', 'This number was just taken. Please choose another.');
  await expect(offered.first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose your business SMS number' })).toBeVisible();

  await page.unrouteAll();
  await offered.nth(1).getByRole('button', { name: /^Choose/ }).click();
  await expectToast(page, 'SMS number ready!');
  await expect(page.getByTestId('sms-number')).toBeVisible();
});

test('reply: a refused reply says Failed to send reply and keeps the text', async ({ page }) => {
  await signUpViaApi(page);
  const [olivia] = await addClients(page, [{ name: 'Olivia Brooks', phone: '(512) 555-2001' }]);
  await chooseNumberViaApi(page);
  await playClientReply(page, olivia.id, 'Are you free Friday?');
  await openSms(page);

  const card = page.getByTestId('conversation').filter({ hasText: 'Olivia Brooks' });
  await fail(page, '**/api/sms/reply', 502, { message: 'The SMS provider could not be reached. The text was not sent.' });
  const box = card.getByLabel('Reply to Olivia Brooks', { exact: true });
  await box.fill('Friday works!');
  await box.press('Enter');
  await expectToast(page, 'Failed to send reply', 'The SMS provider could not be reached. The text was not sent.');
  await expect(box).toHaveValue('Friday works!');
  // Bulk sends that fail or skip clients: sms-bulk.spec.ts.
});
