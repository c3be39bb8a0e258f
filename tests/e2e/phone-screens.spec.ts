import { expect, test, type Locator } from '@playwright/test';
import { PASSWORD, signUpViaApi, uniqueEmail } from './support/accounts';
import { addClients, chooseNumberViaApi } from './support/sms';
import { toastWith } from './support/toast';
import { PHONE } from './support/viewports';

// What an owner on a phone (390 px) must be able to read and reach (docs/app-shell.md, docs/settings.md
// "Delivery banner", docs/accounts.md "A message typed when the session ended").

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

test('the welcome toast after sign-up leaves the setup guide’s step, "Go to Dashboard" and Continue uncovered', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Free' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Start Your Free Account' });
  await dialog.getByLabel('Your name').fill('Jane Smith');
  await dialog.getByLabel('Email').fill(uniqueEmail('phone-toast'));
  await dialog.getByLabel('Phone').fill('(415) 555-2671');
  await dialog.getByLabel('Business name').fill('Pocket Cleaning');
  await dialog.getByLabel('Business type').click();
  await page.getByRole('option', { name: 'Cleaning Services' }).click();
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Confirm password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Start My Free Account' }).click();

  await expect(page).toHaveURL(/\/setup-cleaning$/);
  const toast = toastWith(page, "Thanks! Let's get your referral system set up.");
  await expect(toast).toBeVisible();
  const counter = page.getByTestId('setup-step-counter');
  await expect(counter).toHaveText('Step 1 of 6');
  const overlaps = async (control: Locator) => {
    const [a, b] = [(await control.boundingBox())!, (await toast.boundingBox())!];
    return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  };
  // On arrival: the step and "Go to Dashboard" at the top; scrolled to the end, Continue, while the toast shows.
  expect(await overlaps(counter)).toBe(false);
  expect(await overlaps(page.getByRole('link', { name: 'Go to Dashboard' }))).toBe(false);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(toast).toBeVisible();
  expect(await overlaps(page.getByRole('navigation', { name: 'Setup steps' }).getByRole('button', { name: 'Continue' }))).toBe(false);
});

test('a thank-you typed after the session expired is offered again after signing in', async ({ page }) => {
  const { email } = await signUpViaApi(page);
  const added = await page.request.post('/api/clients', { data: { name: 'Nora Kept', email: 'nora.kept@example.com', serviceDate: '2025-03-10', amount: 120 } });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto('/clients');
  await page.getByTestId('client-cards').getByRole('button', { name: 'Send thanks to Nora Kept' }).click();
  const message = page.getByRole('dialog').getByLabel('Message');
  const typed = 'Nora, thank you for trusting us with your home all year!';
  await message.fill(typed);

  await page.context().clearCookies();
  await page.getByRole('dialog').getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/login\?session=expired&next=%2Fclients$/);
  await expect(page.getByText('Your session has ended')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/clients$/);

  await page.getByTestId('client-cards').getByRole('button', { name: 'Send thanks to Nora Kept' }).click();
  await expect(message).toHaveValue(typed);
  await expect(page.getByRole('dialog').getByText('Your unsent message was kept while you signed in again.')).toBeVisible();
  // Offered once: closed without sending, the dialog opens with the usual message next time.
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('client-cards').getByRole('button', { name: 'Send thanks to Nora Kept' }).click();
  await expect(message).toHaveValue(/^Hi Nora!/);
});

test('a bulk text typed after the session expired opens Bulk Messaging with it after signing in', async ({ page }) => {
  const { email } = await signUpViaApi(page);
  await addClients(page, [{ name: 'Bea Bulk', phone: '(512) 555-3301' }]);
  await chooseNumberViaApi(page);
  await page.goto('/outreach?tab=bulk');
  await page.getByLabel('Bea Bulk').click();
  const typed = 'Hi {clientName}! Spring slots are open this week.';
  await page.getByRole('textbox', { name: 'Message' }).fill(typed);

  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Send to 1 client' }).click();
  await expect(page).toHaveURL(/\/login\?session=expired&next=%2Foutreach%3Ftab%3Dbulk$/);
  await expect(page.getByText('Your session has ended')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/outreach\?tab=bulk$/);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(typed);
  await expect(page.getByText('Your unsent message was kept while you signed in again.')).toBeVisible();
  // Nothing went out while the session was gone.
  const history = await page.request.get('/api/sms/messages');
  expect(JSON.stringify(await history.json())).not.toContain('Spring slots');
});

test('an e-mail to a lead typed after the session expired keeps its subject and message through sign-in', async ({ page }) => {
  const { email } = await signUpViaApi(page);
  const added = await page.request.post('/api/leads', { data: { name: 'Lena Kept', email: 'lena.kept@example.com' } });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto('/leads');
  const openEmail = () => page.getByTestId('lead-inbox').getByTestId('lead-row').filter({ hasText: 'Lena Kept' }).getByRole('button', { name: 'Send email to Lena Kept' }).click();
  await openEmail();
  const dialog = page.getByRole('dialog', { name: 'Send Email' });
  await dialog.getByLabel('Subject').fill('Your cleaning quote');
  await dialog.getByLabel('Message').fill('Hi Lena,\n\nYour quote is $180 for a deep clean.');

  await page.context().clearCookies();
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(page).toHaveURL(/\/login\?session=expired&next=%2Fleads$/);
  await expect(page.getByText('Your session has ended')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/leads$/);

  await openEmail();
  await expect(dialog.getByLabel('Subject')).toHaveValue('Your cleaning quote');
  await expect(dialog.getByLabel('Message')).toHaveValue('Hi Lena,\n\nYour quote is $180 for a deep clean.');
  await expect(dialog.getByText('Your unsent message was kept while you signed in again.')).toBeVisible();
});
