import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteEntry, routeKey } from './platform/route-table';
import { ACTIVITY_KIND_LIST } from '../shared/schemas/activity-record';
import { approveRegistration, createBusiness, type TestBusiness } from './testing/factories';
import { requestsOf } from './testing/example-requests';
import { RECORDED_ROUTES } from './testing/recorded-routes';
import { type ExampleIds, ROUTE_EXAMPLES } from './testing/route-examples';
import { seedTenantData } from './testing/tenant-data';
import { createTestApp, type TestApp } from './testing/test-app';

// The activity record, proven for every route by construction (docs/accounts.md, "What the record keeps"). Every
// route of the route table that changes something (every method but GET) and every export is in
// testing/recorded-routes.ts: the kinds it records or why it records none. Each signed-in route is called by the
// business's owner with its example request (testing/route-examples.ts); a recording route that answers 2xx
// writes one entry of its kinds per answer, every other route none, and no route removes or changes an entry.

let t: TestApp;
let biz: TestBusiness;
let ids: ExampleIds;
let routes: RouteEntry[];
let approved = false;
type Call = { key: string; status: number; body: string; added: { kind: string }[]; before: string; after: string };
const calls: Call[] = [];

const isExport = (key: string) => key.startsWith('GET ') && key.endsWith('/export');
const changes = (r: RouteEntry) => r.method !== 'GET' || isExport(routeKey(r));
const snapshot = async () => JSON.stringify(await t.database.query('select * from activity_records where business_id = $1 order by id', [biz.id]));

beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database, { name: 'Record Cleaning' });
  ids = { ...(await seedTenantData(t.app, t.database, biz)), webhookToken: biz.webhookToken, businessId: biz.id };
  routes = t.app.routeTable();
  // The number is bought first, then the texts go (registration approved), then the registrations are
  // submitted (each from none), and the deletions come last.
  const phase = (r: RouteEntry) => {
    const key = routeKey(r);
    if (key.endsWith('/purchase-number') || key.endsWith('/assign-local-number')) return 0;
    if (r.method === 'DELETE') return 3;
    return key.includes('/sms/registration') && r.method === 'POST' ? 2 : 1;
  };
  const signedInRoutes = routes.filter((r) => r.access === 'session').sort((a, b) => phase(a) - phase(b));
  for (const route of signedInRoutes) {
    const key = routeKey(route);
    const example = ROUTE_EXAMPLES[key] ?? {};
    // The account's deletion ends the walk's business (it is listed with its reason); a new webhook token does not.
    if (example.affectsCaller && !('records' in (RECORDED_ROUTES[key] ?? {}))) continue;
    if (phase(route) === 1 && !approved) {
      approved = true;
      await approveRegistration(t.database, biz.id);
      // A lead and a friend who may be texted: a phone with the lead's form consent, a referral not booked yet.
      await t.database.query("update leads set phone = '+14155550104' where id = $1", [ids.lead]);
      await t.database.query('update referrals set converted = false, converted_at = null, sms_consent_at = now() where id = $1', [ids.referral]);
    }
    for (const req of requestsOf(route, example, ids)) {
      if (phase(route) === 2) await t.database.query('delete from sms_registrations where business_id = $1', [biz.id]);
      const before = await snapshot();
      const [{ n }] = await t.database.query<{ n: number }>('select coalesce(max(id), 0)::int as n from activity_records');
      const res = await t.app.inject({ method: route.method as 'GET', url: req.url, headers: { cookie: biz.cookie, ...req.headers }, payload: req.payload });
      const added = await t.database.query<{ kind: string }>('select kind from activity_records where id > $1 order by id', [n]);
      calls.push({ key, status: res.statusCode, body: res.body.slice(0, 300), added, before, after: await snapshot() });
    }
  }
});
afterAll(() => t.close());

describe('the activity record of every route', () => {
  it('every route that changes something says what it records, or why nothing', () => {
    const missing = routes.filter(changes).map(routeKey).filter((key) => !RECORDED_ROUTES[key]);
    expect(missing, 'add these routes to testing/recorded-routes.ts').toEqual([]);
    const gone = Object.keys(RECORDED_ROUTES).filter((key) => !routes.some((r) => routeKey(r) === key));
    expect(gone, 'routes listed in testing/recorded-routes.ts that no longer exist').toEqual([]);
    for (const [key, r] of Object.entries(RECORDED_ROUTES)) {
      if ('records' in r) expect(r.records.every((k) => ACTIVITY_KIND_LIST.includes(k)), key).toBe(true);
      else expect(r.notRecorded.length, key).toBeGreaterThan(10);
    }
  });

  it('every kind is recorded by some route', () => {
    const recorded = new Set(Object.values(RECORDED_ROUTES).flatMap((r) => ('records' in r ? r.records : [])));
    expect(ACTIVITY_KIND_LIST.filter((k) => !recorded.has(k))).toEqual([]);
  });

  it('a recording route that succeeds writes one entry of its kind; every other call writes none', () => {
    const wrong: string[] = [];
    for (const c of calls) {
      const listed = RECORDED_ROUTES[c.key];
      const kinds = listed && 'records' in listed ? listed.records : [];
      const ok = c.status < 300;
      if (ok && kinds.length > 0) {
        if (c.added.length !== 1 || !kinds.includes(c.added[0].kind as never)) wrong.push(`${c.key} ${c.status}: wrote ${JSON.stringify(c.added)}`);
      } else if (c.added.length > 0) wrong.push(`${c.key} ${c.status}: wrote ${JSON.stringify(c.added)} (${ok ? 'records nothing' : 'refused'})`);
    }
    expect(wrong).toEqual([]);
  });

  it('each signed-in recording route was seen succeeding', () => {
    const session = new Set(routes.filter((r) => r.access === 'session').map(routeKey));
    const recording = Object.entries(RECORDED_ROUTES).filter(([key, r]) => 'records' in r && session.has(key)).map(([key]) => key);
    const unseen = recording.filter((key) => !calls.some((c) => c.key === key && c.status < 300));
    expect(unseen, JSON.stringify(calls.filter((c) => unseen.includes(c.key)).map((c) => `${c.key} ${c.status} ${c.body}`))).toEqual([]);
  });

  it('no route changes or removes an entry', () => {
    const changed = calls.filter((c) => !c.after.startsWith(c.before.slice(0, -1))).map((c) => c.key);
    expect(changed).toEqual([]);
  });
});
