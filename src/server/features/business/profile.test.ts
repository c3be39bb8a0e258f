import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfileSchema, businessSchema } from '../../../shared/schemas/business';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let biz: TestBusiness;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database, { selectedPhoneNumber: '+15005550006' });
});
afterAll(() => t.close());

const profile = (app: TestApp, cookie: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url: '/api/business/profile', headers: { cookie, ...headers } });

describe('GET /api/business/profile', () => {
  it('is the business of /api/auth/me (webhookUrl the token segment) plus the full webhook URL on APP_URL', async () => {
    const res = await profile(t, biz.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: biz.cookie } })).json().business;
    expect(body).toEqual({ ...me, webhookEndpoint: `http://localhost:3000/api/webhook/${biz.webhookToken}` });
    expect(body).toMatchObject({ id: biz.id, email: biz.email, webhookUrl: biz.webhookToken, twilioPhoneNumber: '+15005550006', selectedPhoneNumber: '+15005550006' });
    // Exactly the shared contract's fields, in both replies.
    expect(Object.keys(body).sort()).toEqual(Object.keys(businessProfileSchema.shape).sort());
    expect(Object.keys(me).sort()).toEqual(Object.keys(businessSchema.shape).sort());
    expect(businessProfileSchema.parse(body)).toEqual(body);
  });

  it('builds the full URL on the request origin without APP_URL', async () => {
    const other = await createTestApp({ appUrl: undefined });
    try {
      const b = await createBusiness(other.database);
      const res = await profile(other, b.cookie, { host: 'crm.example.com' });
      expect(res.json()).toMatchObject({ webhookUrl: b.webhookToken, webhookEndpoint: `http://crm.example.com/api/webhook/${b.webhookToken}` });
    } finally {
      await other.close();
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/business/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
  });
});
