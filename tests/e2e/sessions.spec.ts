import { expect, test, type Browser } from '@playwright/test';
import { openSignIn, signUpViaApi, uniqueEmail } from './support/accounts';
import { latestMailTo } from './support/outbox';
import { axeCheck } from './support/axe';
import { expectToast } from './support/toast';
import { DESKTOP, PHONE, type Viewport } from './support/viewports';

// Settings → Your sessions and Password (docs/accounts.md, "Sessions and password"): a person signed in on two
// devices sees both, signs the other out (its next action lands on sign-in), and changes their password, which
// ends their other sessions. The rows stack on a phone, so the phone walks the section too.

const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const device = async (browser: Browser, vp: Viewport, userAgent: string) =>
  (await browser.newContext({ viewport: { width: vp.width, height: vp.height }, userAgent })).newPage();

for (const vp of [DESKTOP, PHONE]) {
  test(`${vp.name}: two devices; the other one signed out from Settings; the password changed`, async ({ browser }) => {
    const laptop = await device(browser, vp, MAC);
    const { email, password } = await signUpViaApi(laptop);
    const phone = await device(browser, vp, ANDROID);
    await openSignIn(phone);
    await phone.getByLabel('Email').fill(email);
    await phone.getByLabel('Password').fill(password);
    await phone.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(phone, 'Welcome back!');

    await laptop.goto('/settings');
    const section = laptop.getByRole('region', { name: 'Your sessions' });
    const rows = section.getByTestId('account-session');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Chrome on Mac');
    await expect(rows.first()).toContainText('This device');
    await expect(rows.first()).toContainText('Active now');
    await expect(rows.first().getByRole('button', { name: /^Sign out/ })).toHaveCount(0);
    const other = rows.filter({ hasText: 'Chrome on Android' });
    await expect(other).toContainText(/Signed in .* · Last used/);
    if (vp.name === 'phone') {
      await section.screenshot({ path: test.info().outputPath('sessions-390.png') });
      await axeCheck(laptop, 'Your sessions on a phone');
    }
    await other.getByRole('button', { name: /^Sign out Chrome on Android/ }).click();
    await expectToast(laptop, 'Signed out', 'Chrome on Android is signed out.');
    await expect(rows).toHaveCount(1);

    // The phone's next action (a click in the app) finds its session ended and opens sign-in.
    const nav = vp.name === 'phone' ? (await phone.getByRole('button', { name: 'Open menu' }).click(), phone.getByRole('dialog', { name: 'Menu' })) : phone.getByRole('complementary');
    await nav.getByRole('link', { name: /^Clients/ }).click();
    await expect(phone).toHaveURL(/\/login\?session=expired/);
    await expect(phone.getByText('Your session has ended. Please sign in again to continue where you left off.')).toBeVisible();

    // Signed in again on the phone; then the password changes on the laptop: a wrong current one is refused.
    expect((await phone.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
    const form = laptop.getByRole('region', { name: 'Password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('brand-new-1');
    await form.getByLabel('Confirm new password').fill('brand-new-1');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Your current password is incorrect.')).toBeVisible();
    await form.getByLabel('Current password').fill(password);
    await form.getByLabel('New password', { exact: true }).fill('abc');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
    await form.getByLabel('New password', { exact: true }).fill('brand-new-1');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectToast(laptop, 'Password changed', 'Your password has been changed. Your other sessions were signed out.');
    await expect(form.getByLabel('Current password')).toHaveValue('');
    await expect(rows).toHaveCount(1);
    if (vp.name === 'phone') await form.screenshot({ path: test.info().outputPath('password-390.png') });

    await phone.goto('/clients');
    await expect(phone).toHaveURL(/\/login\?session=expired/);
    expect((await phone.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(401);
    expect((await phone.request.post('/api/auth/login', { data: { email, password: 'brand-new-1' } })).status()).toBe(200);
    await laptop.goto('/clients');
    await expect(laptop.getByRole('heading', { name: 'Client Dashboard' })).toBeVisible();
  });
}

test('desktop: "Sign out everywhere else" ends the other sessions and keeps this one', async ({ browser }) => {
  const laptop = await device(browser, DESKTOP, MAC);
  const { email, password } = await signUpViaApi(laptop);
  const phone = await device(browser, DESKTOP, ANDROID);
  const tablet = await device(browser, DESKTOP, ANDROID);
  for (const page of [phone, tablet]) expect((await page.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  await laptop.goto('/settings');
  const section = laptop.getByRole('region', { name: 'Your sessions' });
  await expect(section.getByTestId('account-session')).toHaveCount(3);
  await section.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await laptop.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expectToast(laptop, 'Signed out everywhere else', 'Signed out of 2 other sessions.');
  await expect(section.getByTestId('account-session')).toHaveCount(1);
  await expect(section.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);
  for (const page of [phone, tablet]) expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  expect((await laptop.request.get('/api/auth/me')).status()).toBe(200);
});

test('desktop: staff open Settings and find only their own sessions and password', async ({ browser }) => {
  const owner = await device(browser, DESKTOP, MAC);
  await signUpViaApi(owner);
  const staffEmail = uniqueEmail('crew');
  expect((await owner.request.post('/api/team/invitations', { data: { email: staffEmail, role: 'staff' } })).status()).toBe(201);
  const link = /\/join\?token=([A-Za-z0-9_\-.%]+)/.exec((await latestMailTo(staffEmail, '/join?token')).replace(/=\r?\n/g, '').replace(/=3D/gi, '='));
  const staff = await device(browser, DESKTOP, ANDROID);
  const joined = await staff.request.post('/api/team/join', { data: { token: link?.[1], name: 'Sam Crew', password: 'crew-pass-1', confirmPassword: 'crew-pass-1' } });
  expect(joined.status()).toBe(201);
  await staff.goto('/clients');
  await staff.getByRole('complementary').getByRole('link', { name: /^Settings/ }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Your sessions' }).getByTestId('account-session')).toHaveCount(1);
  await expect(staff.getByRole('region', { name: 'Password' })).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Business Profile' })).toHaveCount(0);
  await expect(staff.getByRole('region', { name: 'Team' })).toHaveCount(0);
  await expect(staff.getByRole('region', { name: 'Activity' })).toHaveCount(0);
  await axeCheck(staff, 'Settings for staff');
});
