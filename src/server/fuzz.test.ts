import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteEntry, routeKey } from './platform/route-table';
import { createBusiness, type TestBusiness } from './testing/factories';
import { fuzzCases } from './testing/fuzz-cases';
import { type ExampleIds, ROUTE_EXAMPLES, ROUTE_EXAMPLES_FILE, type RouteExample } from './testing/route-examples';
import { installWriteCounter, seedTenantData } from './testing/tenant-data';
import { createTestApp, type TestApp } from './testing/test-app';

// Every API route in the route table, fed hostile input generated from its example request
// (testing/fuzz-cases.ts): each answer is below 500; a refusal is a 4xx whose body is exactly
// { message } and writes nothing; whatever the route's shared schema refuses is refused.
// A route added later is fuzzed without anyone listing it here.

const SEED = 20261123;

let t: TestApp;
let biz: TestBusiness;
let ids: ExampleIds;
let routes: RouteEntry[];
let counter: Awaited<ReturnType<typeof installWriteCounter>>;

beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database, { name: 'Fuzz Cleaning' });
  ids = { ...(await seedTenantData(t.app, t.database, biz)), webhookToken: biz.webhookToken, businessId: biz.id };
  routes = t.app.routeTable();
  counter = await installWriteCounter(t.database);
});
afterAll(() => t.close());

const bodyOf = (body: string) => {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
};

describe('fuzz every route', () => {
  it('every registered route has an example request', () => {
    const missing = routes.map(routeKey).filter((key) => !ROUTE_EXAMPLES[key]);
    expect(missing, `add an example request for these routes to ROUTE_EXAMPLES in ${ROUTE_EXAMPLES_FILE}`).toEqual([]);
    const stale = Object.keys(ROUTE_EXAMPLES).filter((key) => !routes.some((r) => routeKey(r) === key));
    expect(stale, `these examples in ${ROUTE_EXAMPLES_FILE} name no registered route`).toEqual([]);
    const unparsed = Object.entries(ROUTE_EXAMPLES)
      .filter(([, e]) => (e.body && !e.bodySchema) || (e.queries?.some((q) => Object.keys(q).length) && !e.querySchema))
      .map(([key]) => key);
    expect(unparsed, `name the shared schema that parses each body and query (bodySchema, querySchema) in ${ROUTE_EXAMPLES_FILE}`).toEqual([]);
  });

  it.each(Object.keys(ROUTE_EXAMPLES))('%s', async (key) => {
    const route = routes.find((r) => routeKey(r) === key);
    if (!route) return; // reported by the test above
    expect(await fuzzRoute(route, ROUTE_EXAMPLES[key])).toEqual([]);
  });

  it('a route without an example still gets the hostile input that needs none', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => !ROUTE_EXAMPLES[routeKey(r)])) {
      failures.push(...(await fuzzRoute(route, {})).map((f) => `${routeKey(route)} ${f}`));
    }
    expect(failures).toEqual([]);
  });
});

/** Sends a route its fuzz cases; the problems found, one line each. */
async function fuzzRoute(route: RouteEntry, example: RouteExample): Promise<string[]> {
  const cookie: { cookie?: string } = route.access === 'session' ? { cookie: biz.cookie } : {};
  const skip = example.refusalsLoggedIn ?? [];
  const failures: string[] = [];
  await counter.writes();
  for (const c of fuzzCases(route, example, ids, SEED)) {
    if (example.affectsCaller && route.access === 'session') {
      // A route that changes or ends the caller's own account gets a business of its own for every case.
      cookie.cookie = (await createBusiness(t.database, { name: 'Fuzz Own Account' })).cookie;
      await counter.writes();
    }
    const res = await t.app.inject({ method: route.method as 'GET', url: c.url, headers: { ...cookie, ...c.headers }, payload: c.payload });
    const where = `${c.label}: ${res.statusCode} ${res.body.slice(0, 120)}`;
    if (res.statusCode >= 500) failures.push(where);
    else if (res.statusCode === 429) failures.push(`${where} (rate limited: the fuzz sends more cases than the route's limit allows, so later cases test nothing; trim testing/fuzz-cases.ts)`);
    else if (c.mustRefuse && res.statusCode < 400) failures.push(`${where} (the shared schema refuses this input)`);
    const written = await counter.writes(skip);
    if (res.statusCode >= 400) {
      const body = bodyOf(res.body) as Record<string, unknown>;
      if (typeof body !== 'object' || body === null || Object.keys(body).join() !== 'message' || typeof body.message !== 'string' || !body.message) {
        failures.push(`${where} (a refusal must be exactly { message })`);
      }
      if (written.length) failures.push(`${where} (a refusal wrote to ${[...new Set(written)].join(', ')})`);
    }
  }
  if (route.access === 'session') {
    // No session, and session cookies no browser would send: each is a 401 with a message.
    for (const [label, value] of [
      ['no session', undefined],
      ['a bad escape', 'rl_session=%zz'],
      ['a lone surrogate', 'rl_session=%ED%A0%80'],
      ['5,000 characters', `rl_session=${'a'.repeat(5000)}`],
      ['a NUL escape', 'rl_session=%00'],
    ] as const) {
      const res = await t.app.inject({ method: route.method as 'GET', url: route.url.replace(/:[A-Za-z0-9_]+/g, '1'), headers: value ? { cookie: value } : {} });
      if (res.statusCode !== 401 || Object.keys(bodyOf(res.body) as object).join() !== 'message') failures.push(`session cookie ${label}: ${res.statusCode} ${res.body.slice(0, 120)} (expected 401 { message })`);
    }
  }
  return failures;
}
