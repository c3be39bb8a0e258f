import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';

// The page service is wrapped to leak fields the reply schema (shared/schemas/clients.ts) does not list:
// the route's serialiser must drop them, at the top level and inside each client.
vi.mock('./service', async (importOriginal) => {
  const real = await importOriginal<typeof import('./service')>();
  return {
    ...real,
    listClientsPage: async (...args: Parameters<typeof real.listClientsPage>) => {
      const page = await real.listClientsPage(...args);
      return { ...page, businessId: 424242, clients: page.clients.map((c) => ({ ...c, businessId: 424242, internalNote: 'not for the browser' })) };
    },
  };
});

let t: TestApp;
let biz: TestBusiness;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
});
afterAll(() => t.close());

describe('clients replies are serialised through their shared schema', () => {
  it('drops fields the schema does not list', async () => {
    const added = await signedIn(t.app, biz.cookie).post('/api/clients', { name: 'Sam Schema', email: 'sam@example.com', serviceDate: '2024-03-01', amount: 90 });
    expect(added.statusCode).toBe(201);
    const res = await signedIn(t.app, biz.cookie).get('/api/clients?page=1&pageSize=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['clients', 'page', 'pageSize', 'total']);
    expect(body.clients).toHaveLength(1);
    // The list adds each client's texting state (docs/sms.md) to what Add Client answers.
    const { texting, ...listed } = body.clients[0];
    expect(listed).toEqual(added.json().client);
    expect(texting).toEqual({ optedOut: false, unreachable: null, basis: 'booking' });
    expect(body.clients[0]).not.toHaveProperty('businessId');
    expect(body.clients[0]).not.toHaveProperty('internalNote');
  });
});
