import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { addClients, chooseNumberViaApi } from './support/sms';
import { expectToast } from './support/toast';
import { DESKTOP, PHONE } from './support/viewports';

// The timed half of the review loop (docs/reviews.md) on the SMS simulator: a request not opened gets one reminder,
// a request opened before then gets none, and an opened link brings the referral ask two days later. The days pass
// through the browser tests' hook (E2E_HOOKS=1, README "Tests"): it moves the business's review requests into the
// past and runs the hourly follow-up scan; the texts go out through the real outbox.

const GOOGLE = 'https://g.page/r/e2e-follow-ups/review';
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

type Sent = { messageType: string; messageBody: string; client?: { name: string } | null };
async function outbound(page: Page): Promise<Sent[]> {
  const { messages } = await (await page.request.get('/api/sms/messages')).json();
  return (messages as (Sent & { direction: string })[]).filter((m) => m.direction === 'outbound');
}
/** The texts sent, as "<type> to <client>", once `count` of them have gone out. */
async function sentTexts(page: Page, count: number): Promise<string[]> {
  let texts: string[] = [];
  await expect.poll(async () => (texts = (await outbound(page)).map((m) => `${m.messageType} to ${m.client?.name}`)).length, { timeout: 15_000 }).toBe(count);
  return texts.sort();
}
const shortLinkOf = async (page: Page, name: string) =>
  /https?:\/\/\S+\/r\/[0-9a-f]{32}/.exec((await outbound(page)).find((m) => m.messageType === 'review' && m.client?.name === name)?.messageBody ?? '')?.[0] ?? '';
async function clientOpens(request: APIRequestContext, link: string) {
  const res = await request.get(link, { maxRedirects: 0, headers: { 'user-agent': PHONE_UA } });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe(GOOGLE);
}
async function daysPass(page: Page, days: number) {
  const res = await page.request.post('/__e2e/reviews/days-pass', { data: { days } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`on ${viewport.name}: not opened → one reminder, then the referral ask after the open; opened at once → no reminder`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUpViaApi(page);
    await chooseNumberViaApi(page);
    const current = await (await page.request.get('/api/outreach/settings')).json();
    const saved = await page.request.post('/api/outreach/settings', {
      data: { ...current, googleReviewLink: GOOGLE, autoMessageSettings: { ...current.autoMessageSettings, reviewReminderDays: 3, askReviewersToRefer: true, referAfterReviewDays: 2 } },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const [rosa, omar] = await addClients(page, [
      { name: 'Rosa Later', phone: '5125550171' },
      { name: 'Omar Quick', phone: '5125550172' },
    ]);

    // Both are asked from their client view; Omar opens his link at once, Rosa doesn't.
    await page.goto('/clients');
    const list = page.getByTestId(viewport.name === 'phone' ? 'client-cards' : 'client-table');
    const detail = page.getByTestId('client-detail');
    for (const c of [rosa, omar]) {
      await list.getByRole('button', { name: `View details for ${c.name}` }).click();
      await detail.getByRole('button', { name: 'Send review request' }).click();
      await expectToast(page, 'Review request queued');
      await detail.getByRole('button', { name: 'Close' }).click();
      await expect(detail).toBeHidden();
    }
    expect(await sentTexts(page, 2)).toEqual(['review to Omar Quick', 'review to Rosa Later']);
    await clientOpens(page.request, await shortLinkOf(page, omar.name));

    // Four days later: Rosa's one reminder, Omar's referral ask (two days after his open), no reminder for Omar.
    expect(await daysPass(page, 4)).toEqual({ reminders: 1, referralAsks: 1 });
    expect(await sentTexts(page, 4)).toEqual(['referral to Omar Quick', 'review to Omar Quick', 'review to Rosa Later', 'reviewReminder to Rosa Later']);
    await page.goto('/outreach?tab=history');
    const history = page.getByTestId('message-history');
    await expect(history.getByTestId('history-row').filter({ hasText: 'To Rosa Later' }).filter({ hasText: 'a quick reminder from' })).toHaveCount(1);
    await expect(history.getByTestId('history-row').filter({ hasText: 'To Omar Quick' }).filter({ hasText: 'a quick reminder from' })).toHaveCount(0);
    await page.goto('/clients');
    const rosaState = list.locator('tr, li').filter({ hasText: rosa.name }).getByTestId('review-state');
    await expect(rosaState).toHaveText(/^Review asked .+, reminded /, { timeout: 20_000 });

    // A second scan the same day sends nothing more; Rosa opens the reminder's link, and two days on gets the referral ask.
    expect(await daysPass(page, 1)).toEqual({ reminders: 0, referralAsks: 0 });
    await clientOpens(page.request, await shortLinkOf(page, rosa.name));
    expect(await daysPass(page, 2)).toEqual({ reminders: 0, referralAsks: 1 });
    expect(await sentTexts(page, 5)).toContain('referral to Rosa Later');
    await page.goto('/outreach?tab=history');
    const ask = history.getByTestId('history-row').filter({ hasText: 'To Rosa Later' }).filter({ hasText: 'Share your link with friends' });
    await expect(ask).toHaveCount(1);
    await expect(ask).toContainText('/refer?code=');
    await page.screenshot({ path: test.info().outputPath(`review-follow-ups-${viewport.name}.png`), fullPage: true });
  });
}

