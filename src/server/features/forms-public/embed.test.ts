import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEFAULT_FIELDS, DEFAULT_SMS_OPTIN_TEXT, FORM_INACTIVE, FORM_UNAVAILABLE, SMS_COMPLIANCE_TEXT } from '../../../shared/schemas/forms';
import { DEFAULT_PRIVACY_TEXT } from '../../../shared/schemas/forms-styles';
import { EMBED_PAGE_SCRIPT } from '../../../shared/schemas/forms-embed';
import { signedIn } from '../../testing/requests';

// GET /api/forms/{embedToken}/embed: docs/forms.md "Embed page".

let t: TestApp;
let owner: TestBusiness;
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const HOSTILE = `"><script>alert('x')</script><img src=x onerror=alert(1)>`;

const createForm = async (body: Record<string, unknown>) => {
  const res = await signedIn(t.app, owner.cookie).post('/api/forms', { name: 'Quote request', fields: DEFAULT_FIELDS, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; embedToken: string };
};
const embed = (token: string, headers: Record<string, string> = html) => t.app.inject({ method: 'GET', url: `/api/forms/${encodeURIComponent(token)}/embed`, headers });

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusiness(t.database, { name: 'Sparkle Cleaning' });
});
afterAll(() => t.close());

describe('the embed page', () => {
  it('is small standalone HTML with the fields, the spec’s CSS variables and only its own height script', async () => {
    const fields = [
      ...DEFAULT_FIELDS,
      { id: 'service', type: 'select', label: 'Service', required: true, options: ['Deep clean', 'Standard clean'] },
      { id: 'pets', type: 'checkbox', label: 'Pets at home?', required: false },
      { id: 'sms', type: 'sms-optin', label: 'Texts', required: false },
    ];
    const form = await createForm({ description: 'We answer within a day.', fields, styles: { primaryColor: '#0f766e', font: 'Georgia', containerWidth: 'medium' } });
    const res = await embed(form.embedToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = res.body;
    const bytes = Buffer.byteLength(page);
    console.info(`embed page: ${bytes} bytes (${(bytes / 1024).toFixed(1)} KB) for ${fields.length} fields`);
    expect(bytes).toBeLessThan(20 * 1024);
    // One inline script, the height message (docs/forms.md "Embed snippet"), and nothing loaded from anywhere.
    expect(page.match(/<script/gi)).toHaveLength(1);
    expect(page).toMatch(new RegExp(`<script nonce="[^"]+">${EMBED_PAGE_SCRIPT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script>`));
    expect(page).not.toMatch(/<link|src="http/i);
    for (const v of ['--rf-font:Georgia', '--rf-primary-color:#0f766e', '--rf-text-color:#374151', '--rf-bg-color:#ffffff', '--rf-width:480px']) expect(page).toContain(v);
    expect(page).toContain(`<form class="rf-card" method="post" action="/api/forms/${form.embedToken}/submit"`);
    expect(page).toContain('<input type="text" id="rf-name" name="name" autocomplete="name"');
    expect(page).toContain('<input type="email" id="rf-email" name="email"');
    expect(page).toContain('<input type="tel" id="rf-phone" name="phone"');
    expect(page).toContain('<textarea id="rf-message" name="message"');
    expect(page).toContain('<option>Deep clean</option><option>Standard clean</option>');
    expect(page).toContain('<input type="checkbox" id="rf-pets" name="pets" value="on">');
    // The opt-in's own text, then the fixed compliance sentence, always.
    expect(page).toContain(`<span>${DEFAULT_SMS_OPTIN_TEXT.replace("'", '&#39;')}</span><span class="rf-compliance">${SMS_COMPLIANCE_TEXT}</span>`);
    expect(page).toContain('name="_rf_website"');
    expect(page).toContain(DEFAULT_PRIVACY_TEXT);
  });

  it('escapes everything the owner typed: name, description, labels, placeholders, options, opt-in text, privacy text', async () => {
    const fields = [
      { id: 'name', type: 'text', label: HOSTILE, required: true, placeholder: HOSTILE },
      { id: 'phone', type: 'phone', label: 'Phone', required: false },
      { id: 'pick', type: 'select', label: 'Pick', required: false, options: [HOSTILE, `a" onfocus="alert(1)`] },
      { id: 'sms', type: 'sms-optin', label: 'Texts', required: false, smsOptInText: HOSTILE },
    ];
    const form = await createForm({ name: HOSTILE, description: HOSTILE, fields, styles: { privacyText: HOSTILE } });
    const page = (await embed(form.embedToken)).body;
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('" onfocus="');
    expect(page).toContain('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain(`<option>a&quot; onfocus=&quot;alert(1)</option>`);
    expect(page).toContain(`<title>&quot;&gt;&lt;script&gt;`);
  });

  it('only this page may be framed by any site; the rest of the app still refuses frames', async () => {
    const form = await createForm({});
    const res = await embed(form.embedToken);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(typeof res.headers['content-security-policy'], 'one policy, not helmet’s beside it').toBe('string');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors *');
    expect(csp).not.toContain("frame-ancestors 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'nonce-[A-Za-z0-9+/=]+'/);
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(res.body).toContain(`<style nonce="${nonce}">`);
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(res.body).toContain(`<script nonce="${nonce}">`);
    // Another request gets another nonce.
    expect((await embed(form.embedToken)).headers['content-security-policy']).not.toBe(csp);

    for (const url of ['/api/forms', '/api/auth/me', '/']) {
      const other = await signedIn(t.app, owner.cookie, html).get(url);
      expect(other.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(String(other.headers['content-security-policy']), url).toContain("frame-ancestors 'self'");
    }
  });

  it('an unknown token is a polite 404 page (JSON { message } for a client that is no browser)', async () => {
    const res = await embed('no-such-form-token');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Form not available');
    expect(res.body).toContain(FORM_UNAVAILABLE);
    expect(res.headers['x-frame-options']).toBeUndefined();
    const api = await embed('no-such-form-token', {});
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: FORM_UNAVAILABLE });
  });

  it('an inactive form shows a polite message and no form', async () => {
    const form = await createForm({ isActive: false, name: 'Winter special' });
    const res = await embed(form.embedToken);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Winter special');
    expect(res.body).toContain(FORM_INACTIVE.replace("'", '&#39;'));
    expect(res.body).not.toContain('<form');
  });

  it('notes the page it is framed on (the Referer) in a hidden field, for the consent record', async () => {
    const form = await createForm({});
    const res = await embed(form.embedToken, { ...html, referer: 'https://sparkle.example/contact?x="1"' });
    expect(res.body).toContain('<input type="hidden" name="_rf_page" value="https://sparkle.example/contact?x=&quot;1&quot;">');
    const noReferer = await embed(form.embedToken, { ...html, referer: 'javascript:alert(1)' });
    expect(noReferer.body).not.toContain('_rf_page');
  });
});
