import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { PHONE } from './support/viewports';

// What an owner on a phone (390 px) must be able to read and reach (docs/app-shell.md, docs/settings.md
// "Delivery banner").

test.use({ viewport: { width: PHONE.width, height: PHONE.height } });

test('without Twilio and SMTP, SMS and Leads carry a one-line banner whose Details open the variables on Settings', async ({ page }) => {
  await signUpViaApi(page);
  for (const [path, heading, sentence] of [
    ['/outreach', 'SMS', 'Texts go to the SMS simulator.'],
    ['/leads', 'Lead Management', 'Texts and e-mail are simulated.'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    const banner = page.getByRole('region', { name: 'Delivery is simulated' });
    await expect(banner).toHaveText(`${sentence}Details on Settings`);
    expect((await banner.boundingBox())!.height).toBeLessThan(60);
    await expect(banner).not.toContainText('TWILIO');
  }

  await page.getByRole('region', { name: 'Delivery is simulated' }).getByRole('link', { name: 'Details on Settings' }).click();
  await expect(page).toHaveURL(/\/settings#delivery$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Delivery is simulated' });
  await expect(details).toContainText('Texts go to the SMS simulator.');
  await expect(details).toContainText('set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
  await expect(details).toContainText('E-mail is saved as files.');
  await expect(details).toContainText('set SMTP_URL');

  // Screens that neither text nor e-mail have no banner.
  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivery is simulated' })).toHaveCount(0);
});
