import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_FIELDS } from '../../src/shared/schemas/forms';
import { EMBED_FALLBACK_HEIGHT, embedSnippet } from '../../src/shared/schemas/forms-embed';
import { PASSWORD, signUpViaApi } from './support/accounts';
import { expectToast } from './support/toast';
import { DESKTOP, PHONE } from './support/viewports';

// Screens that must not fail the owner (docs/clients-api.md "Editing a client", docs/forms.md "Embed snippet",
// docs/accounts.md "Sessions"), at desktop width and on a phone.


const isoDaysAgo = (n: number) => {
  const d = new Date(Date.now() - n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A page on another origin (localhost, another port) that frames the form with the given HTML. */
async function ownerSite(html: string): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><title>Owner</title></head><body style="margin:0">${html}<p id="after">After the form</p></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/contact`, close: () => server.close() };
}

async function defaultForm(page: Page): Promise<string> {
  const res = await page.request.post('/api/forms', { data: { businessId: 0, name: 'Get a Quote', fields: DEFAULT_FIELDS } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()).embedToken;
}

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a client without a phone gets one (and notes) through Edit on the client view', async ({ page }) => {
      await signUpViaApi(page);
      const added = await page.request.post('/api/clients', { data: { name: 'Nora Nophone', email: 'nora@example.com', serviceDate: isoDaysAgo(3), amount: 90 } });
      expect(added.status()).toBe(201);
      await page.goto('/clients');
      await page.getByRole('button', { name: 'View details for Nora Nophone' }).first().click();
      const detail = page.getByTestId('client-detail');
      await expect(detail.getByText('nora@example.com')).toBeVisible();
      await detail.getByRole('button', { name: 'Edit' }).click();
      const form = detail.getByRole('form', { name: 'Edit client' });
      await expect(form.getByLabel('Client Name')).toHaveValue('Nora Nophone');

      // A bad phone is refused with the server's message; nothing changes.
      await form.getByLabel('Phone').fill('12');
      await form.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Update failed', 'Please enter a valid phone number');

      await form.getByLabel('Client Name').fill('Nora Newphone');
      await form.getByLabel('Phone').fill('512-555-0147');
      await form.getByLabel('Notes').fill('Side gate, friendly dog');
      await form.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Client updated', "Nora Newphone's details were saved.");
      await expect(detail.getByRole('heading', { name: 'Nora Newphone' })).toBeVisible();
      await expect(detail.getByText('nora@example.com · (512) 555-0147')).toBeVisible();
      await expect(detail.getByRole('region', { name: 'Notes' })).toContainText('Side gate, friendly dog');
      await detail.getByRole('button', { name: 'Close' }).click();
      await expect(detail).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'View details for Nora Newphone' }).first()).toBeVisible();

      // Another client's e-mail is refused with the server's message.
      await page.request.post('/api/clients', { data: { name: 'Tom Taken', email: 'tom@example.com', serviceDate: isoDaysAgo(2) } });
      await page.getByRole('button', { name: 'View details for Nora Newphone' }).first().click();
      await detail.getByRole('button', { name: 'Edit' }).click();
      await form.getByLabel('Email').fill('TOM@example.com');
      await form.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Update failed', 'Another client already has this email');
      await form.getByRole('button', { name: 'Cancel' }).click();
      await expect(detail.getByText('nora@example.com · (512) 555-0147')).toBeVisible();
    });

    // The same elements at every width: desktop only (support/viewports.ts).
    if (viewport.name === 'desktop') test('the embed snippet sizes the iframe to the form; without its script the fallback height still shows Submit; "Thank you!" once', async ({ page, baseURL }) => {
      await signUpViaApi(page);
      const token = await defaultForm(page);
      const origin = new URL(baseURL!).origin;

      // Without the script: the fixed fallback height holds the whole default form.
      const bare = await ownerSite(`<iframe id="form" src="${origin}/api/forms/${token}/embed" width="100%" height="${EMBED_FALLBACK_HEIGHT}" style="border:0;width:100%" title="Get a Quote"></iframe>`);
      await page.goto(bare.url);
      const bareFrame = page.frameLocator('#form');
      await expect(bareFrame.getByRole('button', { name: 'Submit' })).toBeVisible();
      const bareHeight = await bareFrame.locator('body').evaluate((b) => b.getBoundingClientRect().height);
      expect(bareHeight).toBeLessThanOrEqual(EMBED_FALLBACK_HEIGHT);
      bare.close();

      // With the snippet: the iframe takes the form's height, the Submit button inside the frame's box.
      const site = await ownerSite(embedSnippet(origin, token, 'Get a Quote'));
      await page.goto(site.url);
      const iframe = page.locator('iframe');
      const frame = page.frameLocator('iframe');
      await expect(frame.getByRole('button', { name: 'Submit' })).toBeVisible();
      const formHeight = await frame.locator('body').evaluate((b) => Math.ceil(b.getBoundingClientRect().height));
      await expect.poll(async () => Math.round((await iframe.boundingBox())!.height)).toBe(formHeight);
      const submit = (await frame.getByRole('button', { name: 'Submit' }).boundingBox())!;
      const box = (await iframe.boundingBox())!;
      expect(submit.y + submit.height).toBeLessThanOrEqual(box.y + box.height);

      // Errors make the form taller: the frame follows.
      await frame.getByRole('button', { name: 'Submit' }).evaluate((b) => (b.closest('form') as HTMLFormElement).setAttribute('novalidate', ''));
      await frame.getByRole('button', { name: 'Submit' }).click();
      await expect(frame.getByText('Name is required')).toBeVisible();
      const taller = await frame.locator('body').evaluate((b) => Math.ceil(b.getBoundingClientRect().height));
      expect(taller).toBeGreaterThan(formHeight);
      await expect.poll(async () => Math.round((await iframe.boundingBox())!.height)).toBe(taller);

      await frame.getByLabel('Name').fill('Framed Visitor');
      await frame.getByLabel('Email').fill('framed@example.com');
      await frame.getByRole('button', { name: 'Submit' }).click();
      await expect(frame.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
      await expect(frame.locator('body')).toContainText('We received your details and will be in touch soon.');
      expect((await frame.locator('body').innerText()).match(/Thank you!/g)).toHaveLength(1);
      // The thank-you page is shorter: the frame shrinks with it.
      const done = await frame.locator('body').evaluate((b) => Math.ceil(b.getBoundingClientRect().height));
      await expect.poll(async () => Math.round((await iframe.boundingBox())!.height)).toBe(done);
      site.close();
    });

    test('chart date labels never overlap, at every period', async ({ page }) => {
      await signUpViaApi(page);
      // A booking every few days over the last year, so every period has points and labels.
      for (let i = 0; i < 60; i++) {
        const res = await page.request.post('/api/clients', { data: { name: `Client ${i % 12}`, email: `c${i % 12}@example.com`, serviceDate: isoDaysAgo(i * 6), amount: 100 } });
        expect(res.status()).toBe(201);
      }
      await page.goto('/clients');
      const chart = page.getByRole('img', { name: /^Bookings per/ });
      await chart.scrollIntoViewIfNeeded();
      for (const period of ['7 days', '30 days', '90 days', '6 months', '365 days']) {
        await page.getByLabel('Period').click();
        await page.getByRole('option', { name: period }).click();
        await expect(chart.getByTestId('trend-x-label').first()).toBeVisible();
        await page.waitForTimeout(100); // the labels are measured and fitted before the next paint; let a resize settle
        const boxes = await chart.getByTestId('trend-x-label').evaluateAll((els) =>
          els.filter((el) => getComputedStyle(el).visibility !== 'hidden').map((el) => {
            const r = el.getBoundingClientRect();
            return { text: el.textContent, left: r.left, right: r.right };
          }),
        );
        expect(boxes.length, period).toBeGreaterThanOrEqual(2);
        for (let i = 1; i < boxes.length; i++) {
          expect(boxes[i].left, `${period}: "${boxes[i - 1].text}" and "${boxes[i].text}"`).toBeGreaterThanOrEqual(boxes[i - 1].right);
        }
        // Nothing spills out of the card either.
        const card = (await chart.boundingBox())!;
        expect(boxes[0].left).toBeGreaterThanOrEqual(card.x - 40);
        expect(boxes[boxes.length - 1].right).toBeLessThanOrEqual(card.x + card.width + 1);
      }
    });

    test('"Request support" opens the support e-mail on a desktop, the support phone on a phone', async ({ page }) => {
      await signUpViaApi(page);
      await page.goto('/data-sources');
      await page.getByRole('tab', { name: 'Zapier Integration' }).click();
      const support = page.getByRole('link', { name: 'Request support' });
      await expect(support).toBeVisible();
      if (viewport.width >= 768) await expect(support).toHaveAttribute('href', 'mailto:support@referloop.local?subject=Referloop%20support%20request');
      else await expect(support).toHaveAttribute('href', 'tel:+15550100100');
      await expect(page.getByText('Feature coming soon')).toHaveCount(0);
    });

    // The same elements at every width: desktop only (support/viewports.ts).
    if (viewport.name === 'desktop') test('a session that ended opens sign-in with the message on every signed-in route, and signing in comes back', async ({ page }) => {
      const { email } = await signUpViaApi(page);
      for (const path of ['/dashboard', '/referrals', '/outreach', '/settings', '/insights', '/forms', '/data-sources', '/sms']) {
        const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'rl_session');
        await page.request.post('/api/auth/logout');
        await page.context().addCookies([cookie]);
        await page.goto(path);
        await expect(page, path).toHaveURL(new RegExp(`/login\\?session=expired&next=${encodeURIComponent(path)}$`));
        await expect(page.getByText('Your session has ended. Please sign in again to continue where you left off.')).toBeVisible();
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText('Your session has ended')).toHaveCount(0);
      }
      // A visitor who never signed in still gets the landing page, with no message.
      await page.context().clearCookies();
      await page.goto('/dashboard');
      await expect(page.getByRole('button', { name: 'Start Free' }).first()).toBeVisible();
      await expect(page.getByText('Your session has ended')).toHaveCount(0);
    });
  });
}

test('a visitor who came through a referral website link (?ref=CODE) and fills the embedded form is credited to the referrer', async ({ page, baseURL }) => {
  await signUpViaApi(page);
  const token = await defaultForm(page);
  const added = await page.request.post('/api/clients', { data: { name: 'Rita Referrer', email: 'rita@example.com', serviceDate: isoDaysAgo(5), amount: 120 } });
  expect(added.status()).toBe(201);
  const code = (await added.json()).client.referralCode as string;
  const site = await ownerSite(embedSnippet(new URL(baseURL!).origin, token, 'Get a Quote'));
  await page.goto(`${site.url}?ref=${code}`);
  await expect.poll(() => page.locator('iframe').getAttribute('src')).toContain(`?ref=${code}`);
  const frame = page.frameLocator('iframe');
  // the form page loaded with the code carries it in its hidden field
  await expect(frame.locator('input[name="_rf_ref"]')).toHaveValue(code);
  await frame.getByLabel('Name').fill('Fiona Friend');
  await frame.getByLabel('Email').fill('fiona@example.com');
  await frame.getByRole('button', { name: 'Submit' }).click();
  await expect(frame.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const referrals = (await (await page.request.get('/api/referrals')).json()).referrals as { refereeEmail: string | null; referrerClient: { name: string } | null }[];
  expect(referrals.find((r) => r.refereeEmail === 'fiona@example.com')?.referrerClient?.name).toBe('Rita Referrer');
  site.close();
});
