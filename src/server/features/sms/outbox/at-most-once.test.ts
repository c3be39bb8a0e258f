import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { memoryQueue } from '../../../platform/jobs/testing';
import { SimulatorSms } from '../../../providers/sms/simulator';
import { TwilioSms } from '../../../providers/sms/twilio';
import { SmsProviderError, type OutgoingSms } from '../../../providers/sms/types';
import { createBusiness, type TestBusiness, setSendingNumber } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { deliverOutboxText, type DeliverContext } from './deliver';
import { queueTexts } from './enqueue';
import { NOT_ON_RECORD, reconcileUnknownTexts } from './reconcile';
import { signedIn } from '../../../testing/requests';
import { readBody } from '../../../testing/read-body';

// At most once, under the faults that made duplicates: (a) the provider answers after the driver's
// timeout, (b) a database statement fails after the provider's answer, (c) two identical bulk requests at
// once. Each ends with one text at the provider; the text whose outcome was unknown is settled by asking
// the provider (reconcile.ts), never by sending it again blindly.

const NUMBER = '+15125550160';
const SID = 'AC00000000000000000000000000000002';
const MINUTE = 60_000;

let t: TestApp;
const jobs = memoryQueue();
const enqueued: number[] = [];
const enqueue = async (_ctx: unknown, row: { id: number }) => {
  enqueued.push(row.id);
};

// A Twilio stand-in: takes texts (POST Messages.json) and lists them (GET Messages.json by To, From, DateSent>).
type StoredText = { sid: string; to: string; from: string; body: string; date_sent: string; status: string };
const standIn = { texts: [] as StoredText[], answerAfterMs: 0, lists: [] as URLSearchParams[] };
let server: Server;
let twilio: TwilioSms;
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== `/2010-04-01/Accounts/${SID}/Messages.json`) return json(404, { code: 20404, message: 'Not found' });
    if (req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const text = { sid: `SM${String(standIn.texts.length + 1).padStart(32, '0')}`, to: form.get('To')!, from: form.get('From')!, body: form.get('Body')!, date_sent: new Date().toUTCString(), status: 'sent' };
      standIn.texts.push(text);
      await new Promise((r) => setTimeout(r, standIn.answerAfterMs));
      if (!res.writable) return;
      return json(201, { ...text, date_sent: null, status: 'queued' });
    }
    standIn.lists.push(url.searchParams);
    const since = url.searchParams.get('DateSent>');
    const found = standIn.texts.filter(
      (m) => m.to === url.searchParams.get('To') && m.from === url.searchParams.get('From') && (!since || new Date(m.date_sent).toISOString().slice(0, 10) >= since),
    );
    return json(200, { messages: [...found].reverse(), page: 0, page_size: 100, next_page_uri: null });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  twilio = new TwilioSms({ accountSid: SID, authToken: 'token', apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, timeoutMs: 2500 });
  t = await createTestApp({}, { sms: twilio });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let n = 0;
async function oneQueuedText(biz: TestBusiness, phone: string) {
  const [client] = await t.database.query<{ id: number }>(
    `insert into clients (business_id, name, phone, referral_code, total_bookings) values ($1, 'Ann Lee', $2, $3, 1) returning id`,
    [biz.id, phone, `AM${biz.id}X${++n}`],
  );
  const [row] = await queueTexts({ database: t.database, jobs }, biz.id, [{ clientId: client.id, kind: 'bulk', key: `test:${n}`, body: `Hello {clientName} #${n}` }]);
  return { outboxId: row.id, body: `Hello Ann #${n}` };
}
let numbers = 0;
/** Each business its own number (a number's pacing is its own). */
async function businessWithNumber(name: string) {
  const biz = await createBusiness(t.database, { name });
  await setSendingNumber(t.database, biz.id, `+1512555017${numbers++}`);
  return biz;
}
const outbox = async (id: number) =>
  (await t.database.query<{ status: string; reason: string | null; message_id: number | null; attempts: number }>('select status, reason, message_id, attempts from sms_outbox where id = $1', [id]))[0];
const messagesTo = (biz: TestBusiness) =>
  t.database.query<{ id: number; status: string; twilio_sid: string | null }>(`select id, status, twilio_sid from sms_messages where business_id = $1 and direction = 'outbound' order by id`, [biz.id]);
const ctxAt = (sms: DeliverContext['sms'], at: Date, database: Database = t.database): DeliverContext => ({
  database,
  sms,
  jobs,
  origin: 'http://localhost',
  now: () => at,
  sendWindowOff: true,
});
/** Every chance the old code had to send the text again: the job's retry (30 s), the retry schedule (1 min, 5 min), the sweep after a stop. */
async function everyLaterDelivery(sms: DeliverContext['sms'], biz: TestBusiness, outboxId: number, from: Date, database?: Database) {
  for (const after of [0.5, 1, 3, 6, 11]) {
    await deliverOutboxText(ctxAt(sms, new Date(from.getTime() + after * MINUTE), database), biz.id, outboxId, enqueue).catch(() => {});
  }
}

describe('(a) the provider answers after the driver’s timeout', () => {
  it('the text becomes unknown, is never resent, and reconciliation finds it at the provider: one text', async () => {
    const biz = await businessWithNumber('Slow Twilio Co');
    const { outboxId, body } = await oneQueuedText(biz, '+15125550601');
    standIn.answerAfterMs = 5000;
    const start = new Date();
    try {
      await deliverOutboxText(ctxAt(twilio, start), biz.id, outboxId, enqueue);
    } finally {
      standIn.answerAfterMs = 0;
    }
    await everyLaterDelivery(twilio, biz, outboxId, start);
    expect(standIn.texts.filter((m) => m.to === '+15125550601')).toHaveLength(1); // 2 before: resent after 1 minute
    expect(await outbox(outboxId)).toMatchObject({ status: 'sending', reason: expect.stringMatching(/^Checking with the SMS provider/) });
    expect((await messagesTo(biz)).map((m) => m.status)).toEqual(['unknown']);

    const result = await reconcileUnknownTexts({ database: t.database, sms: twilio, jobs, now: () => new Date(Date.now() + 2 * MINUTE) }, enqueue);
    expect(result).toMatchObject({ confirmed: 1, resent: 0 });
    const list = standIn.lists.at(-1)!;
    expect([...list.keys()].sort()).toEqual(['DateSent>', 'From', 'PageSize', 'To']);
    expect(list.get('To')).toBe('+15125550601');
    expect(list.get('From')).toMatch(/^\+1512555017\d$/);
    expect(list.get('DateSent>')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await outbox(outboxId)).toMatchObject({ status: 'sent', reason: null });
    const [message] = await messagesTo(biz);
    expect(message).toMatchObject({ status: 'sent', twilio_sid: standIn.texts.find((m) => m.body === body)!.sid });
    expect(standIn.texts.filter((m) => m.to === '+15125550601')).toHaveLength(1);
  });
});

const STATEMENTS = new Set<string | symbol>(['execute', 'transaction', 'select', 'insert', 'update', 'delete']);

/** The database with one statement failing (a connection dropped by a proxy) once `armed` is set. */
function flakyDatabase(base: Database) {
  const state = { armed: false, failures: 0, failFor: 1 };
  const fail = () => {
    if (!state.armed || state.failures >= state.failFor) return;
    state.failures++;
    throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
  };
  const db = new Proxy(base.db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      // Raw statements, transactions and the builder's statements (a builder call inside an async function fails its statement).
      if (STATEMENTS.has(prop)) return (...args: unknown[]) => (fail(), (value as (...a: unknown[]) => unknown).apply(target, args));
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { database: { ...base, db } as Database, state };
}

/** The simulator, arming the flaky database as soon as it has accepted a text. */
function armingSimulator(arm: () => void) {
  const sim = new SimulatorSms();
  const send = sim.send.bind(sim);
  sim.send = async (m: OutgoingSms) => {
    const result = await send(m);
    arm();
    return result;
  };
  return sim;
}

describe('(b) a database statement fails after the provider’s answer', () => {
  it('one failed statement: the text waits for reconciliation, which records it as sent; one text, nothing left pending', async () => {
    const biz = await businessWithNumber('Flaky Proxy Co');
    const { outboxId } = await oneQueuedText(biz, '+15125550602');
    const flaky = flakyDatabase(t.database);
    const sim = armingSimulator(() => (flaky.state.armed = true));
    const start = new Date();
    await expect(deliverOutboxText(ctxAt(sim, start, flaky.database), biz.id, outboxId, enqueue)).rejects.toThrow(/Connection terminated/);
    expect(flaky.state.failures).toBe(1);
    await everyLaterDelivery(sim, biz, outboxId, start);
    expect(sim.sent).toHaveLength(1); // 2 before: back in the queue with its message unlinked, sent again
    expect(await outbox(outboxId)).toMatchObject({ status: 'sending', reason: expect.stringMatching(/^Checking/) });
    expect((await messagesTo(biz)).map((m) => m.status)).toEqual(['unknown']);

    await reconcileUnknownTexts({ database: t.database, sms: sim, jobs, now: () => new Date(Date.now() + 2 * MINUTE) }, enqueue);
    expect(await outbox(outboxId)).toMatchObject({ status: 'sent' });
    expect(await messagesTo(biz)).toEqual([expect.objectContaining({ status: 'sent', twilio_sid: sim.sent[0].sid })]);
    expect(sim.sent).toHaveLength(1);
  });

  it('the database down for every statement after the answer: the row stays sending, the message pending; both are settled later', async () => {
    const biz = await businessWithNumber('Failover Co');
    const { outboxId } = await oneQueuedText(biz, '+15125550603');
    const flaky = flakyDatabase(t.database);
    flaky.state.failFor = 100;
    const sim = armingSimulator(() => (flaky.state.armed = true));
    const start = new Date();
    await expect(deliverOutboxText(ctxAt(sim, start, flaky.database), biz.id, outboxId, enqueue)).rejects.toThrow();
    expect(await outbox(outboxId)).toMatchObject({ status: 'sending', reason: null });
    expect((await messagesTo(biz)).map((m) => m.status)).toEqual(['pending']);

    await everyLaterDelivery(sim, biz, outboxId, start); // the database is back
    expect(sim.sent).toHaveLength(1);
    expect((await messagesTo(biz)).map((m) => m.status)).toEqual(['unknown']); // the stale-sending recovery
    await reconcileUnknownTexts({ database: t.database, sms: sim, jobs, now: () => new Date(Date.now() + 6 * MINUTE) }, enqueue);
    expect(await outbox(outboxId)).toMatchObject({ status: 'sent' });
    expect((await messagesTo(biz)).map((m) => m.status)).toEqual(['sent']);
  });

  it('a message left pending with no outbox row (a one-to-one send) becomes unknown after 5 minutes and is settled', async () => {
    const biz = await businessWithNumber('Pending Co');
    const [m] = await t.database.query<{ id: number }>(
      `insert into sms_messages (business_id, direction, from_number, to_number, message_body, message_type, status, "timestamp")
       values ($1, 'outbound', $2, '+15125550604', 'never answered', 'reply', 'pending', now()) returning id`,
      [biz.id, NUMBER],
    );
    const sim = new SimulatorSms();
    const soon = await reconcileUnknownTexts({ database: t.database, sms: sim, jobs, now: () => new Date(Date.now() + MINUTE) }, enqueue);
    expect(soon.markedUnknown).toBe(0);
    await reconcileUnknownTexts({ database: t.database, sms: sim, jobs, now: () => new Date(Date.now() + 6 * MINUTE) }, enqueue);
    const [after] = await t.database.query<{ status: string }>('select status from sms_messages where id = $1', [m.id]);
    expect(after.status).toBe('failed'); // the provider has no record of it
    const [activity] = await t.database.query<{ metadata: { error: string } }>(`select metadata from activity_logs where business_id = $1 and type = 'sms_failed'`, [biz.id]);
    expect(activity.metadata.error).toBe(NOT_ON_RECORD);
  });
});

describe('reconciliation’s other answers', () => {
  it('not on the provider’s list after 5 minutes: failed in history, and the outbox text is sent again once', async () => {
    const biz = await businessWithNumber('Lost Co');
    const { outboxId } = await oneQueuedText(biz, '+15125550605');
    const sim = new SimulatorSms(); // its list is empty: the lost text never reached it
    const lost = { send: async () => Promise.reject(new SmsProviderError('The SMS provider did not answer in time', null, 0, true)) } as unknown as SimulatorSms;
    await deliverOutboxText(ctxAt(lost, new Date()), biz.id, outboxId, enqueue);
    expect(await outbox(outboxId)).toMatchObject({ status: 'sending' });

    const early = await reconcileUnknownTexts({ database: t.database, sms: sim, jobs, now: () => new Date(Date.now() + 2 * MINUTE) }, enqueue);
    expect(early).toMatchObject({ confirmed: 0, notSent: 0 }); // not listed yet: asked again later
    enqueued.length = 0;
    const late = await reconcileUnknownTexts({ database: t.database, sms: sim, jobs, now: () => new Date(Date.now() + 6 * MINUTE) }, enqueue);
    expect(late).toMatchObject({ notSent: 1, resent: 1 });
    expect(enqueued).toEqual([outboxId]);
    expect(await outbox(outboxId)).toMatchObject({ status: 'queued', message_id: null });
    await deliverOutboxText(ctxAt(sim, new Date(Date.now() + 6 * MINUTE)), biz.id, outboxId, enqueue);
    expect(await outbox(outboxId)).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await messagesTo(biz)).map((m) => m.status)).toEqual(['failed', 'sent']);
    expect(sim.sent).toHaveLength(1);
  });

  it('a row left sending whose message was already settled gets that outcome from the sweep, never a resend', async () => {
    const biz = await businessWithNumber('Half Settled Co');
    const sim = new SimulatorSms();
    const outcomes: string[] = [];
    for (const [status, sid] of [['failed', null], ['sent', 'SMhalfsettled0000000000000000001']] as const) {
      const { outboxId } = await oneQueuedText(biz, `+1512555061${outcomes.length}`);
      const [m] = await t.database.query<{ id: number }>(
        `insert into sms_messages (business_id, direction, from_number, to_number, message_body, message_type, status, twilio_sid)
         values ($1, 'outbound', '+15125550170', '+15125550619', 'x', 'bulk', $2, $3) returning id`,
        [biz.id, status, sid],
      );
      await t.database.query(`update sms_outbox set status = 'sending', message_id = $2, reason = 'Checking', updated_at = now() - interval '10 minutes' where id = $1`, [outboxId, m.id]);
      await deliverOutboxText(ctxAt(sim, new Date()), biz.id, outboxId, enqueue);
      outcomes.push((await outbox(outboxId)).status);
    }
    expect(outcomes).toEqual(['failed', 'sent']);
    expect(sim.sent).toHaveLength(0);
  });

  it('the provider can’t be asked: it stays unknown, and after a day it fails without being sent again', async () => {
    const biz = await businessWithNumber('Down Co');
    const { outboxId } = await oneQueuedText(biz, '+15125550606');
    const down = {
      send: async () => Promise.reject(new SmsProviderError('The SMS provider did not answer in time', null, 0, true)),
      findSent: async () => Promise.reject(new SmsProviderError('The SMS provider could not be reached', null, 0)),
    } as unknown as SimulatorSms;
    await deliverOutboxText(ctxAt(down, new Date()), biz.id, outboxId, enqueue);
    await reconcileUnknownTexts({ database: t.database, sms: down, jobs, now: () => new Date(Date.now() + 60 * MINUTE) }, enqueue);
    expect(await outbox(outboxId)).toMatchObject({ status: 'sending' });
    await reconcileUnknownTexts({ database: t.database, sms: down, jobs, now: () => new Date(Date.now() + 25 * 60 * MINUTE) }, enqueue);
    expect(await outbox(outboxId)).toMatchObject({ status: 'failed', reason: expect.stringMatching(/could not be asked for a day/) });
  });

  it('an owner-typed text whose answer is lost: 502 saying it is being checked, then recorded as sent', async () => {
    const app = await createTestApp();
    try {
      const biz = await createBusiness(app.database, { name: 'Typed Co' });
      await setSendingNumber(app.database, biz.id, NUMBER);
      const [client] = await app.database.query<{ id: number }>(
        `insert into clients (business_id, name, phone, referral_code, total_bookings) values ($1, 'Maria Lopez', '+15125550607', 'TYPED1', 1) returning id`,
        [biz.id],
      );
      app.sms.failNextSend(new SmsProviderError('The SMS provider did not answer in time', null, 0, true));
      const res = await signedIn(app.app, biz.cookie).post('/api/outreach/send-sms', { clientId: client.id, messageType: 'followUp', messageContent: 'See you at 3' });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/^We could not confirm that the text to Maria Lopez went out .* will not be sent twice/);
      const [m] = await app.database.query<{ status: string }>(`select status from sms_messages where business_id = $1`, [biz.id]);
      expect(m.status).toBe('unknown');
      await reconcileUnknownTexts({ database: app.database, sms: app.sms, jobs, now: () => new Date(Date.now() + 2 * MINUTE) }, enqueue);
      const [after] = await app.database.query<{ status: string; twilio_sid: string }>(`select status, twilio_sid from sms_messages where business_id = $1`, [biz.id]);
      expect(after).toEqual({ status: 'sent', twilio_sid: app.sms.sent[0].sid });
      expect(app.sms.sent).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
