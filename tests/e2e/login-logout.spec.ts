import { expect, test } from '@playwright/test';
import { PASSWORD, signUpViaApi, uniqueEmail, openSignIn } from './support/accounts';
import { expectToast } from './support/toast';

test('sign in, see the shell with the business, and sign out', async ({ page }) => {
  const { email, name } = await signUpViaApi(page, { name: 'Shine Bright Cleaning' });
  await page.request.post('/api/auth/logout');

  await openSignIn(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Welcome back!');
  // Sign-in lands on the signed-in home, the Lead Inbox at / (issue 12), never a placeholder.
  await expect(page).toHaveURL(/:\d+\/$/);
  const sidebar = page.getByRole('complementary');
  await expect(sidebar.getByText(name)).toBeVisible();
  await expect(sidebar.getByText(email)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lead Management' })).toBeVisible();
  await expect(page.getByText('Coming soon')).toHaveCount(0);

  await sidebar.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Start Free' }).first()).toBeVisible();
  await page.goto('/leads');
  await expect(page.getByRole('button', { name: 'Start Free' }).first()).toBeVisible();
});

test('a wrong password shows Login failed and stays on the sign-in screen', async ({ page }) => {
  const { email } = await signUpViaApi(page);
  await page.request.post('/api/auth/logout');
  await openSignIn(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Login failed');
  await expect(page).toHaveURL(/\/login$/);
});

test('sign-in checks the e-mail and password length before calling the server', async ({ page }) => {
  await openSignIn(page);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('abc');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the signup screen validates with the spec messages and goes to /setup', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret999');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Business name is required')).toBeVisible();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel('Business name').fill('Green Lawns');
  await page.getByLabel('Email').fill(uniqueEmail('signup'));
  await page.getByLabel('Confirm password').fill('secret123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Referloop, Green Lawns!' })).toBeVisible();
  await expect(page.getByTestId('setup-step-counter')).toHaveText('Step 1 of 6');
});

test('the signup screen shows the server message when the e-mail is taken', async ({ page }) => {
  const { email } = await signUpViaApi(page);
  await page.request.post('/api/auth/logout');
  await page.goto('/signup');
  await page.getByLabel('Business name').fill('Copycat Cleaning');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Signup failed', 'An account with this email already exists');
});

test('Sign In waits for the app on the prerendered page, so the form never submits by itself', async ({ page }) => {
  // The sign-in page is prerendered; before its scripts run, a native submit would put the password in the URL.
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  const { email } = await signUpViaApi(page, { name: 'Early Bird Cleaning' });
  await page.request.post('/api/auth/logout');

  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Welcome back!');
  await expect(page).toHaveURL(/:\d+\/$/);
});
