import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwilioSms } from '../../../providers/sms/twilio';
import { SIMULATOR_AUTH_TOKEN } from '../../../providers/sms/simulator';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { isOptedOut } from '../numbers/opt-outs';
import { EMPTY_TWIML } from '../../../../shared/schemas/sms-inbox';
import { addClient, businessWithNumber, count, type InboxBusiness, postSigned, textFrom } from './test-helpers.test-util';

// The inbound route with the Twilio driver configured against a fixed auth token and a local stand-in for
// Twilio's REST API (no network): signatures are Twilio's, over APP_URL + the path; STOP is answered by
// Twilio itself, so the app sends nothing back.

const AUTH_TOKEN = 'fixed-test-auth-token-0123456789';
const APP_URL = 'https://app.referloop.example';
const CLIENT = '+14155550161';

let t: TestApp;
let a: InboxBusiness;
let standIn: http.Server;
const posted: URLSearchParams[] = [];

beforeAll(async () => {
  standIn = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url?.endsWith('/Messages.json')) {
        posted.push(new URLSearchParams(body));
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ sid: `SMtw${posted.length.toString().padStart(30, '0')}`, status: 'queued' }));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 20404, message: 'Not found' }));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  const twilio = { accountSid: 'ACtest00000000000000000000000000', authToken: AUTH_TOKEN, apiUrl };
  t = await createTestApp({ appUrl: APP_URL, twilio }, { sms: new TwilioSms(twilio) });
  a = await businessWithNumber(t.database, '+15125550160', { name: 'Twilio Cleaning' });
  await addClient(t.app, a, 'Tina Twilio', CLIENT);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => standIn.close(resolve));
});

const signedOverAppUrl = (path: string) => ({ token: AUTH_TOKEN, signedUrl: `${APP_URL}${path}` });

describe('inbound with the Twilio driver', () => {
  it('accepts a text signed with the account token over APP_URL + the path', async () => {
    const params = textFrom(CLIENT, a.number, 'Signed by Twilio');
    const res = await postSigned(t.app, '/api/sms/inbound', params, signedOverAppUrl('/api/sms/inbound'));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(EMPTY_TWIML);
    expect(await count(t.database, 'sms_messages', 'twilio_sid = $1', [params.MessageSid])).toBe(1);
  });

  it('refuses the simulator key, the request host instead of APP_URL, and no signature', async () => {
    const params = textFrom(CLIENT, a.number, 'Not Twilio');
    for (const opts of [
      { token: SIMULATOR_AUTH_TOKEN, signedUrl: `${APP_URL}/api/sms/inbound` },
      { token: AUTH_TOKEN, signedUrl: 'http://localhost:80/api/sms/inbound' },
      { token: AUTH_TOKEN, signedUrl: `${APP_URL}/api/sms/inbound/` },
      { signature: null },
    ]) {
      expect((await postSigned(t.app, '/api/sms/inbound', params, opts)).statusCode, JSON.stringify(opts)).toBe(403);
    }
    expect(await count(t.database, 'sms_messages', 'twilio_sid = $1', [params.MessageSid])).toBe(0);
  });

  it('a query string is part of what Twilio signs', async () => {
    const params = textFrom(CLIENT, a.number, 'With a query');
    const res = await postSigned(t.app, '/api/sms/inbound?source=twilio', params, signedOverAppUrl('/api/sms/inbound?source=twilio'));
    expect(res.statusCode).toBe(200);
  });

  it('STOP opts out and sends nothing (Twilio answers it); HELP is answered through the API', async () => {
    const before = posted.length;
    await postSigned(t.app, '/api/sms/inbound', textFrom(CLIENT, a.number, ' Stop '), signedOverAppUrl('/api/sms/inbound'));
    expect(await isOptedOut(t.database.db, a.id, CLIENT)).toBe(true);
    expect(posted.length).toBe(before);

    await postSigned(t.app, '/api/sms/inbound', textFrom(CLIENT, a.number, 'start'), signedOverAppUrl('/api/sms/inbound'));
    expect(await isOptedOut(t.database.db, a.id, CLIENT)).toBe(false);
    expect(posted.length).toBe(before);

    await postSigned(t.app, '/api/sms/inbound', textFrom(CLIENT, a.number, 'HELP'), signedOverAppUrl('/api/sms/inbound'));
    expect(posted.length).toBe(before + 1);
    const help = posted.at(-1)!;
    expect(help.get('To')).toBe(CLIENT);
    expect(help.get('From')).toBe(a.number);
    expect(help.get('Body')).toContain('Twilio Cleaning');
    expect(help.get('StatusCallback')).toBe(`${APP_URL}/api/sms/status`);
  });

  it('a status callback with error 21610 opts the recipient out', async () => {
    await postSigned(t.app, '/api/sms/inbound', textFrom(CLIENT, a.number, 'HELP'), signedOverAppUrl('/api/sms/inbound'));
    const [m] = await t.database.query<{ twilio_sid: string }>("select twilio_sid from sms_messages where business_id = $1 and direction = 'outbound' order by id desc limit 1", [a.id]);
    const res = await postSigned(t.app, '/api/sms/status', { MessageSid: m.twilio_sid, MessageStatus: 'failed', ErrorCode: '21610' }, signedOverAppUrl('/api/sms/status'));
    expect(res.statusCode).toBe(200);
    const [after] = await t.database.query<{ status: string }>('select status from sms_messages where twilio_sid = $1', [m.twilio_sid]);
    expect(after.status).toBe('failed');
    expect(await isOptedOut(t.database.db, a.id, CLIENT)).toBe(true);
  });
});
