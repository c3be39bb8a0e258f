import { eq } from 'drizzle-orm';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from './db/schema';
import { privateRouteGroups } from './features/index';
import { createBusiness, type TestBusiness } from './testing/factories';
import { createTestApp, type TestApp } from './testing/test-app';

// Business B walks every authenticated route with business A's ids and must see none of A's data
// and change none of it (DESIGN rule 1). A new private route fails "every private route is listed"
// until it is added to ROUTES below.

type Seed = { a: TestBusiness; b: TestBusiness; ids: SeedIds };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type RouteCase = {
  method: Method;
  url: (seed: Seed) => string;
  /** A JSON body, or a raw payload with its headers (uploads). */
  body?: (seed: Seed) => unknown;
  raw?: (seed: Seed) => { payload: string; headers: Record<string, string> };
  /** The status B must get: 404 for A's ids, 2xx where B only sees (or writes) its own data. */
  status: number;
  /** Further checks on B's answer. */
  check?: (res: LightMyRequestResponse, seed: Seed) => void;
};

// Every authenticated route goes here.
const ROUTES: RouteCase[] = [
  // accounts
  { method: 'GET', url: () => '/api/auth/me', status: 200, check: (res, { b }) => expect(res.json().business.id).toBe(b.id) },
  { method: 'GET', url: () => '/api/business/profile', status: 200, check: (res, { b }) => expect(res.json().email).toBe(b.email) },

  // clients
  { method: 'GET', url: () => '/api/clients', status: 200, check: (res) => expect(res.json()).toEqual([]) },
  { method: 'GET', url: () => '/api/clients?page=1&pageSize=25&search=alice', status: 200, check: (res) => expect(res.json().total).toBe(0) },
  { method: 'GET', url: () => '/api/clients?new=true', status: 200, check: (res) => expect(res.json().count).toBe(0) },
  { method: 'GET', url: () => '/api/clients/top?limit=5', status: 200, check: (res) => expect(res.json()).toEqual([]) },
  { method: 'GET', url: () => '/api/clients/loyalty-distribution', status: 200, check: (res) => expect(res.json().total).toBe(0) },
  // B adding a client with A's client's e-mail creates B's own client; A's stays as it was.
  {
    method: 'POST',
    url: () => '/api/clients',
    body: () => ({ name: 'Bob Beta', email: ALPHA_CLIENT_EMAIL, serviceDate: '2025-01-10', amount: 50 }),
    status: 201,
  },
  { method: 'GET', url: () => '/api/dashboard/stats', status: 200, check: (res) => expect(res.json().referralRevenue).toBe(0) },
  { method: 'GET', url: () => '/api/analytics/booking-trends?days=30', status: 200 },
  { method: 'POST', url: () => '/api/admin/send-gift', body: ({ ids }) => ({ clientId: ids.client, giftType: 'discount', amount: 25 }), status: 404 },
  { method: 'POST', url: () => '/api/admin/send-thanks', body: ({ ids }) => ({ clientId: ids.client, message: 'Thanks so much!' }), status: 404 },
  { method: 'GET', url: () => '/api/admin/export', status: 200 },
  { method: 'GET', url: ({ ids }) => `/api/clients/${ids.client}`, status: 404 },
  { method: 'DELETE', url: ({ ids }) => `/api/clients/${ids.client}`, status: 404 },

  // imports
  {
    method: 'POST',
    url: () => '/api/upload/csv',
    raw: () => multipartCsv(`Client Name,Client Email,Service Date\nBob Beta,${ALPHA_CLIENT_EMAIL},2025-02-01\n`),
    status: 200,
  },
  { method: 'GET', url: () => '/api/csv-uploads', status: 200 },
  { method: 'GET', url: () => '/api/webhook-logs', status: 200, check: (res) => expect(res.json()).toEqual([]) },
  { method: 'GET', url: () => '/api/webhook/logs', status: 200, check: (res) => expect(res.json()).toEqual([]) },
];

// Every string below carries MARK, so finding MARK in B's answer means A's data leaked.
const MARK = 'zq7alpha';
const ALPHA_CLIENT_EMAIL = 'alice.client@example.com';

type SeedIds = Awaited<ReturnType<typeof seedBusinessA>>;

/** Gives A a row in every tenant table; add to it when a feature adds a table. */
async function seedBusinessA(t: TestApp, businessId: number) {
  const db = t.database.db;
  const one = async <T>(rows: Promise<T[]>) => (await rows)[0];
  const client = await one(
    db
      .insert(s.clients)
      .values({ businessId, name: `Alice ${MARK}`, email: ALPHA_CLIENT_EMAIL, phone: '+14155550101', referralCode: `ALICE-${MARK}`, totalBookings: 1 })
      .returning({ id: s.clients.id }),
  );
  const booking = await one(
    db
      .insert(s.bookings)
      .values({ businessId, clientId: client.id, serviceDate: '2025-01-05', serviceType: `Deep Clean ${MARK}`, status: 'completed', amountCharged: '120.00' })
      .returning({ id: s.bookings.id }),
  );
  const referral = await one(
    db
      .insert(s.referrals)
      .values({ businessId, referrerCode: `ALICE-${MARK}`, referrerClientId: client.id, refereeName: `Friend ${MARK}`, refereePhone: '+14155550102' })
      .returning({ id: s.referrals.id }),
  );
  const reward = await one(
    db.insert(s.referralRewards).values({ businessId, referralId: referral.id, rewardAmount: `$25 ${MARK}` }).returning({ id: s.referralRewards.id }),
  );
  const form = await one(
    db
      .insert(s.forms)
      .values({ businessId, name: `Quote form ${MARK}`, fields: [{ id: 'name', type: 'text', label: 'Name', required: true }], embedToken: `form-${MARK}` })
      .returning({ id: s.forms.id, embedToken: s.forms.embedToken }),
  );
  const lead = await one(
    db
      .insert(s.leads)
      .values({ businessId, name: `Lead ${MARK}`, email: 'lead@example.com', source: 'form', formId: form.id, referrerCode: `ALICE-${MARK}` })
      .returning({ id: s.leads.id }),
  );
  const leadCommunication = await one(
    db
      .insert(s.leadCommunications)
      .values({ businessId, leadId: lead.id, type: 'sms', direction: 'outbound', content: `Hello ${MARK}` })
      .returning({ id: s.leadCommunications.id }),
  );
  const smsMessage = await one(
    db
      .insert(s.smsMessages)
      .values({ businessId, clientId: client.id, direction: 'inbound', fromNumber: '+14155550101', toNumber: '+15005550006', messageBody: `Reply ${MARK}`, twilioSid: `SM${MARK}1` })
      .returning({ id: s.smsMessages.id }),
  );
  const smsReply = await one(
    db
      .insert(s.smsReplies)
      .values({ businessId, clientId: client.id, fromNumber: '+14155550101', toNumber: '+15005550006', messageBody: `Reply ${MARK}`, twilioSid: `SM${MARK}2` })
      .returning({ id: s.smsReplies.id }),
  );
  const smsLog = await one(
    db
      .insert(s.smsLogs)
      .values({ businessId, clientId: client.id, phoneNumber: '+14155550101', messageType: 'thank_you', messageContent: `Thanks ${MARK}` })
      .returning({ id: s.smsLogs.id }),
  );
  const activity = await one(
    db
      .insert(s.activityLogs)
      .values({ businessId, type: 'sms_sent', description: `Sent ${MARK}`, metadata: { client_id: client.id, client_name: `Alice ${MARK}` } })
      .returning({ id: s.activityLogs.id }),
  );
  const upload = await one(
    db.insert(s.csvUploadLogs).values({ id: `upload-${MARK}`, businessId, fileName: `clients-${MARK}.csv`, rowsProcessed: 1 }).returning({ id: s.csvUploadLogs.id }),
  );
  const webhookLog = await one(
    db.insert(s.webhookLogs).values({ businessId, status: 'success', payload: { client_name: `Alice ${MARK}` } }).returning({ id: s.webhookLogs.id }),
  );
  const replyContext = await one(
    db
      .insert(s.smsReplyContext)
      .values({ businessId, clientId: client.id, clientPhone: '+14155550101', expiresAt: new Date(Date.now() + 86400_000) })
      .returning({ id: s.smsReplyContext.id }),
  );
  await db.update(s.outreachSettings).set({ referralDiscount: `$25 ${MARK}` }).where(eq(s.outreachSettings.businessId, businessId));
  return {
    client: client.id,
    booking: booking.id,
    referral: referral.id,
    reward: reward.id,
    form: form.id,
    formToken: form.embedToken,
    lead: lead.id,
    leadCommunication: leadCommunication.id,
    smsMessage: smsMessage.id,
    smsReply: smsReply.id,
    smsLog: smsLog.id,
    activity: activity.id,
    upload: upload.id,
    webhookLog: webhookLog.id,
    replyContext: replyContext.id,
  };
}

function multipartCsv(csv: string) {
  const boundary = '----referloop-cross-tenant';
  const payload = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="csv"; filename="b.csv"',
    'Content-Type: text/csv',
    '',
    csv,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every row A owns, in every table with a business_id column (found from the catalogue, so new tables count too). */
async function snapshotOf(t: TestApp, businessId: number): Promise<Record<string, unknown[]>> {
  const tables = await t.database.query<{ table_name: string }>(
    `select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'business_id' order by table_name`,
  );
  const out: Record<string, unknown[]> = {};
  out.businesses = await t.database.query('select * from businesses where id = $1', [businessId]);
  for (const { table_name } of tables) {
    if (table_name === 'sessions') continue; // A's own sessions slide when A uses them; B cannot reach them
    out[table_name] = await t.database.query(`select * from "${table_name}" where business_id = $1 order by 1`, [businessId]);
  }
  return JSON.parse(JSON.stringify(out));
}

/** The private routes the app registers, read by registering the groups on a bare Fastify instance. */
async function registeredPrivateRoutes(t: TestApp): Promise<string[]> {
  const probe = Fastify();
  probe.decorate('deps', t.app.deps);
  probe.decorateRequest('auth', null);
  const found: string[] = [];
  probe.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') found.push(`${method} ${route.url}`);
  });
  await probe.register(
    async (api) => {
      for (const group of privateRouteGroups) await group(api);
    },
    { prefix: '/api' },
  );
  await probe.ready();
  await probe.close();
  return found;
}

const patternMatches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}$`).test(path);

// Stands in for the seed when naming tests (before any data exists): every id reads ':id'.
const placeholder: Seed = new Proxy({} as any, { get: (_t, key) => (key === Symbol.toPrimitive ? () => ':id' : placeholder) });

let t: TestApp;
let seed: Seed;
let before: Record<string, unknown[]>;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createBusiness(t.database, { name: `Alpha Cleaning ${MARK}`, email: `owner-${MARK}@example.com` });
  const b = await createBusiness(t.database, { name: 'Beta Lawns' });
  seed = { a, b, ids: await seedBusinessA(t, a.id) };
  before = await snapshotOf(t, a.id);
});
afterAll(() => t.close());

describe('another business', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.url(placeholder)}`, r] as const))(
    '%s shows B nothing of A',
    async (_name, route) => {
      const raw = route.raw?.(seed);
      const res = await t.app.inject({
        method: route.method,
        url: route.url(seed),
        headers: { cookie: seed.b.cookie, ...(raw?.headers ?? {}) },
        payload: raw ? raw.payload : (route.body?.(seed) as any),
      });
      expect(res.statusCode, res.body).toBe(route.status);
      expect(res.body.toLowerCase()).not.toContain(MARK);
      expect(res.body).not.toContain(seed.a.email);
      expect(res.body).not.toContain(seed.a.webhookToken);
      route.check?.(res, seed);
    },
  );

  it("left every row of A's as it was", async () => {
    expect(await snapshotOf(t, seed.a.id)).toEqual(before);
  });

  it('every private route is listed in ROUTES', async () => {
    const registered = await registeredPrivateRoutes(t);
    expect(registered.length).toBeGreaterThan(0);
    const missing = registered.filter((entry) => {
      const [method, pattern] = entry.split(' ');
      return !ROUTES.some((r) => r.method === method && patternMatches(pattern, r.url(seed).split('?')[0]));
    });
    expect(missing, 'add these routes to ROUTES in src/server/cross-tenant.test.ts').toEqual([]);
  });

  it('A still sees its own data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: seed.a.cookie } });
    expect(res.json().business.id).toBe(seed.a.id);
  });
});
