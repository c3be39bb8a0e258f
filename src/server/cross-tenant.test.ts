import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteEntry, routeKey } from './platform/route-table';
import { createBusiness, type TestBusiness } from './testing/factories';
import { multipartBody, signedIn } from './testing/requests';
import { type ExampleIds, ROUTE_EXAMPLES, ROUTE_EXAMPLES_FILE, type RouteExample } from './testing/route-examples';
import { MARK, seedTenantData, tenantSnapshot } from './testing/tenant-data';
import { createTestApp, type TestApp } from './testing/test-app';

// Tenancy, proven for every route by construction (ARCHITECTURE.md, "Tenancy"). Two worlds hold
// the same second business B, created first so its ids match. In the first, business A has data in
// every tenant table, with bookings dated today in its time zone so "this month" and trend figures
// count them; in the second, A's data was made the same way and then deleted, so every sequence stands
// where it stands in the first. B calls every route of the route table (platform/route-table.ts) with
// A's ids, in the same order in both worlds: each answer must be the same as the empty world's (only
// random tokens and timestamps are normalised), and nothing of A's may change. A route that is neither
// walked nor excused (public routes only) fails, naming testing/route-examples.ts.

const B = { name: 'Beta Lawns', email: 'beta.owner@example.com', webhookUrl: 'beta-webhook-token-0123456789' };
const A = { name: `Alpha Cleaning ${MARK}`, email: `owner-${MARK}@example.com`, webhookUrl: `alpha-${MARK}-webhook-token` };

type World = { t: TestApp; b: TestBusiness; a: TestBusiness; ids: ExampleIds; routes: RouteEntry[] };
type Answer = { status: number; body: string };

async function buildWorld(firstBusinessStays: boolean): Promise<World> {
  const t = await createTestApp();
  const b = await createBusiness(t.database, B);
  const a = await createBusiness(t.database, A);
  const ids = { ...(await seedTenantData(t.app, t.database, a)), webhookToken: a.webhookToken };
  if (!firstBusinessStays) await t.database.query('delete from businesses where id = $1', [a.id]);
  return { t, b, a, ids, routes: t.app.routeTable() };
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
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\b([A-Z]{1,8})-[A-HJ-NP-Z2-9]{5}\b/g, '$1-<code>')
    .replace(/"latencyMs":\d+/g, '"latencyMs":0');
}

function requestsOf(route: RouteEntry, example: RouteExample, ids: ExampleIds) {
  const params = example.params?.(ids) ?? {};
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
  const queries = example.queries?.length ? example.queries : [{}];
  return queries.map((q) => {
    const qs = new URLSearchParams(q).toString();
    const url = qs ? `${path}?${qs}` : path;
    if (example.upload) {
      const { payload, contentType } = multipartBody(example.upload.fileName, example.upload.content(ids), example.upload.field);
      return { url, headers: { 'content-type': contentType }, payload };
    }
    if (example.body) return { url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(example.body(ids)) };
    return { url, headers: {}, payload: undefined };
  });
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
