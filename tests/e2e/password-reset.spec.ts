import { expect, test } from '@playwright/test';
import { resetLinkFrom, signUpViaApi, openSignIn } from './support/accounts';
import { latestMailTo } from './support/outbox';
import { expectToast } from './support/toast';

test('forgot password, reset through the e-mailed link, sign in with the new password; the link then is expired', async ({ page }) => {
  const { email } = await signUpViaApi(page);
  await page.request.post('/api/auth/logout');

  await openSignIn(page);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill('nope');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check Your Email')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();

  const link = resetLinkFrom(await latestMailTo(email, '/reset-password?token'));
  const path = new URL(link).pathname + new URL(link).search;
  await page.goto(path);
  const password = page.getByLabel('New password', { exact: true });
  await expect(password).toBeVisible();
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show new password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide new password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await password.fill('abc');
  await page.getByLabel('Confirm new password', { exact: true }).fill('xyz');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await password.fill('brand-new-pass');
  await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-pass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset successfully!')).toBeVisible();
  await page.getByRole('link', { name: 'Continue to Login' }).click();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Welcome back!');
  await expect(page.getByRole('heading', { name: 'Lead Management' })).toBeVisible();

  await page.getByRole('complementary').getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Start Free' }).first()).toBeVisible();
  await page.goto(path);
  await expect(page.getByText('Link Expired')).toBeVisible();
  await expect(page.getByText('This password reset link has expired or has already been used.')).toBeVisible();
  await page.getByRole('link', { name: 'Request New Reset Link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('a reset link without a token is invalid', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid Reset Link')).toBeVisible();
  await expect(page.getByText('This password reset link is invalid or missing.')).toBeVisible();
});

test('an unknown token shows Link Expired', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token');
  await expect(page.getByText('Link Expired')).toBeVisible();
});
