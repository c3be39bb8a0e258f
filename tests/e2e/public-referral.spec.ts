import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { axeBuilder } from './support/axe';
import { addReferrer } from './support/referrals';

// The public referral page, signed out (spec part 2 "Public referral page"; docs/referrals.md "Public claim"):
// a client's hosted link /ref/CODE opens /refer?code=CODE, the offer and the form, the claim, the confirmation;
// the error card for a bad or missing code; the server's refusal shown on the form. Desktop and a phone.

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

/** An owner with one client; the friend's browser is another context, with no session. */
async function ownerWithReferrer(page: Page) {
  await signUpViaApi(page, { name: 'Sparkle Cleaning Co' });
  return addReferrer(page, 'Alice Mendez', '(512) 555-2101');
}

async function friendPage(browser: Browser, size: { width: number; height: number }) {
  const context = await browser.newContext({ viewport: size });
  return context.newPage();
}

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

for (const size of SIZES) {
  test(`${size.name}: a friend opens the share link, sees the offer, claims and sees the confirmation`, async ({ page, browser }) => {
    const alice = await ownerWithReferrer(page);
    const friend = await friendPage(browser, size);
    const scripts: { url: string; bytes: number }[] = [];
    friend.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.push({ url: res.url(), bytes: (await res.body()).length });
    });

    await friend.goto(`/ref/${alice.referralCode}`);
    await expect(friend).toHaveURL(new RegExp(`/refer\\?code=${alice.referralCode}$`));
    await expect(friend.getByRole('heading', { level: 1, name: 'Alice M. sent you a reward' })).toBeVisible();
    await expect(friend.getByText('Sparkle Cleaning Co', { exact: true })).toBeVisible();
    await expect(friend.getByText(/^\$25 off your first (cleaning|service)$/)).toBeVisible();
    // The owner set no reward for the referrer, so the page promises Alice none (referrer-reward.spec.ts).
    await expect(friend.getByText(/Alice M\. gets/)).toHaveCount(0);
    await expect(friend.getByText('Mendez')).toHaveCount(0);
    await expect(friend).toHaveTitle('Alice M. sent you a reward · Sparkle Cleaning Co');
    // Light: no app code, a few KB of script (raw, before compression).
    expect(scripts.every((s) => !/index-|react/.test(s.url)), scripts.map((s) => s.url).join(', ')).toBe(true);
    expect(scripts.reduce((n, s) => n + s.bytes, 0)).toBeLessThan(20_000);

    const axe = await axeBuilder(friend).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await noSidewaysScroll(friend);
    await friend.screenshot({ path: test.info().outputPath(`offer-${size.name}.png`), fullPage: true });

    await friend.getByRole('button', { name: 'Claim My Reward' }).click();
    await expect(friend.getByRole('alert')).toHaveText('Please fill in all fields');

    await friend.getByLabel('Name').fill('Emma Stone');
    await friend.getByLabel('Email').fill(`emma.${size.name}@example.com`);
    await friend.getByLabel('Phone').fill(size.name === 'phone' ? '512-555-3202' : '(512) 555-3201');
    await friend.getByRole('button', { name: 'Claim My Reward' }).click();
    await expect(friend.getByRole('heading', { level: 1, name: 'Reward claimed!' })).toBeVisible();
    await expect(friend.getByText(/^Thanks, Emma! Sparkle Cleaning Co will be in touch soon to book your first (cleaning|service)\.$/)).toBeVisible();
    await noSidewaysScroll(friend);
    await friend.screenshot({ path: test.info().outputPath(`confirmation-${size.name}.png`) });

    // The owner has the pending referral and the lead.
    const referrals = await (await page.request.get('/api/referrals')).json();
    expect(JSON.stringify(referrals)).toContain('Emma Stone');
    await friend.context().close();
  });
}

test('the error card for an unknown code and for a link without one; a refusal is shown on the form', async ({ page, browser }) => {
  const alice = await ownerWithReferrer(page);
  const friend = await friendPage(browser, SIZES[1]);

  await friend.goto('/ref/NOBODY-ZZZZZ');
  await expect(friend).toHaveURL(/\/refer\?code=NOBODY-ZZZZZ$/);
  await expect(friend.getByRole('heading', { level: 1, name: 'Invalid referral link' })).toBeVisible();
  await expect(friend.getByRole('button', { name: 'Claim My Reward' })).toHaveCount(0);
  await noSidewaysScroll(friend);
  await friend.screenshot({ path: test.info().outputPath('error-card-phone.png') });

  await friend.goto('/refer');
  await expect(friend.getByRole('heading', { level: 1, name: 'Invalid referral link' })).toBeVisible();

  // The referrer trying their own link: the server's message, and the form stays filled in.
  await friend.goto(`/refer?code=${alice.referralCode}`);
  await friend.getByLabel('Name').fill('Alice Mendez');
  await friend.getByLabel('Email').fill('someone.new@example.com');
  await friend.getByLabel('Phone').fill('512 555 2101');
  await friend.getByRole('button', { name: 'Claim My Reward' }).click();
  await expect(friend.getByRole('alert')).toHaveText("You can't claim your own referral reward. Share your link with a friend instead.");
  await expect(friend.getByLabel('Name')).toHaveValue('Alice Mendez');
  await expect(friend.getByRole('button', { name: 'Claim My Reward' })).toBeEnabled();
  await friend.context().close();
});
