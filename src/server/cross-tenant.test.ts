import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteEntry, routeKey } from './platform/route-table';
import { createBusiness, type TestBusiness } from './testing/factories';
import { signedIn } from './testing/requests';
import { requestsOf } from './testing/example-requests';
import { REGISTRATION_DETAILS } from './testing/registration-details';
import { providerFields, recordingProvider, rowsText, type ProviderCall } from './testing/provider-ids';
import { type ExampleIds, type ProviderIds, ROUTE_EXAMPLES, ROUTE_EXAMPLES_FILE } from './testing/route-examples';
import { MARK, seedTenantData, tenantSnapshot } from './testing/tenant-data';
import { createTestApp, type TestApp } from './testing/test-app';
import { SimulatorSms } from './providers/sms/simulator';

// Tenancy, proven for every route by construction (ARCHITECTURE.md, "Tenancy"). Two worlds hold
// the same second business B, created first so its ids match. In the first, business A has data in
// every tenant table, with bookings dated today in its time zone so "this month" and trend figures
// count them; in the second, A's data was made the same way and then deleted, so every sequence stands
// where it stands in the first. B calls every route of the route table (platform/route-table.ts) with
// A's ids, in the same order in both worlds: each answer must be the same as the empty world's (only
// random tokens and timestamps are normalised), and nothing of A's may change. A route that is neither
// walked nor excused (public routes only) fails, naming testing/route-examples.ts.
//
// Resources at the SMS provider are one business's too (docs/sms-registration.md, "Ownership"), and they outlive
// a business at the provider, so the empty world can't stand in for them: A gets a number and a messaging service
// made by the platform's registration, and each signed-in route whose request names a provider resource (a field
// in providerIdFields) is sent A's from a fresh business. It must be refused, write nothing naming A's resources,
// and ask the provider nothing about them (every call to the provider is recorded).

const B = { name: 'Beta Lawns', email: 'beta.owner@example.com', webhookUrl: 'beta-webhook-token-0123456789' };
const A = { name: `Alpha Cleaning ${MARK}`, email: `owner-${MARK}@example.com`, webhookUrl: `alpha-${MARK}-webhook-token` };

type World = { t: TestApp; b: TestBusiness; a: TestBusiness; ids: ExampleIds; routes: RouteEntry[]; simulator: SimulatorSms; calls: ProviderCall[] };
type Answer = { status: number; body: string };

async function buildWorld(firstBusinessStays: boolean): Promise<World> {
  const simulator = new SimulatorSms();
  const provider = recordingProvider(simulator);
  const t = await createTestApp({}, { sms: provider.sms });
  const b = await createBusiness(t.database, B);
  const a = await createBusiness(t.database, A);
  const ids = { ...(await seedTenantData(t.app, t.database, a)), webhookToken: a.webhookToken };
  if (!firstBusinessStays) await t.database.query('delete from businesses where id = $1', [a.id]);
  return { t, b, a, ids, routes: t.app.routeTable(), simulator, calls: provider.calls };
}

/** Routes B calls: every route that is not excused (only a public route may be). */
const walked = (routes: RouteEntry[]) => routes.filter((r) => !ROUTE_EXAMPLES[routeKey(r)]?.notInTenancyMatrix);
/** Routes that change or end B's own account (a new webhook token, deleting it): walked after everything else. */
const last = (r: RouteEntry) => Boolean(ROUTE_EXAMPLES[routeKey(r)]?.affectsCaller);
const first = (r: RouteEntry) => !last(r);

/** Random tokens and timestamps differ between the worlds by nature; nothing else may. */
function normalise(body: string): string {
  return body
    .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)?/g, '<time>')
    .replace(/\b[0-9a-f]{64}\b/g, '<session>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\b([A-Z]{1,8})-[A-HJ-NP-Z2-9]{5}\b/g, '$1-<code>')
    .replace(/"latencyMs":\d+/g, '"latencyMs":0')
    // A new two-factor secret each time (and its QR code).
    .replace(/"(secret|otpauthUrl|qrCode)":"[^"]*"/g, '"$1":"<secret>"');
}

/** B walks every route with A's ids (as the first world numbers them), in route-table order. */
async function walk(world: World, aIds: ExampleIds, only?: (route: RouteEntry) => boolean): Promise<Map<string, Answer[]>> {
  const answers = new Map<string, Answer[]>();
  for (const route of walked(world.routes).filter(only ?? (() => true))) {
    const example = ROUTE_EXAMPLES[routeKey(route)];
    if (!example) continue;
    const list: Answer[] = [];
    for (const req of requestsOf(route, example, aIds)) {
      const res = await world.t.app.inject({ method: route.method as 'GET', url: req.url, headers: { cookie: world.b.cookie, ...req.headers }, payload: req.payload });
      list.push({ status: res.statusCode, body: res.body });
    }
    answers.set(routeKey(route), list);
  }
  return answers;
}

let withA: World;
let withoutA: World;
let seen: Map<string, Answer[]>;
let empty: Map<string, Answer[]>;
let seenAfter: Map<string, Answer[]>;
let emptyAfter: Map<string, Answer[]>;
let aBefore: Record<string, string>;
let aAfter: Record<string, string>;

beforeAll(async () => {
  withA = await buildWorld(true);
  withoutA = await buildWorld(false);
  aBefore = await tenantSnapshot(withA.t.database, withA.a.id);
  // Every route once, then every read again: what B wrote must read back the same in both worlds.
  const reads = (r: RouteEntry) => r.method === 'GET';
  seen = await walk(withA, withA.ids, first);
  seenAfter = await walk(withA, withA.ids, reads);
  for (const [key, answers] of await walk(withA, withA.ids, last)) seen.set(key, answers);
  aAfter = await tenantSnapshot(withA.t.database, withA.a.id);
  empty = await walk(withoutA, withA.ids, first);
  emptyAfter = await walk(withoutA, withA.ids, reads);
  for (const [key, answers] of await walk(withoutA, withA.ids, last)) empty.set(key, answers);
  // Two worlds and three walks of every route: about 20 s alone, past the default 60 s beside other test files on 2 cores.
}, 240_000);
afterAll(async () => {
  await withA?.t.close();
  await withoutA?.t.close();
});

describe('a second business', () => {
  it('is the same business in both worlds, and A numbers its rows the same way in both', () => {
    expect(withoutA.b.id).toBe(withA.b.id);
    expect({ ...withoutA.ids, webhookToken: '' }).toEqual({ ...withA.ids, webhookToken: '' });
  });

  it('every registered route is walked, or excused as a public route', () => {
    const problems = withA.routes.flatMap((r) => {
      const example = ROUTE_EXAMPLES[routeKey(r)];
      if (!example) return [`${routeKey(r)}: no example request`];
      if (example.notInTenancyMatrix && r.access !== 'public') return [`${routeKey(r)}: needs a session, so it cannot be excused`];
      return [];
    });
    expect(problems, `add these routes to ROUTE_EXAMPLES in ${ROUTE_EXAMPLES_FILE}`).toEqual([]);
    expect(walked(withA.routes).length).toBeGreaterThan(10);
  });

  it.each(Object.keys(ROUTE_EXAMPLES).filter((key) => !ROUTE_EXAMPLES[key].notInTenancyMatrix))('%s answers B exactly what it answers beside an empty business', (key) => {
    const got = seen.get(key);
    if (!got) return; // not registered: reported above
    expect(got.map((a) => a.status).every((s) => s < 500), JSON.stringify(got)).toBe(true);
    for (const answer of [...got, ...(seenAfter.get(key) ?? [])]) {
      expect(answer.body.toLowerCase()).not.toContain(MARK);
      expect(answer.body).not.toContain(withA.a.email);
      expect(answer.body).not.toContain(withA.a.webhookToken);
    }
    const norm = (list: Answer[] | undefined) => list?.map((a) => ({ status: a.status, body: normalise(a.body) }));
    expect(norm(got)).toEqual(norm(empty.get(key)));
    expect(norm(seenAfter.get(key)), 'read again after every write').toEqual(norm(emptyAfter.get(key)));
  });

  it("left every row of A's as it was", () => {
    expect(aAfter).toEqual(aBefore);
  });

  it('A still sees its own data', async () => {
    const res = await signedIn(withA.t.app, withA.a.cookie).get('/api/dashboard/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json().totalClients).toBeGreaterThan(0);
    expect(res.json().monthlyRevenue).toBeGreaterThan(0);
  });
});

describe("a second business naming the first's resources at the SMS provider", () => {
  const providerRoutes = Object.keys(ROUTE_EXAMPLES).filter((key) => ROUTE_EXAMPLES[key].providerIds);
  type ProviderAnswer = Answer & { calls: ProviderCall[]; rows: string };
  const answers = new Map<string, ProviderAnswer>();
  let aSids: string[];
  let before: Record<string, string>;

  beforeAll(async () => {
    const { t, a } = withA;
    // A's number, bought through the API, and its registration through the platform's flow (approved at once).
    withA.simulator.registration.reviewSeconds = 0;
    const asA = signedIn(t.app, a.cookie);
    const offered = (await asA.post('/api/sms/search-numbers', { areaCode: '303' })).json().numbers;
    expect((await asA.post('/api/sms/purchase-number', { phoneNumber: offered[0].phoneNumber })).statusCode).toBe(200);
    const registered = await asA.post('/api/sms/registration', { ...REGISTRATION_DETAILS });
    expect(registered.json().registration?.status, registered.body).toBe('approved');
    const [reg] = await t.database.query<Record<string, string | null>>(
      'select profile_sid, trust_product_sid, brand_sid, service_sid, campaign_sid from sms_registrations where business_id = $1',
      [a.id],
    );
    const [biz] = await t.database.query<{ number: string; sid: string }>('select selected_phone_number as number, twilio_sid as sid from businesses where id = $1', [a.id]);
    const messages = await t.database.query<{ sid: string }>('select twilio_sid as sid from sms_messages where business_id = $1 and twilio_sid is not null', [a.id]);
    const ids: ProviderIds = { messagingService: reg.service_sid!, number: biz.number };
    aSids = [...Object.values(reg), biz.number, biz.sid, ...messages.map((m) => m.sid)].filter((sid): sid is string => !!sid);
    before = await tenantSnapshot(t.database, a.id);
    for (const [i, key] of providerRoutes.entries()) {
      const example = ROUTE_EXAMPLES[key].providerIds!;
      const number = example.caller === 'with a number' ? { selectedPhoneNumber: `+1720555${String(150 + i)}`, twilioSid: `PN${'c'.repeat(28)}${String(1000 + i)}` } : {};
      const caller = await createBusiness(t.database, number);
      // A number and no registration yet: the state in which a route would put the number into a service.
      await t.database.query('delete from sms_registrations where business_id = $1', [caller.id]);
      const mark = withA.calls.length;
      const [method, url] = key.split(' ');
      const res = await t.app.inject({ method: method as 'POST', url, headers: { cookie: caller.cookie, 'content-type': 'application/json' }, payload: JSON.stringify(example.body(ids)) });
      answers.set(key, { status: res.statusCode, body: res.body, calls: withA.calls.slice(mark), rows: await rowsText(t.database, caller.id) });
    }
  }, 60_000);

  it('every signed-in route whose request names a provider resource is walked', () => {
    const problems = withA.routes
      .filter((r) => r.access !== 'public')
      .flatMap((r) => {
        const example = ROUTE_EXAMPLES[routeKey(r)];
        const fields = [...providerFields(example?.bodySchema), ...providerFields(example?.querySchema)];
        return fields.length && !example?.providerIds ? [`${routeKey(r)}: ${fields.join(', ')} names a resource at the provider`] : [];
      });
    expect(problems, `give these routes providerIds in ${ROUTE_EXAMPLES_FILE}`).toEqual([]);
    expect(providerRoutes.length).toBeGreaterThan(0);
  });

  it.each(providerRoutes)("%s with A's resource is refused, writes nothing naming it and asks the provider nothing about it", (key) => {
    const got = answers.get(key)!;
    expect(got.status, got.body).toBeGreaterThanOrEqual(400);
    expect(got.status, got.body).toBeLessThan(500);
    const named = got.calls.filter((call) => aSids.some((sid) => JSON.stringify(call.args).includes(sid)));
    expect(named, "calls to the provider naming A's resources").toEqual([]);
    for (const sid of aSids) expect(got.rows, `the caller's rows name ${sid}`).not.toContain(sid);
  });

  it("left every row of A's as it was", async () => {
    expect(await tenantSnapshot(withA.t.database, withA.a.id)).toEqual(before);
  });
});
