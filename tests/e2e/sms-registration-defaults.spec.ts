import { expect, test } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { chooseNumberViaApi } from './support/sms';
import { DESKTOP } from './support/viewports';

// The A2P registration form starts with what the business already told us: the contact given at sign-up, and no
// State it cannot be sure of (docs/sms-registration.md "What the form fills in"). At desktop width.

test.use({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });

test('a Los Angeles business: the contact is the owner from sign-up and the State is left to choose, not Texas', async ({ page }) => {
  const email = uniqueEmail('la-owner');
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      name: 'Maria Lopez',
      email,
      phone: '(310) 555-0142',
      businessName: 'LA Shine Cleaning',
      businessType: 'cleaning',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      timeZone: 'America/Los_Angeles',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  await chooseNumberViaApi(page, undefined, { register: false });

  await page.goto('/outreach?tab=setup');
  const form = page.getByRole('form', { name: 'Business registration' });
  await expect(form.getByLabel('Contact first name')).toHaveValue('Maria');
  await expect(form.getByLabel('Contact last name')).toHaveValue('Lopez');
  await expect(form.getByLabel('Contact email')).toHaveValue(email);
  await expect(form.getByLabel('Contact mobile phone')).toHaveValue('(310) 555-0142');
  await expect(form.getByLabel('State')).toHaveValue('');
  await expect(form.getByLabel('State').locator('option:checked')).toHaveText('Choose a state');

  // Left empty, the State is asked for in the schema's words, and nothing is submitted.
  await form.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(form.getByText('Please choose a state from the list')).toBeVisible();
  const registration = await page.request.get('/api/sms/registration');
  expect((await registration.json()).status).toBe('none');
});
