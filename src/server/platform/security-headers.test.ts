import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let biz: TestBusiness;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
});
afterAll(() => t.close());

const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

describe('security headers (platform/security-headers.ts)', () => {
  it('are on answers, errors and refusals alike, and stay the same from one request to the next', async () => {
    const requests = [
      { method: 'GET' as const, url: '/api/clients?page=1', headers: { cookie: biz.cookie } },
      { method: 'GET' as const, url: '/api/clients?page=1' },
      { method: 'GET' as const, url: '/api/nope' },
      { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'wrong-password' } },
    ];
    for (let round = 0; round < 2; round += 1) {
      for (const request of requests) {
        const res = await t.app.inject(request);
        expect(res.headers, `${request.method} ${request.url}`).toMatchObject(EXPECTED);
      }
    }
  });
});
