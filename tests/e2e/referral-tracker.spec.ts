import { readFile } from 'node:fs/promises';
import { axeCheck } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { addReferrer, bookFriend, claimReferral, signInViaApi, type Friend, type Referrer } from './support/referrals';
import { expectToast } from './support/toast';
import { DESKTOP, PHONE } from './support/viewports';

// Referral Tracker (spec part 2): the empty state, and with referrals the metric cards, the table (search,
// status), Top Referrers, Summary, the Share dialog (hosted and website links, "Copied!" for 2 s) and Export
// CSV (referrals-export.csv, formula cells neutralised). At desktop width and on a phone, with axe's WCAG 2
// A/AA rules. The referrals are claimed once for all tests (the public claim is limited per address).

test.describe.configure({ mode: 'serial' });

async function openTracker(page: Page) {
  await page.goto('/referrals');
  await expect(page.getByRole('heading', { level: 1, name: 'Referral Tracker' })).toBeVisible({ timeout: 20_000 });
}

const EMMA: Friend = { name: 'Emma Stone', email: 'emma.stone@example.com', phone: '(512) 555-3101' };
const NOAH: Friend = { name: 'Noah Park', email: 'noah.park@example.com', phone: '(512) 555-3102' };
// A name a spreadsheet would run as a formula: the export must neutralise it.
const MIA: Friend = { name: '=HYPERLINK("http://evil.example","Mia")', email: 'mia.chen@example.com', phone: '(512) 555-3103' };
// The fourth claim from one address in a day is flagged for the owner to review.
const ZOE: Friend = { name: 'Zoe Burst', email: 'zoe.burst@example.com', phone: '(512) 555-3104' };

let owner: { email: string; password: string };
let olivia: Referrer;
let liam: Referrer;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  owner = await signUpViaApi(page);
  olivia = await addReferrer(page, 'Olivia Brooks', '(512) 555-2001');
  liam = await addReferrer(page, 'Liam Reed', '(512) 555-2002');
  await claimReferral(page, olivia.referralCode, EMMA);
  await claimReferral(page, olivia.referralCode, NOAH);
  await claimReferral(page, liam.referralCode, MIA);
  await claimReferral(page, liam.referralCode, ZOE);
  await bookFriend(page, EMMA);
  await page.close();
});

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`Referral Tracker on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('no referrals: the empty state leads to the clients', async ({ page }) => {
      await signUpViaApi(page);
      await openTracker(page);
      await expect(page).toHaveTitle('Referral Tracker · Referloop');
      await expect(page.getByRole('heading', { name: 'No referrals yet' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
      await axeCheck(page, 'the empty tracker');
      await page.getByRole('link', { name: 'See your clients and their codes' }).click();
      await expect(page).toHaveURL(/\/clients$/);
    });

    test('with referrals: cards, table, search and status, top referrers, summary, share links', async ({ page, context, baseURL }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signInViaApi(page, owner.email, owner.password);
      await openTracker(page);

      const metrics = page.getByTestId('referral-metrics');
      await expect(metrics.getByText('Total Referrals').locator('..')).toContainText('4');
      await expect(metrics.getByText('Converted', { exact: true }).locator('..')).toContainText('1');
      await expect(metrics.getByText('Pending', { exact: true }).locator('..')).toContainText('3');
      await expect(metrics.getByText('Conversion Rate').locator('..')).toContainText('25.0%');

      const rows = page.getByTestId('referral-row');
      await expect(rows).toHaveCount(4);
      const emma = rows.filter({ hasText: 'Emma Stone' });
      await expect(emma).toContainText('Olivia Brooks');
      await expect(emma).toContainText(olivia.referralCode);
      await expect(emma).toContainText('Converted');
      await expect(emma).toContainText('To give');
      await expect(rows.filter({ hasText: 'Noah Park' })).toContainText('Pending');
      await expect(rows.filter({ hasText: 'Noah Park' })).toContainText('Not earned yet');
      await expect(rows.filter({ hasText: 'Noah Park' }).getByTestId('flag-reason')).toHaveCount(0);
      await expect(rows.filter({ hasText: 'Zoe Burst' }).getByTestId('flag-reason')).toHaveText(/^Flagged for review: .+/);
      await axeCheck(page, 'the tracker with referrals');

      await page.getByLabel('Search referrals').fill('noah');
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText('Noah Park');
      await page.getByLabel('Search referrals').fill('');
      await expect(rows).toHaveCount(4);
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Converted' }).click();
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText('Emma Stone');
      // The cards are the whole business's, whatever the table shows.
      await expect(metrics.getByText('Total Referrals').locator('..')).toContainText('4');

      const top = page.getByTestId('top-referrer');
      await expect(top).toHaveCount(2);
      await expect(top.first()).toContainText('Olivia Brooks');
      await expect(top.first()).toContainText('2 referrals · 1 converted · 50.0%');
      await expect(top.nth(1)).toContainText('Liam Reed');
      await expect(top.nth(1)).toContainText('2 referrals · 0 converted · 0.0%');

      const summary = page.getByTestId('referral-summary');
      await expect(summary).toContainText('Rewards still to give1');
      await expect(summary).toContainText('Top referrerOlivia Brooks (2)');

      // Share: the hosted /ref/ link, copied with "Copied!" for 2 s; no website saved, so no website link.
      await page.getByRole('button', { name: "Share Olivia Brooks's referral link" }).click();
      const dialog = page.getByRole('dialog', { name: "Share Olivia Brooks's referral link" });
      const hosted = `${baseURL}/ref/${olivia.referralCode}`;
      await expect(dialog.getByTestId('share-hosted-link')).toHaveText(hosted);
      await expect(dialog.getByTestId('no-website')).toBeVisible();
      await axeCheck(page, 'the Share dialog');
      await dialog.getByRole('button', { name: 'Copy hosted link' }).click();
      await expect(dialog.getByRole('button', { name: 'Copy hosted link: Copied!' })).toHaveText('Copied!');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hosted);
      await expect(dialog.getByRole('button', { name: 'Copy hosted link', exact: true })).toHaveText('Copy', { timeout: 3_000 });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    });

    test('a business with a website: the Share dialog adds the website link with ?ref=', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signInViaApi(page, owner.email, owner.password);
      // No screen saves the website address yet: the profile answers with one.
      await page.route('**/api/business/profile', async (route) => {
        const res = await route.fetch();
        await route.fulfill({ response: res, json: { ...(await res.json()), websiteUrl: 'https://sparkle.example.com/book' } });
      });
      await openTracker(page);
      await page.getByRole('button', { name: "Share Liam Reed's referral link" }).click();
      const dialog = page.getByRole('dialog', { name: "Share Liam Reed's referral link" });
      const website = `https://sparkle.example.com/book?ref=${liam.referralCode}`;
      await expect(dialog.getByTestId('share-website-link')).toHaveText(website);
      await dialog.getByRole('button', { name: 'Copy website link' }).click();
      await expect(dialog.getByRole('button', { name: 'Copy website link: Copied!' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(website);
    });
  });
}

test('Export CSV downloads referrals-export.csv with every referral, formula cells neutralised', async ({ page }) => {
  await signInViaApi(page, owner.email, owner.password);
  await openTracker(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('referrals-export.csv');
  await expectToast(page, 'Export successful');
  const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines).toHaveLength(5);
  expect(lines[0]).toContain('Friend');
  expect(csv).toContain('Emma Stone');
  expect(csv).toContain('Noah Park');
  // The friend's formula-like name is text in a spreadsheet: a leading apostrophe, quotes doubled.
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Mia"")"`);
});

test('Export CSV that fails says so', async ({ page }) => {
  await signInViaApi(page, owner.email, owner.password);
  await page.route('**/api/referrals/export', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
  await openTracker(page);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expectToast(page, 'Export failed', 'Failed to export data.');
});
