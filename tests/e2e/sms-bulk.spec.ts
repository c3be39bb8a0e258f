import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { addClients, chooseNumberViaApi, playClientReply } from './support/sms';
import { expectToast, toastWith } from './support/toast';
import { DESKTOP } from './support/viewports';

// Bulk Messaging as durable server work: one POST /api/sms/bulk, then the batch's progress as the
// server counts it, texts going out about one a second. The app runs with SMS_SEND_WINDOW=off, so no text
// waits for quiet hours whatever the hour.


// The queue's worker takes a text about every 1 to 2 s; a busy machine adds to it.
const DONE_MS = 45_000;
const result = (page: Page) => page.getByTestId('bulk-result');
const outbound = (page: Page) => page.locator('[data-testid="history-row"][data-direction="outbound"]');

async function openBulk(page: Page) {
  await page.goto('/outreach?tab=bulk');
  await expect(page.getByRole('heading', { level: 1, name: 'SMS Management' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('tab', { name: 'Bulk Messaging' })).toHaveAttribute('aria-selected', 'true');
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

function phones(n: number, prefix: string) {
  return Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${String.fromCharCode(65 + i)}`, phone: `(512) 555-${String(3000 + i)}` }));
}

// One width: this screen renders the same elements on a phone (support/viewports.ts).
for (const viewport of [DESKTOP]) {
  test(`on ${viewport.name}: three clients are texted, with progress, then Messages sent successfully and 3 sent`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUpViaApi(page);
    await addClients(page, [...phones(3, 'Client'), { name: 'Nora Nophone' }]);
    await chooseNumberViaApi(page);
    await openBulk(page);

    await expect(page.getByLabel('Nora Nophone')).toBeDisabled();
    await page.getByLabel('Select All').click();
    for (const name of ['Client A', 'Client B', 'Client C']) await expect(page.getByLabel(name)).toBeChecked();
    await expect(page.getByLabel('Nora Nophone')).not.toBeChecked();
    await page.getByRole('textbox', { name: 'Message' }).fill('Hi {clientName}! Spring slots are open this week.');
    await expect(page.getByTestId('sms-counter')).toContainText('49/160 characters');

    await page.getByRole('button', { name: 'Send to 3 clients' }).click();
    // The batch as the server queued it: nothing sent yet, the first text going out.
    await expect(result(page).getByTestId('bulk-headline')).toHaveText(/Sending [1-3] of 3\.\.\./);
    await expect(result(page).getByRole('progressbar', { name: 'Texts done' })).toHaveAttribute('aria-valuemax', '3');
    await expect(page.getByRole('button', { name: /^Sending/ })).toBeDisabled();
    await shot(page, `bulk-progress-${viewport.name}`);

    await expect(result(page).getByTestId('bulk-headline')).toHaveText('Done', { timeout: DONE_MS });
    await expectToast(page, 'Messages sent successfully', 'Sent to 3 clients.');
    await expect(result(page)).toContainText('3 sent, 0 failed');
    await expect(result(page).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
    await expect(toastWith(page, 'Failed to send messages')).toHaveCount(0);
    await shot(page, `bulk-done-${viewport.name}`);

    await page.getByRole('tab', { name: 'Message History' }).click();
    await expect(outbound(page)).toHaveCount(3);
    await expect(outbound(page).filter({ hasText: 'Client B' })).toContainText('Hi Client! Spring slots are open this week.');

    // The result stays until it is dismissed, also after a reload; then it stays gone.
    await openBulk(page);
    await expect(result(page)).toContainText('3 sent, 0 failed');
    await result(page).getByRole('button', { name: 'Dismiss the bulk send result' }).click();
    await expect(result(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Select All')).toBeVisible({ timeout: 20_000 });
    await expect(result(page)).toHaveCount(0);
  });
}

test('a reload in the middle of a send shows the progress going on to the same final count, with no text sent twice', async ({ page }) => {
  await signUpViaApi(page);
  const clients = await addClients(page, phones(8, 'Guest'));
  await chooseNumberViaApi(page);
  await openBulk(page);

  await page.getByLabel('Select All').click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Hi {clientName}, we have openings Friday.');
  await page.getByRole('button', { name: 'Send to 8 clients' }).click();
  const sent = result(page).getByTestId('bulk-sent');
  await expect(sent).toHaveText(/^[2-7] sent$/, { timeout: 20_000 });

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Bulk Messaging' })).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
  await expect(result(page).getByTestId('bulk-headline')).toHaveText(/Sending [3-8] of 8\.\.\./);
  await shot(page, 'bulk-after-reload');

  // Leaving the tab and coming back shows the same batch again.
  await page.getByRole('tab', { name: 'Conversations' }).click();
  await page.getByRole('tab', { name: 'Bulk Messaging' }).click();
  await expect(result(page)).toBeVisible();

  await expect(result(page).getByTestId('bulk-headline')).toHaveText('Done', { timeout: DONE_MS });
  await expectToast(page, 'Messages sent successfully', 'Sent to 8 clients.');
  await expect(result(page)).toContainText('8 sent, 0 failed');

  await page.getByRole('tab', { name: 'Message History' }).click();
  await expect(outbound(page)).toHaveCount(8);
  for (const c of clients) await expect(outbound(page).filter({ hasText: c.name })).toHaveCount(1);
  const history = await (await page.request.get('/api/sms/messages')).json();
  expect(JSON.stringify(history).match(/we have openings Friday/g)).toHaveLength(8);
});

test('a client who opted out is marked "Opted out" and cannot be selected; the others are sent', async ({ page }) => {
  await signUpViaApi(page);
  const [, liam] = await addClients(page, [
    { name: 'Olivia Brooks', phone: '(512) 555-2001' },
    { name: 'Liam Reed', phone: '(512) 555-2002' },
  ]);
  await chooseNumberViaApi(page);
  await playClientReply(page, liam.id, 'STOP');
  await openBulk(page);

  const list = page.getByTestId('bulk-clients');
  await expect(list.locator('li').filter({ hasText: 'Liam Reed' }).getByTestId('opted-out')).toHaveText('Opted out');
  await expect(page.getByRole('checkbox', { name: /Liam Reed/ })).toBeDisabled();
  await expect(list.locator('li').filter({ hasText: 'Olivia Brooks' }).getByTestId('texting-basis')).toHaveText('Booked with you');
  await page.getByLabel('Select All').click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Hi {clientName}, we have openings Friday.');
  await page.getByRole('button', { name: 'Send to 1 client' }).click();
  await expect(result(page).getByTestId('bulk-headline')).toHaveText('Done', { timeout: DONE_MS });
  await expectToast(page, 'Messages sent successfully');
  await shot(page, 'bulk-opted-out');
});

test('a refused send shows the server\'s message; without a number the toast leads to Setup', async ({ page }) => {
  await signUpViaApi(page);
  await addClients(page, [{ name: 'Olivia Brooks', phone: '(512) 555-2001' }]);
  await chooseNumberViaApi(page);
  await openBulk(page);
  await page.getByLabel('Olivia Brooks').click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Hi {clientName}!');

  // The number went away after the page loaded (elsewhere): the server refuses and nothing is queued.
  const noNumber = 'Your business has no SMS number yet, so no text was sent. Choose one under SMS Management (Setup) first.';
  await page.route('**/api/sms/bulk', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: noNumber }) }) : route.fallback(),
  );
  await page.getByRole('button', { name: 'Send to 1 client' }).click();
  await expectToast(page, 'Failed to send messages', noNumber);
  await expect(page.getByText(noNumber, { exact: true }).first()).toBeVisible();
  await expect(result(page)).toHaveCount(0);
  await toastWith(page, 'Failed to send messages').getByRole('button', { name: 'Set up SMS' }).click();
  await expect(page.getByRole('tab', { name: 'Setup' })).toHaveAttribute('aria-selected', 'true');
});

test('texts waiting for quiet hours say so and when the next goes out; a text the provider failed is named, and its client stays selected for another try', async ({ page }) => {
  await signUpViaApi(page);
  const [, liam] = await addClients(page, [
    { name: 'Olivia Brooks', phone: '(512) 555-2001' },
    { name: 'Liam Reed', phone: '(512) 555-2002' },
  ]);
  await chooseNumberViaApi(page);
  await openBulk(page);

  // A provider failure can't be made on the simulator from a browser: the batch's answers are played.
  const base = { id: 4242, message: 'Hi {clientName}!', createdAt: new Date().toISOString(), total: 2, held: 0, skipped: 0, nextAt: null, waits: [] };
  // One text goes out now, the other waits for its recipient's quiet hours (three hours from now).
  const nextAt = new Date(Date.now() + 3 * 3600_000).toISOString();
  const going = { ...base, queued: 1, held: 1, sending: 1, sent: 0, failed: 0, nextAt, finished: false, problems: [] };
  const reason = 'The text to Liam Reed was not sent: carrier unreachable. It is kept as failed in Message History; please try again.';
  const ended = { ...base, queued: 0, held: 0, sending: 0, sent: 1, failed: 1, finished: true, problems: [{ clientId: liam.id, name: 'Liam Reed', status: 'failed', reason }] };
  let polls = 0;
  await page.route('**/api/sms/bulk', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ json: { success: true, message: '2 texts queued', batch: going } }) : route.fallback(),
  );
  await page.route('**/api/sms/bulk/4242', (route) => route.fulfill({ json: (polls += 1) < 3 ? going : ended }));

  await page.getByLabel('Select All').click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Hi {clientName}!');
  await page.getByRole('button', { name: 'Send to 2 clients' }).click();
  await expect(result(page).getByTestId('bulk-headline')).toHaveText('Sending 1 of 2...');
  await expect(result(page).getByTestId('bulk-waiting')).toHaveText(/^1 waits for the recipient's quiet hours to end\. Next text at \d{1,2}:\d{2} [AP]M\.$|Next text at \w{3} \w{3} \d{1,2}, /);
  await shot(page, 'bulk-waiting');
  await expect(result(page).getByTestId('bulk-headline')).toHaveText('Done', { timeout: DONE_MS });
  await expectToast(page, 'Failed to send messages', `1 sent, 1 failed: Liam Reed: ${reason}`);
  await expect(result(page).getByTestId('bulk-problems')).toContainText(`Liam Reed: ${reason}`);
  await expect(page.getByLabel('Liam Reed')).toBeChecked();
  await expect(page.getByLabel('Olivia Brooks')).not.toBeChecked();
});

// One width: this screen renders the same elements on a phone (support/viewports.ts).
for (const viewport of [DESKTOP]) {
  test(`on ${viewport.name}: texts outside their sending hours are counted per zone with when they go`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUpViaApi(page);
    await addClients(page, phones(3, 'Zone'));
    await chooseNumberViaApi(page);
    // The app runs with SMS_SEND_WINDOW=off, so nothing is held: the batch's answer is played (the server's
    // waits per zone are tested at a fixed clock in pacing.test.ts). A 2,000-client send at 9:00 Eastern.
    // 8:00 am in a zone on its today + plusDays: the UTC hour whose local hour there is 8.
    const eightAm = (timeZone: string, plusDays = 0) => {
      const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).split('-').map(Number);
      const hourThere = (t: Date) => Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(t));
      const at = Array.from({ length: 24 }, (_, h) => new Date(Date.UTC(y, m - 1, d + plusDays, h))).find((t) => hourThere(t) === 8 && t.getUTCHours() >= 10);
      return at!.toISOString();
    };
    const batch = {
      id: 5151, message: 'Hi {clientName}, 20% off this week', createdAt: new Date().toISOString(), total: 2000,
      queued: 1640, held: 900, sending: 1, sent: 359, failed: 0, skipped: 0, nextAt: new Date(Date.now() + 1000).toISOString(), finished: false, problems: [],
      waits: [
        { count: 300, at: eightAm('America/Denver'), timeZone: 'America/Denver' },
        { count: 412, at: eightAm('America/Los_Angeles'), timeZone: 'America/Los_Angeles' },
        { count: 188, at: eightAm('Pacific/Honolulu', 1), timeZone: 'Pacific/Honolulu' },
      ],
    };
    await page.route('**/api/sms/bulk', (route) => (route.request().method() === 'GET' ? route.fulfill({ json: { batches: [batch] } }) : route.fallback()));
    await page.route('**/api/sms/bulk/5151', (route) => route.fulfill({ json: batch }));
    await openBulk(page);

    await expect(result(page).getByTestId('bulk-headline')).toHaveText('Sending 360 of 2000...');
    await expect(result(page).getByTestId('bulk-waiting')).toContainText('Outside their sending hours now:');
    await expect(result(page).getByTestId('bulk-wait')).toHaveText(['300 wait for 8:00 am Mountain', '412 wait for 8:00 am Pacific', '188 wait for 8:00 am Hawaii tomorrow']);
    await shot(page, `bulk-waits-${viewport.name}`);
  });
}

test('a double click on Send makes one request and one batch, and each client gets one text', async ({ page }) => {
  await signUpViaApi(page);
  await addClients(page, phones(2, 'Twice'));
  await chooseNumberViaApi(page);
  await openBulk(page);
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/sms/bulk')) posts += 1;
  });
  await page.getByLabel('Select All').click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Only once, {clientName}');
  // Two clicks in one tick, before the screen can disable the button.
  await page.getByRole('button', { name: 'Send to 2 clients' }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(result(page).getByTestId('bulk-headline')).toHaveText('Done', { timeout: DONE_MS });
  // The second click finds a send being posted; the server would answer a second request with the same batch.
  expect(posts).toBe(1);
  const { batches } = await (await page.request.get('/api/sms/bulk')).json();
  expect(batches).toHaveLength(1);
  expect(batches[0]).toMatchObject({ total: 2, sent: 2 });
  await page.getByRole('tab', { name: 'Message History' }).click();
  await expect(outbound(page)).toHaveCount(2);
});

test('a text whose outcome is unknown says "Checking if sent" in Message History, not Failed', async ({ page }) => {
  await signUpViaApi(page);
  await addClients(page, phones(1, 'Unsure'));
  await chooseNumberViaApi(page);
  await openBulk(page);
  await page.getByLabel('Select All').click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Are you there, {clientName}?');
  await page.getByRole('button', { name: 'Send to 1 client' }).click();
  await expect(result(page).getByTestId('bulk-headline')).toHaveText('Done', { timeout: DONE_MS });
  // The simulator never loses an answer: the history's answer is played with that text's outcome unknown.
  await page.route('**/api/sms/messages**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.messages = body.messages.map((m: { status: string }) => ({ ...m, status: 'unknown' }));
    await route.fulfill({ response, json: body });
  });
  await page.getByRole('tab', { name: 'Message History' }).click();
  await expect(outbound(page)).toHaveCount(1);
  await expect(outbound(page)).toContainText('Checking if sent');
  await expect(outbound(page)).not.toContainText('Failed');
});

test('a Review Request without a Google review link: the preview says why and Send stays disabled; with the link it sends', async ({ page }) => {
  await signUpViaApi(page);
  const clients = await addClients(page, phones(2, 'Reviewer'));
  await chooseNumberViaApi(page);
  await openBulk(page);

  await page.getByLabel('Select All').click();
  await page.getByRole('button', { name: 'Review Request' }).click();
  const why = '{googleReviewLink} has no value yet: add your Google review link in Settings or remove it from the message. A text that uses it is not sent.';
  await expect(page.getByTestId('bulk-preview-missing')).toHaveText(why);
  const send = page.getByRole('button', { name: 'Send to 2 clients' });
  await expect(send).toBeDisabled();
  await expect(send).toHaveAccessibleDescription(why);
  await expect(result(page)).toHaveCount(0);

  // The server refuses the same message with the same sentence, nothing queued.
  const message = await page.getByRole('textbox', { name: 'Message' }).inputValue();
  const refused = await page.request.post('/api/sms/bulk', { data: { clientIds: clients.map((c) => c.id), message } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toBe(why);
  expect((await (await page.request.get('/api/sms/bulk')).json()).batches).toEqual([]);

  expect((await page.request.put('/api/business/settings', { data: { googleReviewLink: 'https://g.page/r/reviewer/review' } })).ok()).toBeTruthy();
  await openBulk(page);
  await page.getByLabel('Select All').click();
  await page.getByRole('button', { name: 'Review Request' }).click();
  await expect(page.getByTestId('bulk-preview')).toContainText('https://g.page/r/reviewer/review');
  await expect(page.getByTestId('bulk-preview-missing')).toHaveCount(0);
  await page.getByRole('button', { name: 'Send to 2 clients' }).click();
  await expect(result(page).getByTestId('bulk-headline')).toHaveText(/Sending [1-2] of 2\.\.\.|Done/);
});
