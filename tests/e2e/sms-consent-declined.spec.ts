import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { addReferrer, claimReferral } from './support/referrals';

// A friend who claimed without ticking the text consent (docs/sms.md, "Consent to text"): her lead and referral
// say "Did not agree to texts", and Send SMS / Follow Up are disabled with that sentence instead of failing
// after the tap. A friend who ticked it can be texted.

test('a friend who did not agree to texts: marked on the lead and the referral, Send SMS and Follow Up disabled', async ({ page }) => {
  await signUpViaApi(page, { name: 'Sparkle Cleaning Co' });
  const alice = await addReferrer(page, 'Alice Mendez', '(512) 555-2111');
  await claimReferral(page, alice.referralCode, { name: 'Dana Declined', email: 'dana.declined@example.com', phone: '(512) 555-3311' }, false);
  await claimReferral(page, alice.referralCode, { name: 'Tara Ticked', email: 'tara.ticked@example.com', phone: '(512) 555-3312' }, true);

  await page.goto('/leads');
  const dana = page.getByTestId('lead-row').filter({ hasText: 'Dana Declined' });
  await expect(dana.getByTestId('no-consent')).toHaveText('Did not agree to texts');
  await expect(dana.getByRole('button', { name: 'Send SMS to Dana Declined' })).toBeDisabled();
  await expect(dana.getByRole('button', { name: 'Send SMS to Dana Declined' })).toHaveAttribute('title', 'Did not agree to texts');
  const tara = page.getByTestId('lead-row').filter({ hasText: 'Tara Ticked' });
  await expect(tara.getByTestId('no-consent')).toHaveCount(0);
  await expect(tara.getByRole('button', { name: 'Send SMS to Tara Ticked' })).toBeEnabled();

  await page.goto('/referrals');
  await expect(page.getByTestId('referral-row').filter({ hasText: 'Dana Declined' }).getByTestId('no-consent')).toHaveText('Did not agree to texts');
  await expect(page.getByTestId('referral-row').filter({ hasText: 'Tara Ticked' }).getByTestId('no-consent')).toHaveCount(0);

  await page.goto('/dashboard');
  const pending = page.getByTestId('pending-referral');
  await expect(pending.filter({ hasText: 'Dana Declined' }).getByRole('button', { name: 'Follow Up with Dana Declined' })).toBeDisabled();
  await expect(pending.filter({ hasText: 'Dana Declined' })).toContainText('Did not agree to texts');
  await expect(pending.filter({ hasText: 'Tara Ticked' }).getByRole('button', { name: 'Follow Up with Tara Ticked' })).toBeEnabled();
});
