import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEFAULT_FIELDS, DEFAULT_SMS_OPTIN_TEXT, FORM_INACTIVE, FORM_UNAVAILABLE, SMS_COMPLIANCE_TEXT, THANK_YOU } from '../../../shared/schemas/forms';
import { SUBMISSIONS_PER_IP } from './limits';
import { signedIn } from '../../testing/requests';

// POST /api/forms/{embedToken}/submit: docs/forms.md "Submission".

let t: TestApp;
let a: TestBusiness;
let b: TestBusiness;
let form: { id: number; embedToken: string };
let plain: { id: number; embedToken: string };

let ipSeq = 0;
/** Each test submits from its own address, so the per-address limit of one test does not reach another. */
const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)';

const FIELDS = [
  ...DEFAULT_FIELDS,
  { id: 'service', type: 'select', label: 'Service', required: true, options: ['Deep clean', 'Standard clean'] },
  { id: 'pets', type: 'checkbox', label: 'Pets at home?', required: false },
  { id: 'sms', type: 'sms-optin', label: 'Texts', required: false },
];

const json = (token: string, body: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url: `/api/forms/${token}/submit`, payload: body as object, remoteAddress: opts.ip ?? freshIp(), headers: { 'user-agent': UA, ...opts.headers } });
const formPost = (token: string, body: string, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/forms/${token}/submit`,
    payload: body,
    remoteAddress: opts.ip ?? freshIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA, ...BROWSER, ...opts.headers },
  });

const counts = async (businessId: number) => {
  const [row] = rowsOf<{ leads: number; consents: number; activities: number; submissions: number }>(
    await t.database.db.execute(sql`select
      (select count(*)::int from leads where business_id = ${businessId}) as leads,
      (select count(*)::int from lead_consents where business_id = ${businessId}) as consents,
      (select count(*)::int from activity_logs where business_id = ${businessId} and type = 'form_submitted') as activities,
      (select coalesce(sum(submission_count), 0)::int from forms where business_id = ${businessId}) as submissions`),
  );
  return row;
};
const lastLead = async (businessId: number) =>
  rowsOf<Record<string, unknown>>(
    await t.database.db.execute(sql`select id, name, email, phone, source, status, form_id as "formId", custom_fields as "customFields", sms_opt_in as "smsOptIn", notes
      from leads where business_id = ${businessId} order by id desc limit 1`),
  )[0];

const answers = (extra: Record<string, unknown> = {}) => ({
  name: '  Nora   Newlead ',
  email: 'nora@example.com',
  phone: '(415) 555-0177',
  message: 'Two bedrooms, one bath.',
  service: 'Deep clean',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  a = await createBusiness(t.database, { name: 'Sparkle Cleaning' });
  b = await createBusiness(t.database, { name: 'Other Cleaning' });
  const create = async (biz: TestBusiness, body: Record<string, unknown>) => {
    const res = await signedIn(t.app, biz.cookie).post('/api/forms', { name: 'Quote request', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  form = await create(a, { fields: FIELDS });
  plain = await create(a, { name: 'Plain', fields: DEFAULT_FIELDS });
});
afterAll(() => t.close());

describe('a submission', () => {
  it('JSON: creates a form lead of the form’s business with the answers, counts it, and tells the owner', async () => {
    const before = await counts(a.id);
    // A session of another business changes nothing: the token names the business.
    const res = await json(form.embedToken, answers({ pets: true, unknownField: 'dropped', sms: false }), { headers: { cookie: b.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: THANK_YOU });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(await lastLead(a.id)).toMatchObject({
      name: 'Nora Newlead',
      email: 'nora@example.com',
      phone: '+14155550177',
      source: 'form',
      status: 'new',
      formId: form.id,
      customFields: { Message: 'Two bedrooms, one bath.', Service: 'Deep clean', 'Pets at home?': true },
      smsOptIn: false,
    });
    expect(await counts(a.id)).toEqual({ ...before, leads: before.leads + 1, activities: before.activities + 1, submissions: before.submissions + 1 });
    expect(await counts(b.id)).toEqual({ leads: 0, consents: 0, activities: 0, submissions: 0 });
    const [activity] = rowsOf<{ description: string }>(
      await t.database.db.execute(sql`select description from activity_logs where business_id = ${a.id} and type = 'form_submitted' order by id desc limit 1`),
    );
    expect(activity.description).toBe('Nora Newlead sent the form "Quote request"');
  });

  it('with the SMS opt-in ticked: a consent record with time, address, browser, page and the exact text shown', async () => {
    const before = await counts(a.id);
    const ip = freshIp();
    const res = await formPost(form.embedToken, new URLSearchParams({ ...answers(), sms: 'on', _rf_page: 'https://sparkle.example/quote' }).toString(), { ip });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // "Thank you!" once: the heading, then the rest of the sentence.
    expect(res.body.match(/Thank you!/g)).toHaveLength(2); // the page title and the heading
    expect(res.body).toContain('<h1>Thank you!</h1><p class="rf-desc">We received your details and will be in touch soon.</p>');
    expect(res.body).toContain(`<a class="rf-link" href="/api/forms/${form.embedToken}/embed">Send another response</a>`);
    expect(res.headers['x-frame-options']).toBeUndefined();
    const lead = await lastLead(a.id);
    expect(lead).toMatchObject({ smsOptIn: true, phone: '+14155550177' });
    expect(lead.notes).toBe(
      ['Sent through the form "Quote request".', 'Message: Two bedrooms, one bath.', 'Service: Deep clean', 'Pets at home?: No', 'Agreed to receive text messages.'].join('\n'),
    );
    expect(lead.customFields).toEqual({ Message: 'Two bedrooms, one bath.', Service: 'Deep clean', 'Pets at home?': false });
    const [consent] = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`select lead_id as "leadId", form_id as "formId", phone, consent_text as "consentText", ip, user_agent as "userAgent", page_url as "pageUrl",
        consented_at > now() - interval '1 minute' as recent from lead_consents where business_id = ${a.id} order by id desc limit 1`),
    );
    expect(consent).toEqual({
      leadId: lead.id,
      formId: form.id,
      phone: '+14155550177',
      consentText: `${DEFAULT_SMS_OPTIN_TEXT} ${SMS_COMPLIANCE_TEXT}`,
      ip,
      userAgent: UA,
      pageUrl: 'https://sparkle.example/quote',
      recent: true,
    });
    expect(await counts(a.id)).toEqual({ leads: before.leads + 1, consents: before.consents + 1, activities: before.activities + 1, submissions: before.submissions + 1 });
  });

  it('the Referer is the page when the form did not say', async () => {
    await json(form.embedToken, answers({ name: 'Rhea Referer', sms: true }), { headers: { referer: 'https://sparkle.example/embed-host' } });
    const [consent] = rowsOf<{ pageUrl: string }>(await t.database.db.execute(sql`select page_url as "pageUrl" from lead_consents where business_id = ${a.id} order by id desc limit 1`));
    expect(consent.pageUrl).toBe('https://sparkle.example/embed-host');
  });

  it('the same answers again within minutes (a double click) are one lead; other answers are another', async () => {
    const body = answers({ name: 'Dora Double', email: 'dora@example.com' });
    const ip = freshIp();
    const first = await json(form.embedToken, body, { ip });
    const before = await counts(a.id);
    const [second, third] = await Promise.all([json(form.embedToken, body, { ip }), json(form.embedToken, body, { ip })]);
    expect([second.statusCode, third.statusCode, first.statusCode]).toEqual([200, 200, 200]);
    expect(second.json()).toEqual({ success: true, message: THANK_YOU });
    expect(await counts(a.id)).toEqual(before);
    await json(form.embedToken, { ...body, message: 'Also the windows, please.' }, { ip });
    expect((await counts(a.id)).leads).toBe(before.leads + 1);
  });

  it('a JSON post gets JSON even from a browser that accepts pages', async () => {
    const res = await json(plain.embedToken, { name: 'Jason Json', email: 'jason@example.com' }, { headers: BROWSER });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ success: true, message: THANK_YOU });
  });

  it('accepts another site’s Origin (an owner’s own HTML form may post here)', async () => {
    const res = await json(plain.embedToken, { name: 'Cross Site', email: 'cross@example.com' }, { headers: { origin: 'https://sparkle-cleaning.example' } });
    expect(res.statusCode).toBe(200);
    expect((await lastLead(a.id)).name).toBe('Cross Site');
  });
});

describe('refusals write nothing', () => {
  const refused: [string, Record<string, unknown>, RegExp][] = [
    ['a required field missing', { name: '' }, /^Name is required$/],
    ['a required dropdown missing', { service: undefined }, /^Service is required$/],
    ['an option not offered', { service: 'Window cleaning' }, /^Please choose one of the options for Service$/],
    ['a bad e-mail', { email: 'nora@' }, /^Please enter a valid email address$/],
    ['a bad phone', { phone: '12' }, /^Please enter a valid phone number/],
    ['the opt-in without a phone', { phone: '', sms: 'on' }, /^Please enter your phone number to receive text messages$/],
    ['a boolean for text', { name: true }, /^Name must be text$/],
    ['a number', { name: 5 }, /^Each answer must be text/],
    ['an array', { service: ['Deep clean'] }, /^Each answer must be text/],
    ['an answer past 5,000 characters', { message: 'x'.repeat(5001) }, /^Please keep each answer under 5000 characters$/],
    ['a text answer past 500 characters', { name: 'x'.repeat(501) }, /^Please keep Name under 500 characters$/],
  ];
  it.each(refused)('%s', async (_label, change, message) => {
    const before = await counts(a.id);
    const res = await json(form.embedToken, answers(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(await counts(a.id)).toEqual(before);
  });

  it('an unknown token is a 404; an inactive form a 409', async () => {
    const unknown = await json('not-a-form-token', answers());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: FORM_UNAVAILABLE });
    const off = await signedIn(t.app, a.cookie).post('/api/forms', { name: 'Off', fields: DEFAULT_FIELDS, isActive: false });
    const before = await counts(a.id);
    const res = await json(off.json().embedToken, { name: 'Too Late', email: 'late@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: FORM_INACTIVE });
    const page = await formPost(off.json().embedToken, 'name=Too+Late&email=late%40example.com');
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('not accepting submissions');
    expect(await counts(a.id)).toEqual(before);
  });

  it('an oversized body is a 413; a repeated form field a 400', async () => {
    const before = await counts(a.id);
    const big = await json(form.embedToken, answers({ pad: 'x'.repeat(70 * 1024) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'Request body is too large' });
    const twice = await formPost(form.embedToken, 'name=A&name=B', { headers: { accept: 'application/json' } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: 'The form field name is sent twice' });
    expect(await counts(a.id)).toEqual(before);
  });

  it('a browser’s form post with mistakes gets the form back, the messages beside the fields, its answers kept and escaped', async () => {
    const before = await counts(a.id);
    const hostile = `"><script>alert(1)</script>`;
    const res = await formPost(form.embedToken, new URLSearchParams({ ...answers(), email: hostile, message: hostile }).toString());
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Please check the highlighted fields');
    expect(res.body).toContain('<p class="rf-error" id="rf-email-error">Please enter a valid email address</p>');
    expect(res.body).toContain('aria-invalid="true" aria-describedby="rf-email-error"');
    expect(res.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea>');
    expect(res.body).toContain('<option selected>Deep clean</option>');
    expect(res.body).not.toContain('<script>');
    expect(await counts(a.id)).toEqual(before);
  });

  it('a filled honeypot is answered like a person and stores nothing', async () => {
    const before = await counts(a.id);
    const res = await json(form.embedToken, answers({ _rf_website: 'http://spam.example' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: THANK_YOU });
    const page = await formPost(form.embedToken, new URLSearchParams({ ...answers(), _rf_website: 'x' }).toString());
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Thank you!');
    expect(await counts(a.id)).toEqual(before);
  });

  it(`past ${SUBMISSIONS_PER_IP.limit} stored submissions an hour from one address: 429, nothing stored`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SUBMISSIONS_PER_IP.limit; i += 1) {
      expect((await json(plain.embedToken, { name: `Burst ${i}`, email: `burst${i}@example.com` }, { ip })).statusCode).toBe(200);
    }
    const before = await counts(a.id);
    const res = await json(plain.embedToken, { name: 'One Too Many', email: 'many@example.com' }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many submissions from your network\. Please try again in \d+ minutes?\.$/);
    expect(await counts(a.id)).toEqual(before);
    expect((await json(plain.embedToken, { name: 'Other Address', email: 'other@example.com' })).statusCode).toBe(200);
  });

  it('is one transaction: a failure after the lead was written leaves no lead, count or activity', async () => {
    await t.database.query(`create function test_fail_consent() returns trigger language plpgsql as $$ begin raise exception 'consent store down'; end $$`);
    await t.database.query('create trigger test_fail_consent before insert on lead_consents for each row execute function test_fail_consent()');
    try {
      const before = await counts(a.id);
      const res = await json(form.embedToken, answers({ name: 'Tess Transaction', sms: true }));
      expect(res.statusCode).toBe(500);
      expect(await counts(a.id)).toEqual(before);
    } finally {
      await t.database.query('drop trigger test_fail_consent on lead_consents');
      await t.database.query('drop function test_fail_consent()');
    }
  });
});
