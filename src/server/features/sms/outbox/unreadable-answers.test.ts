import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryQueue } from '../../../platform/jobs/testing';
import { TwilioSms } from '../../../providers/sms/twilio';
import { createBusiness, setSendingNumber } from '../../../testing/factories';
import { REGISTRATION_DETAILS } from '../../../testing/registration-details';
import { signedIn } from '../../../testing/requests';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { deliverOutboxText, type DeliverContext } from './deliver';
import { queueTexts } from './enqueue';
import { reconcileUnknownTexts } from './reconcile';
import { readBody } from '../../../testing/read-body';

// A 2xx from Twilio (or a proxy in between) that the driver can't read — not JSON, or JSON without the
// `sid` — is a lost answer: the request may have been acted on. Texts become 'unknown' and are settled by
// reconciliation; numbers and registrations are not recorded, and the owner is told to try again. Nothing is
// stored as the placeholder "undefined", and no route answers 500.

const SID = 'AC00000000000000000000000000000003';
const MINUTE = 60_000;

type StoredText = { sid: string; to: string; from: string; body: string; date_sent: string; status: string };
/** How the stand-in answers the requests it acts on: as Twilio, or with a 2xx the driver can't read (not JSON; JSON without the `sid`, or a search without its list). */
type Mode = 'twilio' | 'not-json' | 'no-sid';
const standIn = { mode: 'twilio' as Mode, listMode: 'twilio' as Mode, texts: [] as StoredText[], numbersBought: [] as string[], a2pCalls: 0 };
let server: Server;
let t: TestApp;
let twilio: TwilioSms;
const jobs = memoryQueue();
const enqueue = async () => {};

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    const form = new URLSearchParams(await readBody(req));
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    /** Twilio acted on the request; its answer is then Twilio's, or one the driver can't read. */
    const answer = (status: number, body: Record<string, unknown>, needed = 'sid') => {
      if (standIn.mode === 'not-json') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>OK</body></html>');
      }
      if (standIn.mode === 'no-sid') {
        return json(201, Object.fromEntries(Object.entries(body).filter(([k]) => k !== needed)));
      }
      return json(status, body);
    };
    const base = `/2010-04-01/Accounts/${SID}`;
    if (url.pathname === `${base}/Messages.json` && req.method === 'POST') {
      const text = { sid: `SM${String(standIn.texts.length + 1).padStart(32, '0')}`, to: form.get('To')!, from: form.get('From')!, body: form.get('Body')!, date_sent: new Date().toUTCString(), status: 'sent' };
      standIn.texts.push(text);
      return answer(201, { ...text, date_sent: null, status: 'queued' });
    }
    if (url.pathname === `${base}/Messages.json` && req.method === 'GET') {
      if (standIn.listMode === 'not-json') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>OK</body></html>');
      }
      const found = standIn.texts.filter((m) => m.to === url.searchParams.get('To') && m.from === url.searchParams.get('From'));
      const listed = standIn.listMode === 'no-sid' ? found.map(({ sid: _sid, ...rest }) => rest) : found;
      return json(200, { messages: [...listed].reverse(), page: 0, page_size: 100, next_page_uri: null });
    }
    if (url.pathname === `${base}/AvailablePhoneNumbers/US/Local.json`) {
      return answer(200, { available_phone_numbers: [{ friendly_name: '(512) 555-0123', phone_number: '+15125550123', locality: 'Austin', region: 'TX' }] }, 'available_phone_numbers');
    }
    if (url.pathname === `${base}/IncomingPhoneNumbers.json` && req.method === 'POST') {
      standIn.numbersBought.push(form.get('PhoneNumber')!);
      return answer(201, { sid: `PN${String(standIn.numbersBought.length).padStart(32, '0')}`, phone_number: form.get('PhoneNumber'), friendly_name: '(512) 555-0123' });
    }
    if (url.pathname.startsWith('/v1/') || url.pathname.endsWith('/Addresses.json')) {
      standIn.a2pCalls++;
      return answer(req.method === 'GET' ? 200 : 201, { sid: `BU${String(standIn.a2pCalls).padStart(32, '0')}`, status: 'pending-review' });
    }
    json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  twilio = new TwilioSms({ accountSid: SID, authToken: 'token', apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  t = await createTestApp({}, { sms: twilio });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  standIn.mode = 'twilio';
  standIn.listMode = 'twilio';
});

let numbers = 0;
describe.each(['not-json', 'no-sid'] as const)('Twilio answers a send with a 2xx the driver cannot read (%s)', (mode) => {
  it('four texts: each answers 502 "could not confirm", is unknown with no sid, and reconciliation records it as sent', async () => {
    const biz = await createBusiness(t.database, { name: `Unreadable ${mode} Co` });
    const from = `+1512555018${numbers++}`;
    await setSendingNumber(t.database, biz.id, from);
    const names = ['Maria Lopez', 'Ann Lee', 'Bo Chen', 'Cy Diaz'];
    const replies = [];
    for (const [i, name] of names.entries()) {
      const [client] = await t.database.query<{ id: number }>(
        `insert into clients (business_id, name, phone, referral_code, total_bookings) values ($1, $2, $3, $4, 1) returning id`,
        [biz.id, name, `+1512555062${i}`, `UNR${mode === 'no-sid' ? 'S' : 'J'}${i}`],
      );
      standIn.mode = mode;
      const res = await signedIn(t.app, biz.cookie).post('/api/outreach/send-sms', { clientId: client.id, messageType: 'followUp', messageContent: `See you at ${i + 1}` });
      replies.push({ status: res.statusCode, message: res.json().message as string });
    }
    standIn.mode = 'twilio';
    expect(replies.map((r) => r.status)).toEqual([502, 502, 502, 502]); // before: 200 (sid "undefined"), then 500, 500, 500
    for (const [i, reply] of replies.entries()) {
      expect(reply.message).toBe(
        `We could not confirm that the text to ${names[i]} went out (The SMS provider's answer could not be read). It is being checked with the SMS provider and will not be sent twice; Message History shows the outcome.`,
      );
    }
    const messages = () =>
      t.database.query<{ status: string; twilio_sid: string | null; to_number: string }>(
        `select status, twilio_sid, to_number from sms_messages where business_id = $1 and direction = 'outbound' order by id`,
        [biz.id],
      );
    expect(await messages()).toEqual(names.map((_, i) => ({ status: 'unknown', twilio_sid: null, to_number: `+1512555062${i}` })));
    expect(standIn.texts.filter((m) => m.from === from)).toHaveLength(4); // Twilio took all four

    // The provider's list can't be read either: nothing is settled (never "not on record", never the sid
    // "undefined"), however late; asked again next run.
    standIn.listMode = mode;
    const unread = await reconcileUnknownTexts({ database: t.database, sms: twilio, jobs, now: () => new Date(Date.now() + 6 * MINUTE) }, enqueue);
    expect(unread).toMatchObject({ confirmed: 0, notSent: 0, resent: 0, waiting: 4 }); // before: 4 failed and resent (not JSON), or the sid "undefined" (no sid)
    expect((await messages()).map((m) => m.status)).toEqual(['unknown', 'unknown', 'unknown', 'unknown']);

    standIn.listMode = 'twilio';
    const result = await reconcileUnknownTexts({ database: t.database, sms: twilio, jobs, now: () => new Date(Date.now() + 2 * MINUTE) }, enqueue);
    expect(result).toMatchObject({ confirmed: 4, notSent: 0 });
    const sids = standIn.texts.filter((m) => m.from === from).map((m) => m.sid);
    expect(await messages()).toEqual(names.map((_, i) => ({ status: 'sent', twilio_sid: sids[i], to_number: `+1512555062${i}` })));
    const [{ count }] = await t.database.query<{ count: number }>(`select count(*)::int as count from sms_messages where twilio_sid = 'undefined'`);
    expect(count).toBe(0);
    expect(standIn.texts.filter((m) => m.from === from)).toHaveLength(4); // none sent twice
  });

  it('a queued text: its row waits for the check and is never sent again; reconciliation marks it sent', async () => {
    const biz = await createBusiness(t.database, { name: `Queued ${mode} Co` });
    const from = `+1512555018${numbers++}`;
    await setSendingNumber(t.database, biz.id, from);
    const [client] = await t.database.query<{ id: number }>(
      `insert into clients (business_id, name, phone, referral_code, total_bookings) values ($1, 'Dee Ames', '+15125550630', $2, 1) returning id`,
      [biz.id, `UNRQ${mode === 'no-sid' ? 'S' : 'J'}`],
    );
    const [row] = await queueTexts({ database: t.database, jobs }, biz.id, [{ clientId: client.id, kind: 'bulk', key: `unreadable:${mode}`, body: 'Hello {clientName}' }]);
    const at = (minutes: number): DeliverContext => ({ database: t.database, sms: twilio, jobs, origin: 'http://localhost', now: () => new Date(Date.now() + minutes * MINUTE), sendWindowOff: true });
    standIn.mode = mode;
    await deliverOutboxText(at(0), biz.id, row.id, enqueue);
    standIn.mode = 'twilio';
    const outbox = async () => (await t.database.query<{ status: string; reason: string | null }>('select status, reason from sms_outbox where id = $1', [row.id]))[0];
    expect(await outbox()).toMatchObject({ status: 'sending', reason: expect.stringMatching(/^Checking with the SMS provider/) }); // before: sent, with the sid "undefined"
    for (const minutes of [1, 6]) await deliverOutboxText(at(minutes), biz.id, row.id, enqueue); // the retries and the sweep's chances
    expect(standIn.texts.filter((m) => m.from === from)).toHaveLength(1);

    await reconcileUnknownTexts({ database: t.database, sms: twilio, jobs, now: () => new Date(Date.now() + 2 * MINUTE) }, enqueue);
    expect(await outbox()).toMatchObject({ status: 'sent' });
    const sent = await t.database.query<{ status: string; twilio_sid: string | null }>(`select status, twilio_sid from sms_messages where business_id = $1`, [biz.id]);
    expect(sent).toEqual([{ status: 'sent', twilio_sid: standIn.texts.find((m) => m.from === from)!.sid }]);
  });
});

describe.each(['not-json', 'no-sid'] as const)('numbers and registration with a 2xx the driver cannot read (%s)', (mode) => {
  it('a number search or purchase answers 502 and records nothing; a retry once Twilio answers buys the number', async () => {
    const biz = await createBusiness(t.database, { name: `Number ${mode} Co` });
    const as = signedIn(t.app, biz.cookie);
    standIn.mode = mode;
    const search = await as.post('/api/sms/search-numbers', { areaCode: '512' });
    expect(search.statusCode).toBe(502); // before: 200 "No available numbers" (not JSON), or a number (no sid)
    expect(search.json().message).toBe("The number search failed: The SMS provider's answer could not be read");
    const number = mode === 'not-json' ? '+15125550123' : '+15125550124';
    const bought = await as.post('/api/sms/purchase-number', { phoneNumber: number });
    expect(bought.statusCode).toBe(502); // before: 200, the number recorded with the sid "undefined"
    expect(bought.json().message).toBe("This number could not be bought: The SMS provider's answer could not be read");
    const business = async () =>
      (await t.database.query<{ selected_phone_number: string | null; twilio_sid: string | null }>('select selected_phone_number, twilio_sid from businesses where id = $1', [biz.id]))[0];
    expect(await business()).toEqual({ selected_phone_number: null, twilio_sid: null });

    standIn.mode = 'twilio';
    const retry = await as.post('/api/sms/purchase-number', { phoneNumber: number });
    expect(retry.statusCode).toBe(200);
    expect(await business()).toEqual({ selected_phone_number: number, twilio_sid: expect.stringMatching(/^PN\d{32}$/) });
  });

  it('a registration answers 502 "saved, submitted automatically" and keeps no sid; it is submitted once Twilio answers', async () => {
    const biz = await createBusiness(t.database, { name: `Registration ${mode} Co` });
    const as = signedIn(t.app, biz.cookie);
    standIn.mode = mode;
    const res = await as.post('/api/sms/registration', REGISTRATION_DETAILS);
    expect(res.statusCode).toBe(502); // before: 200 "Registration submitted", with the profile sid "undefined"
    expect(res.json().message).toBe(
      "Your registration is saved, but Twilio could not be reached; it is submitted automatically within minutes (The SMS provider's answer could not be read)",
    );
    const registration = async () =>
      (await t.database.query<{ profile_sid: string | null; trust_product_sid: string | null; profile_status: string }>(
        'select profile_sid, trust_product_sid, profile_status from sms_registrations where business_id = $1',
        [biz.id],
      ))[0];
    expect(await registration()).toEqual({ profile_sid: null, trust_product_sid: null, profile_status: 'draft' });

    standIn.mode = 'twilio';
    await t.database.query('update sms_registrations set checked_at = null where business_id = $1', [biz.id]);
    const read = await as.get('/api/sms/registration');
    expect(read.statusCode).toBe(200);
    expect(await registration()).toMatchObject({ profile_sid: expect.stringMatching(/^BU\d{32}$/), profile_status: 'pending' });
  });
});
