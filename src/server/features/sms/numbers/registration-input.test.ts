import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES as m } from '../../../../shared/schemas/sms-registration';
import { PROFILE_MESSAGES } from '../../../../shared/schemas/business';
import { createBusiness } from '../../../testing/factories';
import { REGISTRATION_DETAILS } from '../../../testing/registration-details';
import { signedIn } from '../../../testing/requests';
import { createTestApp, type TestApp } from '../../../testing/test-app';

// docs/input-rules.md "Links", "Required text" and "EIN": input that reads right but is not is refused by the
// registration route with the field's message, and nothing is written.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WEBSITES = [
  'https://127.0.0.1',
  'https://10.0.0.1',
  'https://169.254.169.254',
  'https://0x7f.0.0.1',
  'https://2130706433',
  'https://0177.0.0.1',
  'https://[::1]',
  'https://-.-',
  'https://evil.com\\@good.com',
  'https://printer.local',
  'https://db.internal',
];
const INVISIBLE = ['\u200b\u200b', '\u0007', '\r\n', '\u200e\u200f', 'Sparkle\nClean'];
const REQUIRED: [keyof typeof REGISTRATION_DETAILS, string][] = [
  ['legalName', m.legalName],
  ['street', m.street],
  ['city', m.city],
  ['firstName', m.firstName],
  ['lastName', m.lastName],
  ['title', m.title],
];
const EINS = ['12-3456789x', '+123456789', '1-2-3-4-5-6-7-8-9', '12\u20133456789'];

const cases: [string, Record<string, unknown>, string][] = [
  ...WEBSITES.map((website): [string, Record<string, unknown>, string] => [`website ${JSON.stringify(website)}`, { website }, m.website]),
  ...REQUIRED.flatMap(([field, message]) => INVISIBLE.map((v): [string, Record<string, unknown>, string] => [`${field} ${JSON.stringify(v)}`, { [field]: v }, message])),
  ...EINS.map((ein): [string, Record<string, unknown>, string] => [`ein ${JSON.stringify(ein)}`, { ein }, m.ein]),
  ...EINS.map((ein): [string, Record<string, unknown>, string] => [`a sole proprietor's ein ${JSON.stringify(ein)}`, { businessType: 'sole_proprietor', ein }, m.ein]),
];

describe('POST /api/sms/registration refuses input that reads right but is not', () => {
  it.each(cases)('%s: 400 with the field message, nothing written', async (_label, change, message) => {
    const biz = await createBusiness(t.database);
    const res = await signedIn(t.app, biz.cookie).post('/api/sms/registration', { ...REGISTRATION_DETAILS, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await t.database.query('select 1 from sms_registrations where business_id = $1', [biz.id])).toHaveLength(0);
  });

  it('still takes the details as the form sends them (the EIN as 9 digits too)', async () => {
    const biz = await createBusiness(t.database);
    const res = await signedIn(t.app, biz.cookie).post('/api/sms/registration', { ...REGISTRATION_DETAILS, ein: '123456789' });
    expect(res.statusCode).toBe(200);
    expect(res.json().registration.details).toMatchObject({ ein: '123456789', website: REGISTRATION_DETAILS.website });
  });
});

describe('the same link rule wherever a link is stored', () => {
  it.each(['https://169.254.169.254', 'https://0x7f.0.0.1', 'https://evil.com\\@good.com'])('profile website %j', async (websiteUrl) => {
    const biz = await createBusiness(t.database);
    const res = await signedIn(t.app, biz.cookie).patch('/api/business/profile', { name: 'Sparkle', email: biz.email, websiteUrl });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: PROFILE_MESSAGES.invalidWebsite });
    expect((await t.database.query<{ website_url: string | null }>('select website_url from businesses where id = $1', [biz.id]))[0].website_url).toBeNull();
  });

  it.each(['http://g.page/r/abc/review', 'https://127.0.0.1/review', 'https://2130706433/r/abc'])('review link in the SMS settings %j', async (googleReviewLink) => {
    const biz = await createBusiness(t.database);
    const current = (await signedIn(t.app, biz.cookie).get('/api/outreach/settings')).json();
    const res = await signedIn(t.app, biz.cookie).post('/api/outreach/settings', { ...current, googleReviewLink });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Must be a valid URL' });
    expect((await t.database.query<{ l: string | null }>('select google_review_link as l from businesses where id = $1', [biz.id]))[0].l).toBeNull();
  });
});
