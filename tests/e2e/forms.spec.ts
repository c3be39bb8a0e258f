import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { axeCheck } from './support/axe';
import { expectToast } from './support/toast';
import { DEFAULT_FIELDS } from '../../src/shared/schemas/forms';
import { DESKTOP } from './support/viewports';

// Lead Capture Forms (spec part 2 "Forms"): the empty state, building a form with a dropdown and an SMS opt-in
// in the builder (name required, one field open at a time, Design & Style with a live preview), the Embed
// dialog ("Copied!" for 2 s), Preview opening the public page in a new tab, a visitor submitting it, the lead
// in the API and on /leads, Edit (two tabs) and Delete with a confirmation. At desktop width, axe on the
// builder and the embed page.

async function openForms(page: Page) {
  await page.goto('/forms');
  await expect(page.getByRole('heading', { level: 1, name: 'Lead Capture Forms' })).toBeVisible({ timeout: 20_000 });
}

/** Picks an option of a Radix select by its trigger's label. */
async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The form the builder test makes, made through the API: the default fields, a required dropdown and an SMS opt-in. */
async function createSpringQuoteViaApi(page: Page) {
  const fields = [
    ...DEFAULT_FIELDS,
    { id: 'service', type: 'select', label: 'Service', required: true, options: ['Deep clean', 'Standard clean'] },
    { id: 'text-me', type: 'sms-optin', label: 'Text me', required: false },
  ];
  const res = await page.request.post('/api/forms', { data: { businessId: 0, name: 'Spring Quote', description: 'Tell us about your home.', fields } });
  expect(res.status(), await res.text()).toBe(201);
}

// One width: this screen renders the same elements on a phone (support/viewports.ts).
for (const viewport of [DESKTOP]) {
  test.describe(`Forms on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('build a form: name required, fields, design with the live preview; the card in the list', async ({ page }) => {
      await signUpViaApi(page, { name: 'Sparkle Cleaning Co' });
      await openForms(page);
      await expect(page).toHaveTitle('Lead Capture Forms · Referloop');

      // Empty state with the next action.
      await expect(page.getByRole('heading', { name: 'No forms yet' })).toBeVisible();
      await axeCheck(page, 'the empty forms page');
      await page.getByRole('button', { name: 'Create your first form' }).click();

      const dialog = page.getByRole('dialog', { name: 'Create Form' });
      await expect(dialog).toBeVisible();
      for (const tab of ['Form Settings', 'Form Fields', 'Design & Style']) await expect(dialog.getByRole('tab', { name: tab })).toBeVisible();

      // The name is required.
      await dialog.getByRole('button', { name: 'Create Form' }).click();
      await expect(dialog.getByText('Form name is required')).toBeVisible();
      await dialog.getByLabel('Form name').fill('Spring Quote');
      await dialog.getByLabel('Description (optional)').fill('Tell us about your home.');
      await expect(dialog.getByText('Form name is required')).toHaveCount(0);

      // Fields: the four defaults; a new field opens as text 'New Field'; one open at a time.
      await dialog.getByRole('tab', { name: 'Form Fields' }).click();
      const items = dialog.getByTestId('field-item');
      await expect(items).toHaveCount(4);
      await expect(items.nth(0)).toContainText('Name');
      await expect(items.nth(0)).toContainText('Required');
      await expect(items.nth(3)).toContainText('Message');
      await dialog.getByRole('button', { name: 'Add Field' }).click();
      await expect(items).toHaveCount(5);
      const label = dialog.getByLabel('Label', { exact: true });
      await expect(label).toHaveCount(1);
      await expect(label).toHaveValue('New Field');
      await expect(dialog.getByRole('combobox', { name: 'Field type' })).toContainText('Text');
      await label.fill('Service');
      await choose(page, 'Field type', 'Dropdown');
      await dialog.getByLabel('Options (one per line)').fill('Deep clean\nStandard clean\n');
      await dialog.getByLabel('Required').check();

      await dialog.getByRole('button', { name: 'Add Field' }).click();
      await expect(items).toHaveCount(6);
      await expect(dialog.getByLabel('Label', { exact: true })).toHaveCount(1);
      await dialog.getByLabel('Label', { exact: true }).fill('Text me');
      await choose(page, 'Field type', 'SMS opt-in');
      await expect(dialog.getByLabel('Opt-in text')).toHaveValue("Yes, I'd like to receive SMS updates about my service appointments and special offers.");
      await expect(dialog.getByText('Message and data rates may apply. Message frequency varies. Reply STOP to opt out, HELP for help.').first()).toBeVisible();

      // Design & Style, with the live preview following.
      await dialog.getByRole('tab', { name: 'Design & Style' }).click();
      const preview = dialog.getByTestId('form-preview');
      await expect(preview.locator('.rf')).toHaveAttribute('style', /--rf-font: Inter/);
      await choose(page, 'Font', 'Georgia');
      await choose(page, 'Button shape', 'Sharp (0px)');
      await choose(page, 'Container width', 'Medium (480px)');
      await dialog.getByLabel('Primary colour').fill('#0f766e');
      await expect(preview.locator('.rf')).toHaveAttribute('style', /--rf-font: Georgia/);
      await expect(preview.locator('.rf')).toHaveAttribute('style', /--rf-primary-color: #0f766e/);
      await expect(preview.locator('.rf')).toHaveAttribute('style', /--rf-button-radius: 0px/);
      await expect(preview.getByText('Spring Quote')).toBeVisible();
      await expect(preview.getByRole('combobox', { name: 'Service' })).toBeVisible();
      await expect(preview.getByText('We respect your privacy and will never spam you.')).toBeVisible();
      await axeCheck(page, 'the form builder', '[role="dialog"]');

      await dialog.getByRole('button', { name: 'Create Form' }).click();
      await expectToast(page, 'Form created successfully');
      await expect(dialog).toHaveCount(0);
      const card = page.getByTestId('form-card').filter({ hasText: 'Spring Quote' });
      await expect(card).toContainText('Active');
      await expect(card.getByTestId('field-count')).toHaveText('6');
      await expect(card.getByTestId('submission-count')).toHaveText('0');
      await axeCheck(page, 'the forms list');

    });

    test('embed a form: the code copied; a visitor submits it and the lead arrives with its answers', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signUpViaApi(page, { name: 'Sparkle Cleaning Co' });
      await createSpringQuoteViaApi(page);
      await openForms(page);
      const card = page.getByTestId('form-card').filter({ hasText: 'Spring Quote' });
      // Embed: the iframe code and "Copied!" for 2 s.
      await card.getByRole('button', { name: 'Embed Spring Quote' }).click();
      const embed = page.getByRole('dialog', { name: 'Embed Spring Quote' });
      const code = await embed.getByLabel('Embed code').inputValue();
      // The iframe at a height that fits the default form, and the script that sizes it (owner-screens.spec.ts).
      expect(code).toMatch(/^<iframe id="referloop-form-[A-Za-z0-9_-]{16}" src="http:\/\/127\.0\.0\.1:\d+\/api\/forms\/[A-Za-z0-9_-]{43}\/embed" width="100%" height="760" /);
      expect(code).toMatch(/\n<script>.*referloop:form-height.*<\/script>$/);
      await embed.getByRole('button', { name: 'Copy Code' }).click();
      await expect(embed.getByRole('button', { name: 'Copied!' })).toBeVisible();
      await expectToast(page, 'Embed code copied to clipboard!');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      await expect(embed.getByRole('button', { name: 'Copy Code' })).toBeVisible({ timeout: 4_000 });
      await embed.getByRole('button', { name: 'Close' }).click();
      await expect(embed).toHaveCount(0);

      // Preview opens the public page in a new tab; a visitor fills it in.
      const [visitor] = await Promise.all([context.waitForEvent('page'), card.getByRole('link', { name: /Preview Spring Quote/ }).click()]);
      await expect(visitor.getByRole('heading', { name: 'Spring Quote' })).toBeVisible();
      expect(visitor.url()).toMatch(/\/api\/forms\/[A-Za-z0-9_-]{43}\/embed$/);
      // One script of its own: it posts the page's height to a framing page (docs/forms.md "Embed snippet").
      expect(await visitor.evaluate(() => [...document.scripts].map((s) => s.src))).toEqual(['']);
      await expect(visitor.getByText('Message and data rates may apply. Message frequency varies. Reply STOP to opt out, HELP for help.')).toBeVisible();
      await axeCheck(visitor, 'the embed page');
      const leadName = `Nora ${viewport.name} Visitor`;
      await visitor.getByRole('textbox', { name: 'Name' }).fill(leadName);
      await visitor.getByRole('textbox', { name: 'Email' }).fill('nora.visitor@example.com');
      await visitor.getByRole('textbox', { name: 'Phone' }).fill('(512) 555-0142');
      await visitor.getByRole('textbox', { name: 'Message' }).fill('Three bedrooms, two dogs.');
      await visitor.getByRole('combobox', { name: 'Service' }).selectOption('Deep clean');
      await visitor.getByLabel(/Yes, I'd like to receive SMS updates/).check();
      await visitor.getByRole('button', { name: 'Submit' }).click();
      await expect(visitor.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
      await expect(visitor.getByText('We received your details')).toBeVisible();
      await visitor.close();

      // The lead: in the API, and in the Lead Inbox.
      const leads = await (await page.request.get('/api/leads')).json();
      const list = (Array.isArray(leads) ? leads : leads.leads) as { name: string; source: string; phone: string; email: string }[];
      expect(list.find((l) => l.name === leadName)).toMatchObject({ source: 'form', phone: '+15125550142', email: 'nora.visitor@example.com' });
      await page.goto('/leads');
      await expect(page.getByText(leadName).first()).toBeVisible({ timeout: 20_000 });
      // The form's other answers reach the owner in the lead's notes.
      await page.getByRole('button', { name: `View ${leadName}` }).first().click();
      const view = page.getByRole('dialog', { name: leadName });
      await expect(view).toContainText('Sent through the form "Spring Quote".');
      await expect(view).toContainText('Service: Deep clean');
      await expect(view).toContainText('Message: Three bedrooms, two dogs.');
      await expect(view).toContainText('Agreed to receive text messages.');
      await view.getByRole('button', { name: 'Close' }).first().click();

      await openForms(page);
      await expect(card.getByTestId('submission-count')).toHaveText('1');

    });

    test('edit a form (name required, switched off), then delete it after a confirmation', async ({ page }) => {
      await signUpViaApi(page, { name: 'Sparkle Cleaning Co' });
      await createSpringQuoteViaApi(page);
      await openForms(page);
      const card = page.getByTestId('form-card').filter({ hasText: 'Spring Quote' });
      // Edit: settings and fields only; switching it off.
      await card.getByRole('button', { name: 'Edit Spring Quote' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Spring Quote' });
      await expect(edit.getByRole('tab')).toHaveCount(2);
      await expect(edit.getByRole('tab', { name: 'Design & Style' })).toHaveCount(0);
      await edit.getByLabel('Form name').fill('');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(edit.getByText('Form name is required')).toBeVisible();
      await edit.getByLabel('Form name').fill('Spring Quote 2026');
      await edit.getByLabel('Active').uncheck();
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Form updated successfully');
      const renamed = page.getByTestId('form-card').filter({ hasText: 'Spring Quote 2026' });
      await expect(renamed).toContainText('Inactive');

      // Delete, after a confirmation.
      await renamed.getByRole('button', { name: 'Delete Spring Quote 2026' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Spring Quote 2026?' });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(renamed).toBeVisible();
      await renamed.getByRole('button', { name: 'Delete Spring Quote 2026' }).click();
      await confirm.getByRole('button', { name: 'Delete form' }).click();
      await expectToast(page, 'Form deleted successfully');
      await expect(page.getByRole('heading', { name: 'No forms yet' })).toBeVisible();
    });
  });
}

test('a failed save says so and keeps the dialog open', async ({ page }) => {
  await signUpViaApi(page);
  await openForms(page);
  await page.route('**/api/forms', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The database is restarting.' }) }) : route.fallback(),
  );
  await page.getByRole('button', { name: 'Create your first form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Form' });
  await dialog.getByLabel('Form name').fill('Will Fail');
  await dialog.getByRole('button', { name: 'Create Form' }).click();
  await expectToast(page, 'Failed to create form', 'The database is restarting.');
  await expect(dialog).toBeVisible();
});

test('any site may frame the embed page; the app itself refuses to be framed', async ({ page, baseURL }) => {
  await signUpViaApi(page);
  const res = await page.request.post('/api/forms', { data: { businessId: 0, name: 'Framed Form', fields: [{ id: 'name', type: 'text', label: 'Name', required: true }] } });
  const { embedToken } = await res.json();
  // The owner's site: another origin (and site: localhost, another port) served from this machine, so Chromium's
  // local network checks let it frame a local address as they would let a public site frame a public one.
  const owner = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>Owner</title><iframe id="form" src="${baseURL}/api/forms/${embedToken}/embed" width="100%" height="600"></iframe><iframe id="app" src="${baseURL}/login"></iframe>`);
  });
  await new Promise<void>((resolve) => owner.listen(0, '127.0.0.1', resolve));
  const host = `http://localhost:${(owner.address() as AddressInfo).port}`;
  await page.goto(`${host}/contact`);
  await expect(page.frameLocator('#form').getByRole('heading', { name: 'Framed Form' })).toBeVisible();
  await page.frameLocator('#form').getByRole('textbox', { name: 'Name' }).fill('Framed Visitor');
  await page.frameLocator('#form').getByRole('button', { name: 'Submit' }).click();
  await expect(page.frameLocator('#form').getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  // The app's own pages keep frame-ancestors 'self': the browser shows nothing of them inside another site.
  await expect(page.frameLocator('#app').getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  const leads = await (await page.request.get('/api/leads')).json();
  const list = (Array.isArray(leads) ? leads : leads.leads) as { name: string }[];
  expect(list.map((l) => l.name)).toContain('Framed Visitor');
  owner.close();
});
