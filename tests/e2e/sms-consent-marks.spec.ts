import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { addReferrer } from './support/referrals';
import { addClients, chooseNumberViaApi, playClientReply } from './support/sms';

// Who may get texts, as the owner and the friend see it (docs/sms.md "Who gets marketing texts",
// docs/referrals.md "Text consent"): the claim page's own unticked consent box with the compliance sentence,
// and the "Opted out" mark in the client list, the client view, Conversations and the bulk recipient list.


const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];
const COMPLIANCE = 'Message and data rates may apply. Message frequency varies. Reply STOP to opt out, HELP for help.';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

for (const size of SIZES) {
  test(`${size.name}: the claim page asks for text consent with its own unticked box, and sends what the friend chose`, async ({ page, browser }) => {
    await signUpViaApi(page, { name: 'Sparkle Cleaning Co' });
    const alice = await addReferrer(page, 'Alice Mendez', '(512) 555-2101');
    const friend = await (await browser.newContext({ viewport: size })).newPage();
    await friend.goto(`/refer?code=${alice.referralCode}`);
    const consent = friend.getByRole('checkbox', { name: /Text me about my reward and offers from Sparkle Cleaning Co\./ });
    await expect(consent).not.toBeChecked();
    await expect(friend.getByText(COMPLIANCE)).toBeVisible();
    await shot(friend, `claim-consent-${size.name}`);

    await friend.getByLabel('Name').fill('Emma Stone');
    await friend.getByLabel('Email').fill(`emma.consent.${size.name}@example.com`);
    await friend.getByLabel('Phone').fill('(512) 555-3301');
    const ticked = size.name === 'desktop';
    if (ticked) await consent.check();
    const sent = friend.waitForRequest((r) => r.url().endsWith('/api/public/referral') && r.method() === 'POST');
    await friend.getByRole('button', { name: 'Claim My Reward' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ name: 'Emma Stone', smsConsent: ticked });
    await expect(friend.getByRole('heading', { level: 1, name: 'Reward claimed!' })).toBeVisible();
    await friend.context().close();
  });
}

test('an opted-out client is marked "Opted out" in the client list, the client view, Conversations and the bulk list', async ({ page }) => {
  await signUpViaApi(page);
  const [, liam] = await addClients(page, [
    { name: 'Olivia Brooks', phone: '(512) 555-2401' },
    { name: 'Liam Reed', phone: '(512) 555-2402' },
  ]);
  await chooseNumberViaApi(page);
  await playClientReply(page, liam.id, 'STOP');

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/clients');
    const row = page.locator(size.name === 'desktop' ? '[data-testid="client-table"] tr' : '[data-testid="client-cards"] > li').filter({ hasText: 'Liam Reed' }).first();
    await expect(row.getByTestId('opted-out')).toHaveText('Opted out');
    await expect(page.locator(size.name === 'desktop' ? '[data-testid="client-table"] tr' : '[data-testid="client-cards"] > li').filter({ hasText: 'Olivia Brooks' }).first().getByTestId('opted-out')).toHaveCount(0);
    await shot(page, `client-list-${size.name}`);
  }
  await page.setViewportSize(SIZES[0]);
  await page.getByRole('button', { name: 'View details for Liam Reed' }).first().click();
  await expect(page.getByTestId('client-detail').getByTestId('opted-out')).toHaveText('Opted out');
  await page.keyboard.press('Escape');

  await page.goto('/outreach?tab=conversations');
  const conversation = page.getByTestId('conversation').filter({ hasText: 'Liam Reed' });
  await expect(conversation.getByTestId('opted-out')).toHaveText('Opted out');

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/outreach?tab=bulk');
    const list = page.getByTestId('bulk-clients');
    await expect(list.locator('li').filter({ hasText: 'Liam Reed' }).getByTestId('opted-out')).toHaveText('Opted out');
    await expect(page.getByRole('checkbox', { name: /Liam Reed/ })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: /Olivia Brooks/ })).toBeEnabled();
    await page.getByRole('textbox', { name: 'Message' }).fill('Hi {clientName}, we have openings Friday.');
    await page.getByLabel('Select All').click();
    await expect(page.getByTestId('bulk-preview')).toContainText('Hi Olivia, we have openings Friday.');
    await shot(page, `bulk-${size.name}`);
  }
});
