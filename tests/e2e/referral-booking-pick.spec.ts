import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { addReferrer, claimReferral } from './support/referrals';
import { DESKTOP } from './support/viewports';

// Mark converted → Pick the booking lists the friend's bookings since the claim, never the business's other
// clients' (docs/referrals.md "Referral credit"). At desktop width.

test.use({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });

test('Pick the booking lists no other client’s booking, says plainly there is none, and a search still finds a client', async ({ page }) => {
  await signUpViaApi(page);
  const olivia = await addReferrer(page, 'Olivia Brooks');
  const today = new Date().toISOString().slice(0, 10);
  const other = await page.request.post('/api/clients', { data: { name: 'Otto Other', email: 'otto.other@example.com', serviceDate: today, amount: 95 } });
  expect(other.status(), await other.text()).toBe(201);
  await claimReferral(page, olivia.referralCode, { name: 'Emma Friend', email: `emma.friend.${Date.now()}@example.com`, phone: '(512) 555-3101' });

  await page.goto('/referrals');
  await page.getByTestId('referral-row').filter({ hasText: 'Emma Friend' }).getByRole('button', { name: 'Mark Emma Friend converted' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark Emma Friend converted' });
  await expect(dialog.getByText(/^Emma Friend has no completed booking since the claim on \w{3} \d{1,2}, \d{4}\./)).toBeVisible();
  await expect(dialog.getByTestId('booking-candidate')).toHaveCount(0);

  await dialog.getByLabel('Find the client').fill('Otto');
  await expect(dialog.getByTestId('booking-candidate')).toHaveCount(1);
  await expect(dialog.getByTestId('booking-candidate')).toContainText('Otto Other');
});
