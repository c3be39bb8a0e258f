import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { addClients, chooseNumberViaApi } from './support/sms';
import { expectToast } from './support/toast';
import { DESKTOP, PHONE } from './support/viewports';

// The review loop on the SMS simulator (docs/reviews.md): the reminder and referral-ask settings, a review request
// sent from the client view with its short link, the client opening it (redirected to the Google link), the state in
// the client list and view, the owner's "left a review" mark, and the Insights review section. The timed reminder
// and referral ask: reviews-follow-ups.spec.ts.

const GOOGLE = 'https://g.page/r/e2e-reviews/review';
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function saveReviewLink(page: Page) {
  const current = await (await page.request.get('/api/outreach/settings')).json();
  const res = await page.request.post('/api/outreach/settings', { data: { ...current, googleReviewLink: GOOGLE } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The short link of the newest review request texted (read back from Message History). */
async function sentShortLink(page: Page): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const { messages } = await (await page.request.get('/api/sms/messages')).json();
      const body: string = messages.find((m: { messageType: string }) => m.messageType === 'review')?.messageBody ?? '';
      link = /https?:\/\/\S+\/r\/[0-9a-f]{32}/.exec(body)?.[0] ?? '';
      return link;
    }, { timeout: 15_000 })
    .not.toBe('');
  return link;
}

/** A business with a number and a review link, one client with a phone. */
async function setUp(page: Page) {
  await signUpViaApi(page);
  await chooseNumberViaApi(page);
  await saveReviewLink(page);
  const [client] = await addClients(page, [{ name: 'Rosa Review', phone: '5125550177' }]);
  return client;
}

test('settings: one reminder after 5 days and "Ask reviewers to refer", saved and still there after a reload', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUpViaApi(page);
  await chooseNumberViaApi(page);
  await page.goto('/outreach?tab=setup');
  const card = page.getByTestId('sms-automations');
  await card.getByLabel('Remind once if the link is not opened').selectOption('5');
  await card.getByRole('switch', { name: 'Ask reviewers to refer' }).click();
  await card.getByRole('button', { name: 'Save automations' }).click();
  await expectToast(page, 'Automations saved');
  await page.reload();
  await expect(card.getByLabel('Remind once if the link is not opened')).toHaveValue('5', { timeout: 20_000 });
  await expect(card.getByRole('switch', { name: 'Ask reviewers to refer' })).toHaveAttribute('aria-checked', 'true');
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`on ${viewport.name}: a review request from the client view, opened by the client, then marked reviewed`, async ({ page, browser }) => {
    await page.setViewportSize(viewport);
    const client = await setUp(page);

    // The client list says "not asked"; the client view sends the request.
    await page.goto('/clients');
    const list = page.getByTestId(viewport.name === 'phone' ? 'client-cards' : 'client-table');
    await expect(list.getByTestId('review-state')).toHaveText('Review not asked', { timeout: 20_000 });
    await list.getByRole('button', { name: `View details for ${client.name}` }).click();
    const detail = page.getByTestId('client-detail');
    await expect(detail.getByTestId('client-review-state')).toHaveText('Review not asked');
    await detail.getByRole('button', { name: 'Send review request' }).click();
    await expectToast(page, 'Review request queued');

    // The text carries the app's short link; the client's phone opens it and is sent on to the Google link.
    const link = await sentShortLink(page);
    expect(link.startsWith(new URL(page.url()).origin)).toBe(true);
    const phone = await browser.newContext({ userAgent: PHONE_UA });
    const opened = await phone.request.get(link, { maxRedirects: 0 });
    expect(opened.status()).toBe(302);
    expect(opened.headers().location).toBe(GOOGLE);
    await phone.close();

    // The owner sees it opened (the list and the view), and marks the review.
    await page.reload();
    await expect(list.getByTestId('review-state')).toHaveText(/^Review link opened /, { timeout: 20_000 });
    await list.getByRole('button', { name: `View details for ${client.name}` }).click();
    await expect(detail.getByTestId('client-review-state')).toHaveText(/^Review link opened /);
    await detail.getByRole('button', { name: 'Mark as reviewed' }).click();
    await expectToast(page, 'Rosa Review marked as reviewed');
    await expect(detail.getByTestId('client-review-state')).toHaveText(/^Left a review \(marked /);
  });

  test(`on ${viewport.name}: Insights counts the month's request, open and mark; an unknown short link is a plain page`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const client = await setUp(page);
    expect((await page.request.post(`/api/reviews/clients/${client.id}/request`, { data: {} })).status()).toBe(200);
    const link = await sentShortLink(page);
    expect((await page.request.get(link, { maxRedirects: 0, headers: { 'user-agent': PHONE_UA } })).status()).toBe(302);
    expect((await page.request.post(`/api/reviews/clients/${client.id}/reviewed`, { data: { reviewed: true } })).status()).toBe(200);

    await page.goto('/insights');
    const months = page.getByTestId('review-months');
    await expect(months.locator('tbody tr').first().locator('td')).toHaveText([/\w{3} \d{4}/, '1', '1', '0', '1', '0', '100%'], { timeout: 20_000 });
    await page.screenshot({ path: test.info().outputPath(`reviews-insights-${viewport.name}.png`), fullPage: true });

    await page.goto('/r/0123456789abcdef0123456789abcdef');
    await expect(page.getByRole('heading', { name: 'Review link' })).toBeVisible();
  });
}
