import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { axeCheck } from './support/axe';
import { addClients, chooseNumberViaApi, freshServiceSid } from './support/sms';
import { expectToast } from './support/toast';
import { DESKTOP } from './support/viewports';

// SMS Setup's A2P 10DLC registration as an owner clicks it, against the local simulator (it reviews each step
// in SMS_SIMULATOR_REVIEW_SECONDS=1 here, and turns down a brand whose legal name contains "reject"): texts
// wait and say why, the form's messages, fees before submitting, a turned-down brand with Twilio's reason
// fixed and resubmitted, then approval and a text that goes out. At desktop width.

const BLOCKED_NONE = "Texts can't go out yet: US carriers only deliver texts from registered businesses (A2P 10DLC).";

async function openSetup(page: Page) {
  await page.goto('/outreach?tab=setup');
  await expect(page.getByRole('heading', { level: 1, name: 'SMS Management' })).toBeVisible({ timeout: 20_000 });
}

/** What the form below sends, as the API takes it. */
const DETAILS = {
  businessType: 'llc',
  ein: '12-3456789',
  street: '100 Main St',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  website: 'https://pools.example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@pools.example.com',
  phone: '(512) 555-0100',
  title: 'Owner',
};

async function fill(page: Page, legalName: string) {
  const form = page.getByRole('form', { name: 'Business registration' });
  await form.getByLabel('Legal business name (as the IRS has it)').fill(legalName);
  await form.getByLabel('EIN').fill('12-3456789');
  await form.getByLabel('Street address').fill('100 Main St');
  await form.getByLabel('City').fill('Austin');
  await form.getByLabel('State').selectOption('TX');
  await form.getByLabel('ZIP code').fill('78701');
  await form.getByLabel('Website').fill('https://pools.example.com');
  await form.getByLabel('Contact first name').fill('Ann');
  await form.getByLabel('Contact last name').fill('Lee');
  await form.getByLabel('Contact email').fill('ann@pools.example.com');
  await form.getByLabel('Contact mobile phone').fill('(512) 555-0100');
  await form.getByLabel('Contact job title').fill('Owner');
}

// One width: this screen renders the same elements on a phone (support/viewports.ts).
for (const viewport of [DESKTOP]) {
  test.describe(`SMS registration on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('register: texts wait and say why; the form\'s messages and fees; a turned-down brand says why and how to fix it', async ({ page }) => {
      await signUpViaApi(page);
      const [client] = await addClients(page, [{ name: 'Olivia Brooks', phone: '(512) 555-3001' }]);
      await chooseNumberViaApi(page, undefined, { register: false });
      await openSetup(page);

      const card = page.getByTestId('registration-card');
      await expect(card.getByRole('heading', { name: 'Register your business for texting' })).toBeVisible();
      await expect(page.getByTestId('registration-banner')).toContainText(BLOCKED_NONE);
      // A text now is refused in the same words, and nothing is sent.
      const refused = await page.request.post('/api/outreach/send-sms', { data: { clientId: client.id, messageType: 'followUp', messageContent: 'Hi {clientName}!' } });
      expect(refused.status()).toBe(409);
      expect((await refused.json()).message).toContain(BLOCKED_NONE);
      // Twilio's fees and review times before submitting.
      await expect(card.getByTestId('registration-fees')).toContainText('Brand registration: $4 once');
      await expect(card.getByTestId('registration-fees')).toContainText('Campaign vetting: $15 once');

      await card.getByRole('button', { name: 'Submit Registration' }).click();
      await expect(card.getByText('Legal business name is required')).toBeVisible();
      await expect(card.getByText('EIN must be 9 digits (e.g., 12-3456789)')).toBeVisible();
      await axeCheck(page, 'Registration form with errors');
      if (viewport.name === 'desktop') await page.screenshot({ path: `test-results/registration-form-${viewport.name}.png`, fullPage: true });

      await fill(page, 'Reject Pools LLC');
      await card.getByRole('button', { name: 'Submit Registration' }).click();
      await expectToast(page, 'Registration submitted. We check its progress with the carriers every few minutes.');
      await expect(card.getByTestId('step-profile')).toContainText(/In review|Approved/);

      const brand = card.getByTestId('step-brand');
      await expect(brand).toContainText('Turned down', { timeout: 25_000 });
      await expect(brand).toContainText('Twilio: The brand could not be verified');
      await expect(brand).toContainText('How to fix it: Enter the legal name, EIN and address exactly as the IRS has them');
      await page.screenshot({ path: `test-results/registration-rejected-${viewport.name}.png`, fullPage: true });
    });

    test('a turned-down brand is fixed and resubmitted; once approved a text goes out', async ({ page }) => {
      await signUpViaApi(page);
      const [client] = await addClients(page, [{ name: 'Olivia Brooks', phone: '(512) 555-3002' }]);
      await chooseNumberViaApi(page, undefined, { register: false });
      // Submitted and turned down through the API: the form's side of it is the test above.
      const submitted = await page.request.post('/api/sms/registration', { data: { ...DETAILS, legalName: 'Reject Pools LLC' } });
      expect(submitted.status(), await submitted.text()).toBe(200);
      await expect
        .poll(async () => (await (await page.request.get('/api/sms/registration')).json()).steps.brand.status, { timeout: 20_000, intervals: [500] })
        .toBe('failed');
      await openSetup(page);
      const card = page.getByTestId('registration-card');
      await expect(card.getByTestId('step-brand')).toContainText('Turned down');

      // The form keeps what was entered; the owner corrects the name and resubmits.
      const form = page.getByRole('form', { name: 'Business registration' });
      await expect(form.getByLabel('City')).toHaveValue('Austin');
      await form.getByLabel('Legal business name (as the IRS has it)').fill('Sunny Pools LLC');
      // What the resubmission costs again is beside its button.
      await expect(card.getByTestId('resubmission-fee')).toHaveText('Resubmitting registers a new brand: Twilio charges the $4 brand fee again. At most 3 submissions a day.');
      await card.getByRole('button', { name: 'Resubmit Registration' }).click();
      await expect(card.getByRole('heading', { name: 'Registered for texting' })).toBeVisible({ timeout: 25_000 });
      await expect(card.getByTestId('step-campaign')).toContainText('Approved');
      await expect(page.getByTestId('registration-banner')).toHaveCount(0);
      await axeCheck(page, 'Registration approved');
      await page.screenshot({ path: `test-results/registration-approved-${viewport.name}.png`, fullPage: true });

      const sent = await page.request.post('/api/outreach/send-sms', { data: { clientId: client.id, messageType: 'followUp', messageContent: 'Hi {clientName}!' } });
      expect(sent.status(), await sent.text()).toBe(200);
    });

    test('an approved messaging service of its own: a bad SID is explained, a good one connects', async ({ page }) => {
      await signUpViaApi(page);
      await chooseNumberViaApi(page, undefined, { register: false });
      await openSetup(page);
      const service = page.getByRole('form', { name: 'Existing messaging service' });
      const sid = service.getByLabel('Already registered? Your messaging service SID');
      await sid.fill('MG123');
      await service.getByRole('button', { name: 'Use This Service' }).click();
      await expect(service.getByText('A messaging service SID starts with MG followed by 32 letters or digits')).toBeVisible();
      await sid.fill(`MG${'0'.repeat(32)}`);
      await service.getByRole('button', { name: 'Use This Service' }).click();
      await expect(service.getByText(/No messaging service with this SID was found/)).toBeVisible();
      // A service no other business holds (each viewport's business names its own).
      await sid.fill(freshServiceSid());
      await service.getByRole('button', { name: 'Use This Service' }).click();
      await expectToast(page, 'Messaging service connected: your texts can go out.');
      await expect(page.getByTestId('registration-card').getByRole('heading', { name: 'Registered for texting' })).toBeVisible();
    });
  });
}
