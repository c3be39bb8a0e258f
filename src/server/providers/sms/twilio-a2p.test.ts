import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registrationDetailsSchema } from '../../../shared/schemas/sms-registration';
import { A2P_PROFILE_POLICY, SECONDARY_PROFILE_POLICY, TwilioA2p } from './twilio-a2p';
import { UNREADABLE_ANSWER } from './twilio-http';
import { SmsProviderError } from './types';
import { REGISTRATION_DETAILS } from '../../testing/registration-details';
import { readBody } from '../../testing/read-body';

// The A2P driver against a local stand-in for Twilio's TrustHub and Messaging APIs. Every request is checked
// against Twilio's published API descriptions (fixtures/twilio-a2p-operations.json, copied from twilio-oai
// with its licence): the operation exists for that method and path, every required form parameter is
// there, no parameter is unknown, enums and booleans hold allowed values. A request that breaks the
// contract gets a 422 (as Prism's mock does), which fails the test.

type Property = { type?: string; enum?: string[] };
type Operation = { required: string[]; properties: Record<string, Property> };
const described: { servers: Record<string, Record<string, Record<string, Operation>>> } = JSON.parse(
  readFileSync(new URL('./fixtures/twilio-a2p-operations.json', import.meta.url), 'utf8'),
);
/**
 * The 2010 API's Addresses.json is not in the copied descriptions (their 2010 subset stops at numbers and
 * messages): its required parameters are written here from Twilio's Address resource reference.
 */
const ADDRESSES: Operation = {
  required: ['CustomerName', 'Street', 'City', 'Region', 'PostalCode', 'IsoCountry'],
  properties: Object.fromEntries(['CustomerName', 'Street', 'City', 'Region', 'PostalCode', 'IsoCountry', 'FriendlyName', 'EmergencyEnabled', 'AutoCorrectAddress', 'StreetSecondary'].map((k) => [k, { type: 'string' }])),
};
const operations = Object.values(described.servers).flatMap((paths) =>
  Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method, pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`), path, op })),
  ),
);

/** Why the request breaks Twilio's description, or null. */
function violation(method: string, pathname: string, form: URLSearchParams): string | null {
  const found = /\/2010-04-01\/Accounts\/[^/]+\/Addresses\.json$/.test(pathname) && method === 'POST' ? { op: ADDRESSES } : operations.find((o) => o.method === method && o.pattern.test(pathname));
  if (!found) return `no operation ${method} ${pathname}`;
  for (const name of found.op.required) if (!form.has(name)) return `${method} ${pathname}: ${name} is required`;
  for (const name of new Set(form.keys())) {
    const property = found.op.properties[name];
    if (!property) return `${method} ${pathname}: unknown parameter ${name}`;
    const values = form.getAll(name);
    if (values.length > 1 && property.type !== 'array') return `${method} ${pathname}: ${name} is not an array`;
    for (const v of values) {
      if (property.enum && !property.enum.includes(v)) return `${method} ${pathname}: ${name}=${v} is not one of ${property.enum.join(', ')}`;
      if (property.type === 'boolean' && v !== 'true' && v !== 'false') return `${method} ${pathname}: ${name} must be true or false`;
    }
  }
  return null;
}

type Seen = { method: string; path: string; form: URLSearchParams; authorization?: string };
const seen: Seen[] = [];
const violations: string[] = [];
let server: Server;
let apiUrl: string;
/** What the stand-in answers for reviews (set per test). */
const state = { unreadable: null as 'not-json' | 'incomplete' | null, profile: 'pending-review', brand: 'PENDING', brandFailure: '', campaign: 'IN_PROGRESS', campaignErrors: [] as unknown[], evaluation: 'compliant', services: new Set<string>(), verified: new Set<string>() };

let counter = 0;
const sidOf = (prefix: string) => `${prefix}${String(++counter).padStart(32, '0')}`;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    const form = new URLSearchParams(await readBody(req));
    seen.push({ method: req.method!, path: url.pathname, form, authorization: req.headers.authorization });
    const json = (status: number, body: Record<string, unknown>) => {
      if (status < 300 && state.unreadable === 'not-json') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>OK</body></html>');
      }
      // JSON without what the call reads: a resource's sid, a review's status, a service's campaign list.
      const { sid: _sid, status: _status, campaign_status: _campaign, compliance: _list, ...rest } = body;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status < 300 && state.unreadable === 'incomplete' ? rest : body));
    };
    const wrong = violation(req.method!, url.pathname, form);
    if (wrong) {
      violations.push(wrong);
      return json(422, { code: 20001, message: wrong, status: 422 });
    }
    const p = url.pathname;
    if (req.method === 'GET') {
      if (/^\/v1\/(CustomerProfiles|TrustProducts)\//.test(p)) return json(200, { sid: p.split('/')[3], status: state.profile, errors: state.profile === 'twilio-rejected' ? [{ code: 22215, description: 'The EIN does not match the business name.' }] : null });
      if (p.startsWith('/v1/a2p/BrandRegistrations/')) return json(200, { sid: p.split('/')[4], status: state.brand, failure_reason: state.brandFailure || null, errors: [] });
      if (/\/Compliance\/Usa2p\/[^/]+$/.test(p)) return json(200, { sid: p.split('/').pop(), campaign_status: state.campaign, errors: state.campaignErrors });
      if (p.endsWith('/Compliance/Usa2p')) {
        const service = p.split('/')[3];
        return json(200, { compliance: state.verified.has(service) ? [{ sid: 'QE00000000000000000000000000000009', campaign_status: 'VERIFIED' }] : [], meta: {} });
      }
      if (p.startsWith('/v1/Services/')) {
        const service = p.split('/')[3];
        return state.services.has(service) ? json(200, { sid: service }) : json(404, { code: 20404, message: `The requested resource ${p} was not found`, status: 404 });
      }
    }
    if (p.endsWith('/Evaluations')) return json(201, { sid: sidOf('EL'), status: state.evaluation, results: state.evaluation === 'noncompliant' ? [{ fields: [{ failure_reason: 'Business registration number is missing' }] }] : [] });
    if (p.endsWith('/PhoneNumbers')) return json(201, { sid: form.get('PhoneNumberSid') });
    if (p === '/v1/a2p/BrandRegistrations') return json(201, { sid: sidOf('BN'), status: 'PENDING' });
    if (p === '/v1/Services') return json(201, { sid: sidOf('MG') });
    if (p.endsWith('/Compliance/Usa2p')) return json(201, { sid: sidOf('QE'), campaign_status: 'IN_PROGRESS' });
    if (p.endsWith('/Addresses.json')) return json(201, { sid: sidOf('AD') });
    const prefix = p.includes('EndUsers') ? 'IT' : p.includes('SupportingDocuments') ? 'RD' : p.includes('EntityAssignments') ? 'BV' : 'BU';
    return json(201, { sid: p.match(/\/(BU\d+)$/)?.[1] ?? sidOf(prefix), status: form.get('Status') ?? 'draft' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  violations.length = 0;
  Object.assign(state, { unreadable: null, profile: 'pending-review', brand: 'PENDING', brandFailure: '', campaign: 'IN_PROGRESS', campaignErrors: [], evaluation: 'compliant' });
});

const ACCOUNT = 'AC00000000000000000000000000000001';
const driver = () => new TwilioA2p({ accountSid: ACCOUNT, authToken: 'stand-in-token', apiUrl, primaryProfileSid: 'BU0000000000000000000000000000ffff' });
const DETAILS = registrationDetailsSchema.parse({ ...REGISTRATION_DETAILS });
const calls = () => seen.map((s) => `${s.method} ${s.path.replace(/[A-Z]{2}\d{32}/g, '{sid}').replace(/[A-Z]{2}0+ffff/g, '{primary}')}`);

describe('the A2P driver against the stand-in', () => {
  it("submits the profile as Twilio's ISV flow asks: secondary profile, end users, address, assignments, evaluation, review; then the A2P profile", async () => {
    const sids = await driver().submitProfile(DETAILS, {});
    expect(violations).toEqual([]);
    expect(sids.profileSid).toMatch(/^BU/);
    expect(calls()).toEqual([
      'POST /v1/CustomerProfiles',
      'POST /v1/EndUsers',
      'POST /v1/EndUsers',
      'POST /2010-04-01/Accounts/{sid}/Addresses.json',
      'POST /v1/SupportingDocuments',
      'POST /v1/CustomerProfiles/{sid}/EntityAssignments',
      'POST /v1/CustomerProfiles/{sid}/EntityAssignments',
      'POST /v1/CustomerProfiles/{sid}/EntityAssignments',
      'POST /v1/CustomerProfiles/{sid}/EntityAssignments',
      'POST /v1/CustomerProfiles/{sid}/Evaluations',
      'POST /v1/CustomerProfiles/{sid}',
      'POST /v1/TrustProducts',
      'POST /v1/EndUsers',
      'POST /v1/TrustProducts/{sid}/EntityAssignments',
      'POST /v1/TrustProducts/{sid}/EntityAssignments',
      'POST /v1/TrustProducts/{sid}/Evaluations',
      'POST /v1/TrustProducts/{sid}',
    ]);
    expect(seen[0].form.get('PolicySid')).toBe(SECONDARY_PROFILE_POLICY);
    expect(seen[11].form.get('PolicySid')).toBe(A2P_PROFILE_POLICY);
    expect(JSON.parse(seen[1].form.get('Attributes')!)).toMatchObject({ business_name: 'Sparkle Clean LLC', business_registration_number: '123456789', business_type: 'Limited Liability Corporation', website_url: 'https://sparkle.example.com' });
    expect(JSON.parse(seen[2].form.get('Attributes')!)).toMatchObject({ first_name: 'Ann', phone_number: '+15125550100', business_title: 'Owner' });
    expect(seen[8].form.get('ObjectSid')).toBe('BU0000000000000000000000000000ffff');
    expect(seen[10].form.get('Status')).toBe('pending-review');
    expect(seen[0].authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT}:stand-in-token`).toString('base64')}`);
  });

  it('an incomplete profile is refused with what Twilio found missing', async () => {
    state.evaluation = 'noncompliant';
    const error = await driver().submitProfile(DETAILS, {}).catch((e) => e);
    expect(error).toBeInstanceOf(SmsProviderError);
    expect(error.message).toBe('Twilio found the business profile incomplete: Business registration number is missing');
    expect(error.status).toBe(400);
  });

  it("reads reviews: pending, approved, and a rejection with Twilio's reason", async () => {
    const a2p = driver();
    expect(await a2p.profileStatus('BU1', 'BU2')).toEqual({ state: 'pending' });
    state.profile = 'twilio-approved';
    expect(await a2p.profileStatus('BU1', 'BU2')).toEqual({ state: 'approved' });
    state.profile = 'twilio-rejected';
    expect(await a2p.profileStatus('BU1', 'BU2')).toEqual({ state: 'failed', reason: 'The EIN does not match the business name.' });
    state.brand = 'FAILED';
    state.brandFailure = 'TCR could not verify the EIN.';
    expect(await a2p.brandStatus('BN1')).toEqual({ state: 'failed', reason: 'TCR could not verify the EIN.' });
    state.brand = 'APPROVED';
    expect(await a2p.brandStatus('BN1')).toEqual({ state: 'approved' });
    state.campaign = 'FAILED';
    state.campaignErrors = [{ code: 30896, description: 'The message flow does not describe how users opt in.' }];
    expect(await a2p.campaignStatus('MG1', 'QE1')).toEqual({ state: 'failed', reason: 'The message flow does not describe how users opt in.' });
    state.campaign = 'VERIFIED';
    expect(await a2p.campaignStatus('MG1', 'QE1')).toEqual({ state: 'approved' });
    expect(violations).toEqual([]);
  });

  it('a low-volume standard brand skips secondary vetting; a sole proprietor is its own brand type', async () => {
    await driver().createBrand({ profileSid: 'BU1', trustProductSid: 'BU2', soleProprietor: false });
    await driver().createBrand({ profileSid: 'BU1', trustProductSid: 'BU2', soleProprietor: true });
    expect(violations).toEqual([]);
    expect(Object.fromEntries(seen[0].form)).toEqual({ CustomerProfileBundleSid: 'BU1', A2PProfileBundleSid: 'BU2', BrandType: 'STANDARD', SkipAutomaticSecVet: 'true' });
    expect(Object.fromEntries(seen[1].form)).toEqual({ CustomerProfileBundleSid: 'BU1', A2PProfileBundleSid: 'BU2', BrandType: 'SOLE_PROPRIETOR' });
  });

  it('the messaging service holds the number; the campaign carries description, flow and every sample', async () => {
    const a2p = driver();
    const { serviceSid } = await a2p.createService({ friendlyName: 'Sparkle Clean (Referloop)', numberSid: 'PN123' });
    await a2p.createCampaign({ brandSid: 'BN1', serviceSid, soleProprietor: false, description: 'What we text', messageFlow: 'How people opt in', samples: ['One', 'Two', 'Three'] });
    expect(violations).toEqual([]);
    expect(calls()).toEqual(['POST /v1/Services', 'POST /v1/Services/{sid}/PhoneNumbers', 'POST /v1/Services/{sid}/Compliance/Usa2p']);
    expect(seen[1].form.get('PhoneNumberSid')).toBe('PN123');
    const campaign = seen[2].form;
    expect(campaign.getAll('MessageSamples')).toEqual(['One', 'Two', 'Three']);
    expect(campaign.get('UsAppToPersonUsecase')).toBe('LOW_VOLUME');
    expect(campaign.get('MessageFlow')).toBe('How people opt in');
  });

  it("an existing messaging service: unknown, without a verified campaign, or used with the business's number", async () => {
    const a2p = driver();
    const unknown = `MG${'1'.repeat(32)}`;
    expect(await a2p.useExistingService(unknown, 'PN1')).toMatchObject({ ok: false, reason: expect.stringContaining('No messaging service with this SID') });
    const service = `MG${'2'.repeat(32)}`;
    state.services.add(service);
    expect(await a2p.useExistingService(service, 'PN1')).toMatchObject({ ok: false, reason: 'This messaging service has no approved (verified) A2P campaign yet.' });
    state.verified.add(service);
    expect(await a2p.useExistingService(service, 'PN1')).toEqual({ ok: true, campaignSid: 'QE00000000000000000000000000000009' });
    expect(calls().at(-1)).toBe('POST /v1/Services/{sid}/PhoneNumbers');
    expect(violations).toEqual([]);
  });

  it.each(['not-json', 'incomplete'] as const)('a 2xx it cannot read (%s) is a lost answer at every step, and nothing is built on it', async (mode) => {
    const a2p = driver();
    const service = `MG${'3'.repeat(32)}`;
    state.services.add(service);
    state.verified.add(service);
    state.unreadable = mode;
    // Submissions may have been acted on (uncertain); reads acted on nothing. Either way status 0: try again later.
    const lost = (uncertain: boolean) => ({ code: null, status: 0, uncertain, message: UNREADABLE_ANSWER });
    const steps: [string, () => Promise<unknown>, boolean][] = [
      ['submitProfile', () => a2p.submitProfile(DETAILS, {}), true],
      ['profileStatus', () => a2p.profileStatus('BU1', 'BU2'), false],
      ['createBrand', () => a2p.createBrand({ profileSid: 'BU1', trustProductSid: 'BU2', soleProprietor: false }), true],
      ['brandStatus', () => a2p.brandStatus('BN1'), false],
      ['createService', () => a2p.createService({ friendlyName: 'Sparkle Clean (Referloop)', numberSid: 'PN123' }), true],
      ['createCampaign', () => a2p.createCampaign({ brandSid: 'BN1', serviceSid: 'MG1', soleProprietor: false, description: 'd', messageFlow: 'f', samples: ['One'] }), true],
      ['campaignStatus', () => a2p.campaignStatus('MG1', 'QE1'), false],
      ['useExistingService', () => a2p.useExistingService(service, 'PN1'), false],
    ];
    for (const [name, step, uncertain] of steps) {
      seen.length = 0;
      const error = await step().then(
        (value) => ({ resolved: value }),
        (e: unknown) => e,
      );
      expect({ name, error }).toEqual({ name, error: expect.objectContaining(lost(uncertain)) });
      expect({ name, calls: calls().length }).toEqual({ name, calls: 1 }); // stopped at the unreadable answer
    }
    expect(violations).toEqual([]);
  });

  it('the stand-in refuses a request that breaks the description (the check can fail)', async () => {
    expect(violation('POST', '/v1/a2p/BrandRegistrations', new URLSearchParams({ CustomerProfileBundleSid: 'BU1' }))).toBe('POST /v1/a2p/BrandRegistrations: A2PProfileBundleSid is required');
    expect(violation('POST', '/v1/Services', new URLSearchParams({ FriendlyName: 'x', UseInboundWebhookOnNumber: 'yes' }))).toBe('POST /v1/Services: UseInboundWebhookOnNumber must be true or false');
    expect(violation('POST', '/v1/Services', new URLSearchParams({ FriendlyName: 'x', Name: 'y' }))).toBe('POST /v1/Services: unknown parameter Name');
    expect(violation('DELETE', '/v1/Services/MG1', new URLSearchParams())).toBe('no operation DELETE /v1/Services/MG1');
  });
});
