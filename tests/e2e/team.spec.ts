import { expect, test, type Browser } from '@playwright/test';
import { openSignIn, signUpViaApi, uniqueEmail } from './support/accounts';
import { latestMailTo } from './support/outbox';
import { expectToast } from './support/toast';
import { DESKTOP, PHONE, type Viewport } from './support/viewports';

// A business is a team (docs/accounts.md, "People and roles"): the owner invites a staff member from Settings →
// Team, they accept the e-mailed link and sign in, work, are refused what staff may not do and don't see it,
// and are signed out at once when the owner removes them. At both widths: the Team section and the menu branch on it.

const joinLinkFrom = (eml: string) => {
  const decoded = eml.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const match = /https?:\/\/[^\s"'<>]*\/join\?token=[A-Za-z0-9_\-.%]+/.exec(decoded);
  if (!match) throw new Error('no join link in the e-mail');
  return new URL(match[0]).pathname + new URL(match[0]).search;
};

const newPage = async (browser: Browser, vp: Viewport) => (await browser.newContext({ viewport: { width: vp.width, height: vp.height } })).newPage();

/** Owner signed up and a staff member who joined through the API: the second test's starting point. */
async function teamViaApi(browser: Browser, vp: Viewport) {
  const owner = await newPage(browser, vp);
  await signUpViaApi(owner);
  const staffEmail = uniqueEmail('crew');
  expect((await owner.request.post('/api/team/invitations', { data: { email: staffEmail, role: 'staff' } })).status()).toBe(201);
  const staff = await newPage(browser, vp);
  const token = new URLSearchParams(joinLinkFrom(await latestMailTo(staffEmail, '/join?token')).split('?')[1]).get('token');
  const joined = await staff.request.post('/api/team/join', { data: { token, name: 'Sam Crew', password: 'crew-pass-1', confirmPassword: 'crew-pass-1' } });
  expect(joined.status()).toBe(201);
  return { owner, staff, staffEmail };
}

for (const vp of [DESKTOP, PHONE]) {
  test(`${vp.name}: the owner invites from Settings → Team; the link sets name and password and signs them in`, async ({ browser }) => {
    const owner = await newPage(browser, vp);
    await signUpViaApi(owner);
    await owner.goto('/settings');
    await expect(owner.getByRole('heading', { name: 'Team' })).toBeVisible();
    const staffEmail = uniqueEmail('crew');
    await owner.getByLabel('E-mail').fill(staffEmail);
    await owner.locator('#invite-role').selectOption('staff');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await expectToast(owner, 'Invitation sent.');
    await expect(owner.getByText(`${staffEmail} · Staff`)).toBeVisible();

    const staff = await newPage(browser, vp);
    await staff.goto(joinLinkFrom(await latestMailTo(staffEmail, '/join?token')));
    await expect(staff.getByRole('heading', { name: /^Join / })).toBeVisible();
    await staff.getByLabel('Your name').fill('Sam Crew');
    await staff.getByLabel('Password', { exact: true }).fill('crew-pass-1');
    await staff.getByLabel('Confirm Password', { exact: true }).fill('crew-pass-1');
    await staff.getByRole('button', { name: 'Join' }).click();
    await expect(staff.getByRole('heading', { name: 'Lead Management' })).toBeVisible();

  });

  test(`${vp.name}: staff sign in, work, and are refused and not shown what staff may not do`, async ({ browser }) => {
    const { staff, staffEmail } = await teamViaApi(browser, vp);
    await staff.request.post('/api/auth/logout');
    await openSignIn(staff);
    await staff.getByLabel('Email').fill(staffEmail);
    await staff.getByLabel('Password').fill('crew-pass-1');
    await staff.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(staff, 'Welcome back!');
    await staff.goto('/clients');
    await expect(staff.getByRole('heading', { name: 'Client Dashboard' })).toBeVisible();
    const nav = vp.name === 'phone' ? (await staff.getByRole('button', { name: 'Open menu' }).click(), staff.getByRole('dialog', { name: 'Menu' })) : staff.getByRole('complementary');
    await expect(nav.getByRole('link', { name: /^Clients/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Insights/ })).toHaveCount(0);
    const bulk = await staff.request.post('/api/sms/bulk', { data: { message: 'Hi {clientName}', clientIds: [1] } });
    expect(bulk.status()).toBe(403);
    expect(await bulk.json()).toEqual({ message: 'Only an owner or a manager of this business can do this.' });
  });

  test(`${vp.name}: removed by the owner, a person is signed out at once`, async ({ browser }) => {
    const { owner, staff, staffEmail } = await teamViaApi(browser, vp);
    await owner.goto('/settings');
    const row = owner.getByTestId('team-person').filter({ hasText: staffEmail });
    await row.getByRole('button', { name: 'Remove' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expectToast(owner, 'Removed');
    await expect(owner.getByTestId('team-person').filter({ hasText: staffEmail })).toHaveCount(0);

    expect((await staff.request.get('/api/auth/me')).status()).toBe(401);
    await staff.goto('/clients');
    await expect(staff.getByText('Your session has ended. Please sign in again to continue where you left off.')).toBeVisible();
  });
}
