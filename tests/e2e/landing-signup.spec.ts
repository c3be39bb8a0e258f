import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/accounts';
import { expectToast } from './support/toast';

async function openModal(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Start Free' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start Your Free Account' });
  await expect(dialog).toBeVisible();
  return dialog;
}


test('the landing page shows every section and the sign-in link', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const heading of ["What You'll Get", 'How it Works', 'Results You Can See']) {
    await expect(page.getByText(heading, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('60-second demo video coming soon')).toBeVisible();
  await expect(page.getByText('No credit card required').first()).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path shows the landing page when signed out', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('button', { name: 'Start Free' }).first()).toBeVisible();
});

test('every call-to-action opens the signup modal', async ({ page }) => {
  await page.goto('/');
  for (const name of ['Start Free', 'Get Started Free', 'Start Free Today']) {
    await page.getByRole('button', { name, exact: true }).last().click();
    const dialog = page.getByRole('dialog', { name: 'Start Your Free Account' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('landing signup checks the fields in order, then signs up and starts setup', async ({ page }) => {
  const dialog = await openModal(page);
  await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(dialog.getByLabel('Phone')).toHaveAttribute('type', 'tel');
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('placeholder', 'Minimum 6 characters');

  const submit = dialog.getByRole('button', { name: 'Start My Free Account' });
  await submit.click();
  await expectToast(page, 'Please fill in all fields', 'All fields are required to create your account.');

  await dialog.getByLabel('Your name').fill('Jane Smith');
  await dialog.getByLabel('Email').fill(uniqueEmail('landing'));
  await dialog.getByLabel('Phone').fill('(415) 555-2671');
  await dialog.getByLabel('Business name').fill('Sparkle Cleaning Co');
  await dialog.getByLabel('Business type').click();
  await page.getByRole('option', { name: 'Cleaning Services' }).click();
  await dialog.getByLabel('Password', { exact: true }).fill('abc');
  await dialog.getByLabel('Confirm password').fill('abc');
  await submit.click();
  await expectToast(page, 'Password too short', 'Password must be at least 6 characters long.');

  await dialog.getByLabel('Password', { exact: true }).fill('secret123');
  await dialog.getByLabel('Confirm password').fill('secret124');
  await submit.click();
  await expectToast(page, "Passwords don't match", 'Please make sure both passwords are identical.');

  await dialog.getByLabel('Confirm password').fill('secret123');
  await submit.click();
  await expectToast(page, "Thanks! Let's get your referral system set up.", "You're in — starting setup now...");
  await expect(page).toHaveURL(/\/setup-cleaning$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Referloop, Sparkle Cleaning Co!' })).toBeVisible();
  // The setup guide names the business type chosen in the modal (tests/e2e/setup-guide.spec.ts walks it).
  await expect(page.getByText('for your cleaning services business')).toBeVisible();
  await expect(page.getByTestId('setup-step-counter')).toHaveText('Step 1 of 6');
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('landing signup with a taken e-mail shows the server message and keeps the modal open', async ({ page }) => {
  const email = uniqueEmail('taken');
  const first = await page.request.post('/api/auth/signup', {
    data: { name: 'First', email, password: 'secret123', confirmPassword: 'secret123' },
  });
  expect(first.status()).toBe(201);
  await page.request.post('/api/auth/logout');

  const dialog = await openModal(page);
  await dialog.getByLabel('Your name').fill('Jane Smith');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone').fill('(415) 555-2671');
  await dialog.getByLabel('Business name').fill('Second Co');
  await dialog.getByLabel('Business type').click();
  await page.getByRole('option', { name: 'Landscaping' }).click();
  await dialog.getByLabel('Password', { exact: true }).fill('secret123');
  await dialog.getByLabel('Confirm password').fill('secret123');
  await dialog.getByRole('button', { name: 'Start My Free Account' }).click();
  await expectToast(page, 'Signup Failed', 'An account with this email already exists');
  await expect(dialog).toBeVisible();
});
