import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEFAULT_FIELDS, DEFAULT_SMS_OPTIN_TEXT, FORM_NAME_REQUIRED, MAX_FIELDS } from '../../../shared/schemas/forms';
import { DEFAULT_STYLES } from '../../../shared/schemas/forms-styles';

// The owner's form calls: GET/POST /api/forms, PATCH/DELETE /api/forms/{id} (docs/forms.md "Owner side").

let t: TestApp;
let a: TestBusiness;
let b: TestBusiness;

const token = (n: number) => `browserMadeToken_${String(n).padStart(4, '0')}_abcdefghijklmnopqrstu`;
const newForm = (extra: Record<string, unknown> = {}) => ({
  businessId: 0,
  name: 'Quote request',
  description: 'Tell us about your home',
  fields: DEFAULT_FIELDS,
  embedToken: token(1),
  isActive: true,
  styles: DEFAULT_STYLES,
  ...extra,
});
const send = (biz: TestBusiness | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(biz ? { cookie: biz.cookie } : {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const formCount = async (businessId: number) =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from forms where business_id = ${businessId}`))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  a = await createBusiness(t.database, { name: 'Sparkle Cleaning' });
  b = await createBusiness(t.database, { name: 'Other Cleaning' });
});
afterAll(() => t.close());

describe('creating a form', () => {
  it('stores it in the session’s business (the body’s businessId is ignored), active, with the browser’s token', async () => {
    const res = await send(a, 'POST', '/api/forms', newForm({ businessId: b.id, embedToken: token(2) }));
    expect(res.statusCode).toBe(201);
    const form = res.json();
    expect(form).toMatchObject({
      businessId: a.id,
      name: 'Quote request',
      description: 'Tell us about your home',
      embedToken: token(2),
      isActive: true,
      submissionCount: 0,
      styles: DEFAULT_STYLES,
    });
    expect(form.fields.map((f: { id: string; type: string; required: boolean }) => [f.id, f.type, f.required])).toEqual([
      ['name', 'text', true],
      ['email', 'email', true],
      ['phone', 'phone', false],
      ['message', 'textarea', false],
    ]);
    expect(await formCount(b.id)).toBe(0);
    const list = (await send(a, 'GET', '/api/forms')).json();
    expect(list.map((f: { id: number }) => f.id)).toContain(form.id);
    expect((await send(b, 'GET', '/api/forms')).json()).toEqual([]);
  });

  it('the name is required, on create and update ("Form name is required")', async () => {
    for (const name of [undefined, '', '   ', null, 5]) {
      const res = await send(a, 'POST', '/api/forms', newForm({ name, embedToken: token(3) }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: FORM_NAME_REQUIRED });
    }
    const form = (await send(a, 'POST', '/api/forms', newForm({ embedToken: token(4) }))).json();
    const res = await send(a, 'PATCH', `/api/forms/${form.id}`, { name: ' ', description: '', fields: DEFAULT_FIELDS });
    expect(res.json()).toEqual({ message: FORM_NAME_REQUIRED });
    expect(res.statusCode).toBe(400);
  });

  it('a token that is malformed or taken is replaced by a random one of the server’s', async () => {
    const first = (await send(a, 'POST', '/api/forms', newForm({ embedToken: token(5) }))).json();
    const taken = (await send(b, 'POST', '/api/forms', newForm({ embedToken: token(5) }))).json();
    expect(taken.embedToken).not.toBe(first.embedToken);
    expect(taken.embedToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const bad of ['short', `${'a'.repeat(40)}<script>`, 'a'.repeat(65), undefined]) {
      const res = await send(a, 'POST', '/api/forms', newForm({ embedToken: bad }));
      expect(res.statusCode).toBe(201);
      expect(res.json().embedToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('a new sms-optin field gets the default opt-in text; only what a type uses is kept; an opt-in is never required', async () => {
    const fields = [
      ...DEFAULT_FIELDS,
      { id: 'sms', type: 'sms-optin', label: 'Texts', required: true, options: ['x'], placeholder: 'p' },
      { id: 'service', type: 'select', label: 'Service', required: false, options: [' Deep clean ', 'Standard'], smsOptInText: 'no' },
    ];
    const res = await send(a, 'POST', '/api/forms', newForm({ fields, embedToken: token(6) }));
    expect(res.statusCode).toBe(201);
    const got = res.json().fields;
    expect(got[4]).toEqual({ id: 'sms', type: 'sms-optin', label: 'Texts', required: false, smsOptInText: DEFAULT_SMS_OPTIN_TEXT });
    expect(got[5]).toEqual({ id: 'service', type: 'select', label: 'Service', required: false, options: ['Deep clean', 'Standard'] });
  });

  it('styles: missing ones take the defaults; only the spec’s values; colours as #rrggbb', async () => {
    const partial = await send(a, 'POST', '/api/forms', newForm({ styles: { font: 'Georgia', primaryColor: '#FF0000' }, embedToken: token(7) }));
    expect(partial.json().styles).toEqual({ ...DEFAULT_STYLES, font: 'Georgia', primaryColor: '#ff0000' });
    const none = await send(a, 'POST', '/api/forms', newForm({ styles: undefined, embedToken: token(8) }));
    expect(none.json().styles).toEqual(DEFAULT_STYLES);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ font: 'Comic Sans' }, /^Font must be one of/],
      [{ font: 'Inter"; } body { display:none' }, /^Font must be one of/],
      [{ primaryColor: 'red' }, /^Primary colour must be a colour like #667eea/],
      [{ backgroundColor: '#fff' }, /^Background colour must be/],
      [{ textColor: '#3740511;}</style><script>alert(1)</script>' }, /^Text colour must be/],
      [{ buttonShape: 'round' }, /^Button shape must be one of: rounded, slightly-rounded, sharp/],
      [{ containerWidth: '100%' }, /^Container width must be one of/],
      [{ borderRadius: 100 }, /^Corner radius/],
      [{ trustElements: 'yes' }, /^Trust elements/],
      [{ privacyText: 'x'.repeat(301) }, /^Privacy text must be at most 300/],
      [{ evil: 'url(javascript:alert(1))' }, /^Styles contain an option that does not exist/],
    ];
    for (const [styles, message] of bad) {
      const res = await send(a, 'POST', '/api/forms', newForm({ styles, embedToken: token(9) }));
      expect(res.statusCode, JSON.stringify(styles)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('fields are checked strictly: types, labels, options, ids, their number', async () => {
    const f = (extra: Record<string, unknown>) => ({ id: 'x', type: 'text', label: 'X', required: false, ...extra });
    const cases: [unknown, RegExp][] = [
      [[], /at least one field/],
      [Array.from({ length: MAX_FIELDS + 1 }, (_v, i) => f({ id: `f${i}` })), /at most 30 fields/],
      [[f({ type: 'date' })], /field type must be one of: text, email, phone, textarea, select, checkbox, sms-optin/],
      [[f({ label: '' })], /Every field needs a label/],
      [[f({ label: 'x'.repeat(201) })], /at most 200 characters/],
      [[f({ id: '1abc' })], /field id must start with a letter/],
      [[f({ id: 'a b' })], /field id must start with a letter/],
      [[f({ id: '_rf_website' })], /field id must start with a letter/],
      [[f({ id: 'a' }), f({ id: 'a' })], /Two fields have the id "a"/],
      [[f({ type: 'select' })], /dropdown "X" needs at least one option/],
      [[f({ type: 'select', options: ['A', 'A'] })], /lists an option twice/],
      [[f({ type: 'select', options: Array.from({ length: 51 }, (_v, i) => `o${i}`) })], /at most 50 options/],
      [[f({ type: 'select', options: [''] })], /option cannot be empty/],
      [[f({ onclick: 'alert(1)' })], /property that does not exist/],
      [[f({ id: 'p', type: 'phone' }), f({ id: 's1', type: 'sms-optin' }), f({ id: 's2', type: 'sms-optin' })], /only one SMS opt-in/],
      [[f({ id: 's1', type: 'sms-optin' })], /needs a Phone field/],
      ['fields', /Fields must be a list/],
    ];
    for (const [fields, message] of cases) {
      const res = await send(a, 'POST', '/api/forms', newForm({ fields, embedToken: token(10) }));
      expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('hostile text in labels and options is stored as typed (and escaped on the page: forms-public tests)', async () => {
    const label = `"><script>alert('x')</script>`;
    const fields = [{ id: 'name', type: 'text', label, required: true }, { id: 'pick', type: 'select', label: 'Pick', required: false, options: [`a" onmouseover="x`, '</option><script>1</script>'] }];
    const res = await send(a, 'POST', '/api/forms', newForm({ name: `<img src=x onerror=alert(1)>`, fields, embedToken: token(11) }));
    expect(res.statusCode).toBe(201);
    expect(res.json().fields[0].label).toBe(label);
    expect(res.json().name).toBe('<img src=x onerror=alert(1)>');
  });

  it('an oversized body is a 413 and stores nothing', async () => {
    const before = await formCount(a.id);
    const res = await send(a, 'POST', '/api/forms', newForm({ description: 'x'.repeat(70 * 1024), embedToken: token(12) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
    expect(await formCount(a.id)).toBe(before);
  });

  it('needs a session, and refuses another site’s Origin', async () => {
    expect((await send(null, 'GET', '/api/forms')).statusCode).toBe(401);
    expect((await send(null, 'POST', '/api/forms', newForm())).statusCode).toBe(401);
    const res = await send(a, 'POST', '/api/forms', newForm({ embedToken: token(13) }), { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This request came from another site and was refused.' });
  });
});

describe('updating and deleting', () => {
  it('PATCH changes name, description, fields and active; another business’s form is a 404 and stays as it was', async () => {
    const form = (await send(a, 'POST', '/api/forms', newForm({ embedToken: token(20) }))).json();
    const fields = [...DEFAULT_FIELDS.slice(0, 2), { id: 'field_1', type: 'checkbox', label: 'Pets at home?', required: false }];
    const theirs = await send(b, 'PATCH', `/api/forms/${form.id}`, { name: 'Stolen', description: null, fields, isActive: false });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'Form not found' });
    const res = await send(a, 'PATCH', `/api/forms/${form.id}`, { name: ' Spring quote ', description: '', fields, isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: form.id, name: 'Spring quote', description: null, isActive: false, embedToken: token(20), styles: DEFAULT_STYLES });
    expect(res.json().fields).toHaveLength(3);
    // Fields and styles left out stay as they were.
    const again = await send(a, 'PATCH', `/api/forms/${form.id}`, { name: 'Spring quote 2' });
    expect(again.json()).toMatchObject({ name: 'Spring quote 2', isActive: false });
    expect(again.json().fields).toHaveLength(3);
    for (const id of ['0', '-1', 'abc', '99999999999']) expect((await send(a, 'PATCH', `/api/forms/${id}`, { name: 'x' })).statusCode).toBe(404);
  });

  it('DELETE removes the owner’s form only; its leads stay', async () => {
    const form = (await send(a, 'POST', '/api/forms', newForm({ embedToken: token(21) }))).json();
    await t.database.db.execute(sql`insert into leads (business_id, name, source, form_id) values (${a.id}, 'Kept Lead', 'form', ${form.id})`);
    const theirs = await send(b, 'DELETE', `/api/forms/${form.id}`);
    expect(theirs.statusCode).toBe(404);
    const res = await send(a, 'DELETE', `/api/forms/${form.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, id: form.id });
    expect((await send(a, 'DELETE', `/api/forms/${form.id}`)).statusCode).toBe(404);
    const [lead] = rowsOf<{ formId: number | null }>(await t.database.db.execute(sql`select form_id as "formId" from leads where name = 'Kept Lead'`));
    expect(lead.formId).toBeNull();
  });
});
