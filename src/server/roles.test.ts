import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteEntry, routeKey } from './platform/route-table';
import { DEFAULT_ROLE } from './platform/route-policy';
import { ROLE_REFUSALS, ROLES, type Role, roleAllows } from '../shared/roles';
import { createBusiness, createPerson, type TestBusiness } from './testing/factories';
import { requestsOf } from './testing/example-requests';
import { type ExampleIds, ROUTE_EXAMPLES } from './testing/route-examples';
import { installWriteCounter, seedTenantData } from './testing/tenant-data';
import { createTestApp, type TestApp } from './testing/test-app';

// Roles, proven for every route by construction (docs/accounts.md, "People and roles"). Every signed-in route of
// the route table is called by an owner, a manager and a staff member of one business with data in every table,
// with the route's example request (testing/route-examples.ts). Where the route's role is above the caller's,
// the answer is 403 with the sentence naming who may, and nothing is written; where it is not, the answer is
// neither 401 nor 403. A route added later is in the matrix without anyone listing it here.

let t: TestApp;
let biz: TestBusiness;
let ids: ExampleIds;
let routes: RouteEntry[];
let cookies: Record<Role, string>;
let counter: Awaited<ReturnType<typeof installWriteCounter>>;

type Answer = { status: number; body: string; written: string[] };
const refused = new Map<string, Answer[]>();
const allowed = new Map<string, Answer[]>();

const signedInRoutes = () => routes.filter((r) => r.access === 'session');
const exampleOf = (r: RouteEntry) => ROUTE_EXAMPLES[routeKey(r)] ?? {};
const cell = (role: Role, r: RouteEntry) => `${role} ${routeKey(r)}`;

async function call(route: RouteEntry, cookie: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const req of requestsOf(route, exampleOf(route), ids)) {
    const res = await t.app.inject({ method: route.method as 'GET', url: req.url, headers: { cookie, ...req.headers }, payload: req.payload });
    answers.push({ status: res.statusCode, body: res.body, written: await counter.writes() });
  }
  return answers;
}

beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database, { name: 'Roles Cleaning' });
  ids = { ...(await seedTenantData(t.app, t.database, biz)), webhookToken: biz.webhookToken, businessId: biz.id };
  routes = t.app.routeTable();
  cookies = { owner: biz.cookie, manager: (await createPerson(t.database, biz.id, 'manager')).cookie, staff: (await createPerson(t.database, biz.id, 'staff')).cookie };
  counter = await installWriteCounter(t.database);
  await counter.writes();
  // The refusals first, while every row the examples name is there.
  for (const role of ROLES) {
    for (const route of signedInRoutes().filter((r) => !roleAllows(role, r.role!))) refused.set(cell(role, route), await call(route, cookies[role]));
  }
  // Then what each role may do, the lowest first; a route that changes or ends the caller's own account is called
  // by a person of a business of its own.
  for (const role of [...ROLES].reverse()) {
    for (const route of signedInRoutes().filter((r) => roleAllows(role, r.role!))) {
      let cookie = cookies[role];
      if (exampleOf(route).affectsCaller) {
        const own = await createBusiness(t.database, { name: 'Roles Own Account' });
        cookie = role === 'owner' ? own.cookie : (await createPerson(t.database, own.id, role)).cookie;
      }
      allowed.set(cell(role, route), await call(route, cookie));
    }
  }
}, 120_000);
afterAll(() => t.close());

describe('every signed-in route, every role', () => {
  it('every signed-in route has a role, the default where it names none', () => {
    expect(signedInRoutes().length).toBeGreaterThan(50);
    expect(signedInRoutes().filter((r) => !ROLES.includes(r.role!)).map(routeKey)).toEqual([]);
    expect(routes.filter((r) => r.access === 'public' && r.role).map(routeKey)).toEqual([]);
    expect(DEFAULT_ROLE).toBe('manager');
  });

  it('the three roles are each refused something and allowed something', () => {
    const count = (map: Map<string, Answer[]>, role: Role) => [...map.keys()].filter((k) => k.startsWith(`${role} `)).length;
    expect(count(refused, 'owner')).toBe(0);
    expect(count(refused, 'manager')).toBeGreaterThan(3);
    expect(count(refused, 'staff')).toBeGreaterThan(count(refused, 'manager'));
    for (const role of ROLES) expect(count(allowed, role)).toBeGreaterThan(20);
  });

  it.each(ROLES.flatMap((role) => Object.keys(ROUTE_EXAMPLES).map((key) => `${role} ${key}`)))('%s', (key) => {
    const refusal = refused.get(key);
    const answers = refusal ?? allowed.get(key);
    if (!answers) return; // a public route, or a key with no route (fuzz.test.ts reports those)
    const route = routes.find((r) => cell(key.split(' ')[0] as Role, r) === key)!;
    for (const a of answers) {
      if (refusal) {
        expect({ status: a.status, body: JSON.parse(a.body) }).toEqual({ status: 403, body: { message: ROLE_REFUSALS[route.role!] } });
        expect(a.written, 'a refusal writes nothing').toEqual([]);
      } else {
        expect([401, 403], a.body).not.toContain(a.status);
        expect(a.status, a.body).toBeLessThan(500);
      }
    }
  });
});

describe('the sentences', () => {
  it('name who may', () => {
    expect(ROLE_REFUSALS.owner).toBe('Only an owner of this business can do this.');
    expect(ROLE_REFUSALS.manager).toBe('Only an owner or a manager of this business can do this.');
  });

  it('the spec’s staff may not bulk-text, export, change settings or delete a client; managers may', () => {
    const role = (key: string) => routes.find((r) => routeKey(r) === key)?.role;
    for (const key of ['POST /api/sms/bulk', 'GET /api/admin/export', 'GET /api/referrals/export', 'PUT /api/business/settings', 'DELETE /api/clients/:id']) {
      expect(role(key), key).toBe('manager');
    }
    for (const key of ['DELETE /api/business/account', 'POST /api/sms/registration', 'POST /api/sms/purchase-number']) expect(role(key), key).toBe('owner');
    for (const key of ['POST /api/sms/reply', 'POST /api/admin/send-thanks', 'POST /api/admin/send-gift', 'POST /api/clients', 'GET /api/leads']) expect(role(key), key).toBe('staff');
  });
});
