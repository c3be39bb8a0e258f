import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { addReferrer, claimReferral } from './support/referrals';
import { addClients, chooseNumberViaApi, playClientReply } from './support/sms';
import { expectToast } from './support/toast';

// A second tap never texts twice (docs/sms.md, "The same send is one text"): every send button is tapped twice
// in one tick, before the screen can draw it disabled. The button waits ("Sending...") from the first tap, one
// request goes, the spec's toast says what happened, and the person gets one text.

/** Two clicks in one tick, as a double tap on a phone lands. */
const doubleTap = (button: Locator) =>
  button.evaluate((b: HTMLButtonElement) => {
    b.click();
    b.click();
  });

/** Counts the POSTs to a URL the page makes from now on. */
function countPosts(page: Page, url: RegExp): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && url.test(r.url())) n += 1;
  });
  return () => n;
}

/** The business's outbound texts to a number, as stored. */
async function textsTo(page: Page, e164: string): Promise<string[]> {
  const res = await page.request.get('/api/sms/messages');
  expect(res.status(), await res.text()).toBe(200);
  const { messages } = (await res.json()) as { messages: { direction: string; toNumber: string; messageBody: string }[] };
  return messages.filter((m) => m.direction === 'outbound' && m.toNumber === e164).map((m) => m.messageBody);
}

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
}

test('Thanks and Gift: a double tap sends one text each', async ({ page }) => {
  await signUpViaApi(page);
  await addClients(page, [{ name: 'Zoe Zimmerman', phone: '(512) 555-4101' }]);
  await chooseNumberViaApi(page);
  await open(page, '/clients', 'Client Dashboard');
  const thanksPosts = countPosts(page, /\/api\/admin\/send-thanks$/);
  const giftPosts = countPosts(page, /\/api\/admin\/send-gift$/);

  await page.getByRole('button', { name: 'Send thanks to Zoe Zimmerman' }).first().click();
  await page.getByRole('dialog').getByLabel('Message').fill('Thanks Zoe, see you next month!');
  await doubleTap(page.getByRole('dialog').getByRole('button', { name: 'Send Message' }));
  await expectToast(page, 'Thank you message sent!');
  expect(thanksPosts()).toBe(1);
  expect(await textsTo(page, '+15125554101')).toEqual(['Thanks Zoe, see you next month!']);

  await page.getByRole('button', { name: 'Send a gift to Zoe Zimmerman' }).first().click();
  const gift = page.getByRole('dialog');
  await gift.getByRole('button', { name: '$25', exact: true }).click();
  await doubleTap(gift.getByRole('button', { name: 'Send $25.00 Gift' }));
  await expectToast(page, 'Gift sent successfully!');
  expect(giftPosts()).toBe(1);
  expect(await textsTo(page, '+15125554101')).toHaveLength(2);
});

test('Follow Up and a reply on the Activity Dashboard: a double tap sends one text each', async ({ page }) => {
  await signUpViaApi(page);
  const [olivia] = await addClients(page, [{ name: 'Olivia Brooks', phone: '(512) 555-4201' }]);
  const rita = await addReferrer(page, 'Rita Referrer', '(512) 555-4202');
  await claimReferral(page, rita.referralCode, { name: 'Noah Park', email: 'noah.park@example.com', phone: '(512) 555-4203' });
  await chooseNumberViaApi(page);
  await playClientReply(page, olivia.id, 'Can you come Tuesday?');
  await open(page, '/dashboard', 'Activity Dashboard');
  const reminderPosts = countPosts(page, /\/api\/referrals\/send-reminder\/\d+$/);
  const replyPosts = countPosts(page, /\/api\/sms\/reply$/);

  await doubleTap(page.getByRole('button', { name: 'Follow Up with Noah Park' }));
  await expectToast(page, 'Reminder sent successfully');
  expect(reminderPosts()).toBe(1);
  expect(await textsTo(page, '+15125554203')).toHaveLength(1);

  await page.getByLabel('Reply to Olivia Brooks', { exact: true }).fill('Tuesday at 10 works.');
  await doubleTap(page.getByRole('button', { name: 'Send reply to Olivia Brooks' }));
  await expectToast(page, 'Reply sent successfully');
  expect(replyPosts()).toBe(1);
  expect(await textsTo(page, '+15125554201')).toEqual(['Tuesday at 10 works.']);
});

test("a lead's Send SMS: a double tap sends one text", async ({ page }) => {
  await signUpViaApi(page);
  const rita = await addReferrer(page, 'Rita Referrer', '(512) 555-4301');
  await claimReferral(page, rita.referralCode, { name: 'Lena Lead', phone: '(512) 555-4302', email: 'lena.lead@example.com' }, true);
  await chooseNumberViaApi(page);
  await open(page, '/', 'Lead Management');
  const posts = countPosts(page, /\/api\/leads\/\d+\/sms$/);

  await page.getByTestId('lead-row').filter({ hasText: 'Lena Lead' }).getByRole('button', { name: 'Send SMS to Lena Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send SMS' });
  await dialog.getByLabel('Message').fill('Hi Lena! We have Tuesday open.');
  await doubleTap(dialog.getByRole('button', { name: 'Send SMS' }));
  await expectToast(page, 'SMS sent', 'Your text to Lena Lead was sent.');
  expect(posts()).toBe(1);
  expect(await textsTo(page, '+15125554302')).toEqual(['Hi Lena! We have Tuesday open.']);
});

test('Bulk: a double tap makes one batch, and what the server did is said beside Send', async ({ page }) => {
  await signUpViaApi(page);
  await addClients(page, [
    { name: 'Bea Bulk', phone: '(512) 555-4401' },
    { name: 'Bo Bulk', phone: '(512) 555-4402' },
  ]);
  await chooseNumberViaApi(page);
  await open(page, '/outreach?tab=bulk', 'SMS Management');
  const posts = countPosts(page, /\/api\/sms\/bulk$/);

  await page.getByLabel('Select All').click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Would you leave us a review, {clientName}?');
  await doubleTap(page.getByRole('button', { name: 'Send to 2 clients' }));
  await expect(page.getByTestId('bulk-send-answer')).toHaveText("2 texts queued; they go out about one a second, inside each client's sending hours.");
  expect(posts()).toBe(1);
  const { batches } = (await (await page.request.get('/api/sms/bulk')).json()) as { batches: { total: number }[] };
  expect(batches).toHaveLength(1);
  expect(batches[0].total).toBe(2);

  // The same send again moments later (the button is free again once the texts went): the same batch, said so.
  await expect(page.getByTestId('bulk-headline')).toHaveText('Done', { timeout: 25_000 });
  await page.getByLabel('Select All').click();
  await page.getByRole('button', { name: 'Send to 2 clients' }).click();
  await expect(page.getByTestId('bulk-send-answer')).toHaveText('This send was already started; nothing was queued twice.');
  expect(((await (await page.request.get('/api/sms/bulk')).json()) as { batches: unknown[] }).batches).toHaveLength(1);
  expect(await textsTo(page, '+15125554401')).toHaveLength(1);
});
