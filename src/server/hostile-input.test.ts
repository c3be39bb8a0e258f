import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, upload } from './testing/requests';
import { createBusiness, type TestBusiness } from './testing/factories';
import { createTestApp, type TestApp } from './testing/test-app';

// Every route that takes input, fed values a browser would never send: each must answer a 4xx with a
// message (or succeed), never a 500.

let t: TestApp;
let biz: TestBusiness;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
});
afterAll(() => t.close());

const long = 'x'.repeat(100_000);
const BODIES: unknown[] = [
  {},
  [],
  'just a string',
  42,
  null,
  { clientId: 'DROP TABLE clients', amount: 'NaN', giftType: ['discount'], message: { $gt: '' } },
  { clientId: Number.MAX_VALUE, amount: -1, email: long, name: long, password: long, token: long, message: long },
  { clientId: -5, days: '7; drop', email: 'a@b', serviceDate: '9999-99-99', amount: '1e400' },
  { __proto__: { admin: true }, constructor: { prototype: { polluted: true } }, name: '<script>alert(1)</script>' },
  { name: '\u0000\u202e', email: 'a\u0000@example.com', password: '\u0000\u0000\u0000\u0000\u0000\u0000', confirmPassword: '\u0000' },
];

const POSTS = [
  '/api/auth/signup',
  '/api/auth/login',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/clients',
  '/api/admin/send-gift',
  '/api/admin/send-thanks',
  `/api/webhook/TOKEN`,
];

const GETS = [
  '/api/clients?page=0',
  '/api/clients?page=99999999999999999999&pageSize=25',
  '/api/clients?page=1&pageSize=-1',
  '/api/clients?page=1&pageSize=abc',
  `/api/clients?page=1&search=${encodeURIComponent('%_\\\'";--')}`,
  `/api/clients?page=1&search=${'a'.repeat(5000)}`,
  '/api/clients?page=1&sort=id;drop',
  '/api/clients?page[]=1',
  '/api/clients?page=1&search=%00',
  '/api/clients/top?limit=0',
  '/api/clients/top?limit=1e9',
  '/api/analytics/booking-trends?days=abc',
  '/api/analytics/booking-trends?days=-30',
  '/api/analytics/booking-trends?days=100000',
  `/api/auth/verify-reset-token/${'%00'.repeat(50)}`,
  `/api/auth/verify-reset-token/${'a'.repeat(5000)}`,
];

describe('hostile input never causes a 500', () => {
  it.each(POSTS)('POST %s', async (path) => {
    const url = path.replace('TOKEN', biz.webhookToken);
    for (const body of BODIES) {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie: biz.cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(res.statusCode, `${url} ${JSON.stringify(body)?.slice(0, 80)}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
    }
  });

  it.each(GETS)('GET %s', async (url) => {
    const res = await signedIn(t.app, biz.cookie).get(url);
    expect(res.statusCode).toBeLessThan(500);
    if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
  });

  it.each([
    ['a NUL inside a field', 'Client Name,Client Email,Service Date,Appointment Status\nNul\u0000Name,nul@example.com,2025-01-02,Completed\n'],
    ['a formula and a script as a name', 'Client Name,Client Email,Service Date\n=HYPERLINK("x"),f@example.com,2025-01-02\n<script>x</script>,s@example.com,2025-01-02\n'],
    ['a 50,000-character name', `Client Name,Client Email,Service Date\n${'n'.repeat(50_000)},long@example.com,2025-01-02\n`],
    ['an amount of 1e400 and a date in year 99999', 'Client Name,Client Email,Service Date,Amount Charged\nA,a1@example.com,99999-01-01,1\nB,b1@example.com,2025-01-01,1e400\n'],
  ])('an upload with %s', async (_label, csv) => {
    const res = await upload(t.app, biz.cookie, 'hostile.csv', csv);
    expect(res.statusCode).toBeLessThan(500);
    if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
    await t.database.query('delete from clients where business_id = $1', [biz.id]);
  });

  // Each of these answered 500 before the boundary checks in platform/body-parsing.ts.
  const json = (url: string, payload: string, contentType = 'application/json') => async () =>
    t.app.inject({ method: 'POST', url: url.replace('TOKEN', biz.webhookToken), headers: { cookie: biz.cookie, 'content-type': contentType }, payload });
  const sheet = (bookType: 'xlsx' | 'xls', name: string) => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Client Name', 'Client Email', 'Service Date'], [name, 'cell@example.com', '2025-01-02']]), 'Clients');
    return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
  };
  const clientCsv = (extra: string) => `Client Name,Client Email,Service Date\n${'Ann,ann@example.com,2025-01-02\n'.repeat(400)}${extra}`;
  it.each([
    ['a lone surrogate in a JSON string', json('/api/clients', '{"name":"Ann \\ud800","email":"ann@example.com","serviceDate":"2025-01-02"}'), 'not allowed'],
    ['a lone surrogate in a JSON key', json('/api/webhook/TOKEN', '{"\\udfff":1}'), 'not allowed'],
    ['a client id beyond int4', json('/api/admin/send-gift', '{"clientId":2147483648,"giftType":"discount","amount":5}'), 'Please choose a client'],
    ['5,000-deep JSON in the webhook', json('/api/webhook/TOKEN', `${'['.repeat(5000)}${']'.repeat(5000)}`), 'nested too deeply'],
    ['a NUL in a text/plain webhook', json('/api/webhook/TOKEN', 'client\u0000', 'text/plain'), 'not allowed'],
    ['a NUL in a CSV after its first 8 KB', () => upload(t.app, biz.cookie, 'late-nul.csv', clientCsv('Nul\u0000Name,nul@example.com,2025-01-03\n')), 'Row 402'],
    ['a NUL in an Excel cell (.xlsx writes it as _x0000_)', () => upload(t.app, biz.cookie, 'nul.xlsx', sheet('xlsx', 'Nul\u0000Name')), 'Row 2'],
    ['a lone surrogate in an Excel 97 cell (.xls keeps UTF-16)', () => upload(t.app, biz.cookie, 'half.xls', sheet('xls', 'Half\ud800Pair')), 'Row 2'],
    ["a NUL in an upload's file name", () => upload(t.app, biz.cookie, 'clients\u0000.csv', clientCsv('')), 'file name'],
    ['a malformed URL escape', () => signedIn(t.app, biz.cookie).get('/api/%zz'), 'address'],
    ['a malformed escape in a path parameter', () => t.app.inject({ method: 'GET', url: '/api/auth/verify-reset-token/%ED%A0%80' }), 'address'],
  ])('%s is a 400 with a sentence', async (_label, send, words) => {
    const res = await send();
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.json().message).toContain(words);
  });

  it.each([
    ['an unknown API path', { method: 'GET', url: '/api/nope' }, 404],
    ['an unknown method', { method: 'PATCH', url: '/api/clients' }, 404],
    ['an unsupported content type', { method: 'POST', url: '/api/clients', headers: { 'content-type': 'application/xml' }, payload: '<a/>' }, 415],
    ['a JSON body past the limit', { method: 'POST', url: '/api/clients', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'x'.repeat(300_000) }) }, 413],
    ['broken JSON', { method: 'POST', url: '/api/clients', headers: { 'content-type': 'application/json' }, payload: '{"name":' }, 400],
    ['a path parameter past the router limit', { method: 'GET', url: `/api/auth/verify-reset-token/${'a'.repeat(500)}` }, 414],
  ] as const)("the framework's own error for %s is { message }", async (_label, request, status) => {
    const res = await t.app.inject({ ...request, headers: { cookie: biz.cookie, ...('headers' in request ? request.headers : {}) } } as never);
    expect(res.statusCode, res.body).toBe(status);
    expect(Object.keys(res.json())).toEqual(['message']);
  });

  it('leaves no client, booking or business behind from the hostile bodies', async () => {
    const [row] = await t.database.query<{ clients: number; businesses: number }>(
      `select (select count(*)::int from clients) as clients, (select count(*)::int from businesses) as businesses`,
    );
    expect(row).toEqual({ clients: 0, businesses: 1 });
  });
});
