import { expect, test, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { axeCheck } from './support/axe';
import { openSignIn, signUpViaApi, uniqueEmail } from './support/accounts';
import { latestMailTo } from './support/outbox';
import { DESKTOP, PHONE, type Viewport } from './support/viewports';

// Two-factor sign-in (docs/accounts.md, "Two-factor sign-in"): a person turns it on from the key the page shows
// (the code is made here with the library the server checks it with), signs in with password then code, then
// with a recovery code; an owner requires it and a staff member is asked to set it up at sign-in. At both
// widths: the QR code, the key and the recovery codes must fit a phone.

const codeAt = (secret: string, offsetSeconds = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

/** Waits out the last 3 s of a 30-second step, so a code made now is still right when the server checks it. */
async function awayFromStepEdge(page: Page) {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 3000) await page.waitForTimeout(left + 100);
}

const newPage = async (browser: Browser, vp: Viewport) => (await browser.newContext({ viewport: { width: vp.width, height: vp.height } })).newPage();

/** Walks the setup on the page it is shown on: the key, a code, then the recovery codes. */
async function setUpOnPage(page: Page, vp: Viewport, shot: string): Promise<{ secret: string; codes: string[] }> {
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByLabel('Setup key').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await axeCheck(page, `${shot}: the setup`);
  if (vp.name === 'phone') await page.screenshot({ path: `test-results/two-factor-${shot}-setup-phone.png`, fullPage: true });
  await awayFromStepEdge(page);
  await page.getByLabel('6-digit code from the app').fill(codeAt(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allInnerTexts();
  await axeCheck(page, `${shot}: the recovery codes`);
  if (vp.name === 'phone') await page.screenshot({ path: `test-results/two-factor-${shot}-codes-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'I saved my recovery codes' }).click();
  return { secret, codes };
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await openSignIn(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

for (const vp of [DESKTOP, PHONE]) {
  test(`${vp.name}: turn on two-factor, sign in with password then code, then with a recovery code`, async ({ browser }) => {
    const page = await newPage(browser, vp);
    const { email, password } = await signUpViaApi(page);
    await page.goto('/security');
    await expect(page.getByRole('heading', { name: 'Sign-in security' })).toBeVisible();
    const { secret, codes } = await setUpOnPage(page, vp, 'own');
    await expect(page.getByText(/^On\. You sign in with your password and a code/)).toBeVisible();
    await expect(page.getByText('10 of 10 recovery codes left', { exact: false })).toBeVisible();

    await page.request.post('/api/auth/logout');
    await signInWithPassword(page, email, password);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await axeCheck(page, 'the code step');
    if (vp.name === 'phone') await page.screenshot({ path: 'test-results/two-factor-code-step-phone.png', fullPage: true });
    // The step the setup used is taken: the next one (the server allows one step of drift).
    await page.getByLabel('Code').fill(codeAt(secret, 30));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Lead Management' })).toBeVisible();

    await page.request.post('/api/auth/logout');
    await signInWithPassword(page, email, password);
    await page.getByLabel('Code').fill(codes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Lead Management' })).toBeVisible();

    // A used recovery code never works again.
    await page.request.post('/api/auth/logout');
    await signInWithPassword(page, email, password);
    await page.getByLabel('Code').fill(codes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('That code is not right. Please try again.')).toBeVisible();
  });

  test(`${vp.name}: an owner requires two-factor; a staff member sets it up at sign-in before using the app`, async ({ browser }) => {
    const owner = await newPage(browser, vp);
    await signUpViaApi(owner);
    const staffEmail = uniqueEmail('crew');
    expect((await owner.request.post('/api/team/invitations', { data: { email: staffEmail, role: 'staff' } })).status()).toBe(201);
    const mail = (await latestMailTo(staffEmail, '/join?token')).replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
    const token = /\/join\?token=([A-Za-z0-9_\-.%]+)/.exec(mail)?.[1];
    const staff = await newPage(browser, vp);
    expect((await staff.request.post('/api/team/join', { data: { token, name: 'Sam Crew', password: 'crew-pass-1', confirmPassword: 'crew-pass-1' } })).status()).toBe(201);
    await staff.request.post('/api/auth/logout');

    await owner.goto('/security');
    await setUpOnPage(owner, vp, 'owner');
    await owner.getByRole('button', { name: 'Require for everyone' }).click();
    await expect(owner.getByText('Required for everyone.')).toBeVisible();

    await signInWithPassword(staff, staffEmail, 'crew-pass-1');
    await expect(staff.getByRole('heading', { name: 'Set up two-factor' })).toBeVisible();
    if (vp.name === 'phone') await staff.screenshot({ path: 'test-results/two-factor-required-phone.png', fullPage: true });
    expect((await staff.request.get('/api/clients')).status()).toBe(403);
    await setUpOnPage(staff, vp, 'staff');
    await expect(staff.getByRole('heading', { name: 'Lead Management' })).toBeVisible();
    expect((await staff.request.get('/api/clients')).status()).toBe(200);
  });
}
