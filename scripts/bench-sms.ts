// `npm run bench:sms`: a bulk at 9 am across five US zones with a provider that answers late, through the app's
// own API, on PostgreSQL (DATABASE_URL or postgres://postgres@127.0.0.1:5432/test; a database of its own, dropped).
//
// The owner's shape: clients uploaded through POST /api/upload/csv (one booking each, phones in five zones),
// then POST /api/sms/bulk to all of them at Monday 9:00 Eastern, sent twice with one key as a double click does.
// The texts then go out as the job queue sends them, at a clock the script moves to each due text, to a local
// Twilio stand-in that answers every send after LATE_MS and one in LOST_EVERY after the driver's timeout (the
// answer is lost; the text did reach the stand-in). Reconciliation then settles the unknown ones.
//
// Printed beside floors measured in the same run: the bulk request beside GET /api/auth/me; each zone's time
// from its window opening to its last text beside what the number's rate allows (its texts at 1 a second); the
// texts the stand-in got beside the clients (duplicates: 0 is the floor); the delivery's wall time beside the
// provider's own answers (texts x LATE_MS, the lost ones x the driver's timeout).
//
// BENCH_CLIENTS (default 500), LATE_MS (default 100), LOST_EVERY (default 50).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { deliverOutboxText } from '../src/server/features/sms/outbox/deliver';
import { reconcileUnknownTexts, NOT_SENT_AFTER_MS } from '../src/server/features/sms/outbox/reconcile';
import { memoryQueue } from '../src/server/platform/jobs/testing';
import { TwilioSms } from '../src/server/providers/sms/twilio';
import { approveRegistration } from '../src/server/testing/factories';
import { MemoryEmail } from '../src/server/testing/memory-email';
import { benchBusiness, timedUpload } from './bench/import-app';
import { freshDatabase } from './bench/fresh-database';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const LATE_MS = Number(process.env.LATE_MS ?? 100);
const LOST_EVERY = Number(process.env.LOST_EVERY ?? 50);
const DRIVER_TIMEOUT_MS = 1_000;
const SID = 'AC00000000000000000000000000000bench';
const NUMBER = '+15125550199';

// The benchmark's clock: Date reads a time the script sets (the bulk at Monday 9:00 Eastern, each text when due).
const RealDate = Date;
let clock = new RealDate('2026-11-23T14:00:00Z').getTime();
class BenchDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(clock);
    else super(...(args as [number]));
  }
  static override now() {
    return clock;
  }
}
globalThis.Date = BenchDate as DateConstructor;

const ZONES = [
  { name: 'Eastern', code: '212', share: 0.3, opensAt: '2026-11-23T14:00:00Z' },
  { name: 'Central', code: '312', share: 0.25, opensAt: '2026-11-23T14:00:00Z' },
  { name: 'Mountain', code: '303', share: 0.15, opensAt: '2026-11-23T15:00:00Z' },
  { name: 'Pacific', code: '213', share: 0.2, opensAt: '2026-11-23T16:00:00Z' },
  { name: 'Hawaii', code: '808', share: 0.1, opensAt: '2026-11-23T18:00:00Z' },
];

type StoredText = { sid: string; to: string; from: string; body: string; date_sent: string };
const stored: StoredText[] = [];
let sends = 0;
const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });

async function main() {
  const standIn = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    const json = (status: number, body: unknown) => {
      if (!res.writable) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      sends += 1;
      // date_sent: the provider's own clock (the machine's), as the app's record of the text has.
      const text = { sid: `SM${String(sends).padStart(32, '0')}`, to: form.get('To')!, from: form.get('From')!, body: form.get('Body')!, date_sent: new RealDate().toUTCString() };
      stored.push(text);
      const lost = sends % LOST_EVERY === 0;
      await new Promise((r) => setTimeout(r, lost ? DRIVER_TIMEOUT_MS + 300 : LATE_MS));
      return json(201, { ...text, status: 'queued', date_sent: null });
    }
    const found = stored.filter((m) => m.to === url.searchParams.get('To') && m.from === url.searchParams.get('From'));
    return json(200, { messages: found.map((m) => ({ ...m, status: 'sent' })), page: 0, page_size: 100, next_page_uri: null });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const sms = new TwilioSms({ accountSid: SID, authToken: 'token', apiUrl: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`, timeoutMs: DRIVER_TIMEOUT_MS });

  const fresh = await freshDatabase(BASE_URL, 'referloop_bench_sms');
  const jobs = memoryQueue();
  const app = await buildApp({ config: testConfig(), database: fresh.database, email: new MemoryEmail(), jobs, sms });
  await app.ready();
  try {
    const biz = await benchBusiness(fresh.database);
    // The number as a purchase leaves it (SQL: the stand-in sells no numbers).
    await fresh.database.query(`update businesses set selected_phone_number = $2, time_zone = 'America/New_York' where id = $1`, [biz.id, NUMBER]);
    await fresh.database.query(`insert into business_numbers (number, business_id) values ($1, $2)`, [NUMBER, biz.id]);
    // Registered for A2P (docs/sms-registration.md): texts go out only once the campaign is approved.
    await approveRegistration(fresh.database, biz.id);

    // Clients through the upload, a booking each a week ago, their zones interleaved as a client list is.
    const zoneOf: string[] = [];
    const lines = ['Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status'];
    const counts = ZONES.map((z) => Math.round(z.share * CLIENTS));
    const left = [...counts];
    while (zoneOf.length < counts.reduce((a, b) => a + b, 0)) ZONES.forEach((z, i) => left[i]-- > 0 && zoneOf.push(z.code));
    zoneOf.forEach((code, i) => lines.push(`Client ${i},client${i}@example.com,+1${code}55${String(10000 + i).slice(-5)},2026-11-16,$90.00,Completed`));
    const uploadMs = await timedUpload(app, biz, `${lines.join('\n')}\n`);
    const clientRows = await fresh.database.query<{ id: number; phone: string }>('select id, phone from clients where business_id = $1 order by id', [biz.id]);
    const codeOfClient = new Map(clientRows.map((c) => [c.id, c.phone.slice(2, 5)]));

    // The floor and the bulk, sent twice with one key (a double click).
    const inject = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      app.inject({ method, url, headers: { cookie: biz.cookie }, ...(payload ? { payload: payload as object } : {}) });
    const floorStarted = performance.now();
    await inject('GET', '/api/auth/me');
    const floorMs = performance.now() - floorStarted;
    const body = { clientIds: clientRows.map((c) => c.id), message: 'Hi {clientName}! Spring cleaning slots are open this week.', idempotencyKey: 'bench-bulk-0001' };
    const bulkStarted = performance.now();
    const [first, second] = await Promise.all([inject('POST', '/api/sms/bulk', body), inject('POST', '/api/sms/bulk', body)]);
    const bulkMs = performance.now() - bulkStarted;
    if (first.statusCode >= 300 || second.statusCode >= 300) throw new Error(`bulk answered ${first.statusCode}/${second.statusCode}: ${first.body.slice(0, 200)}`);
    const [{ batches }] = await fresh.database.query<{ batches: number }>('select count(*)::int as batches from sms_bulk_batches where business_id = $1', [biz.id]);

    // The queue, as the job queue runs it: the clock jumps to each due text.
    const enqueue = async () => {};
    const ctx = { database: fresh.database, sms, jobs, origin: 'http://127.0.0.1' };
    const sentAt = new Map<number, number>();
    const deliveryStarted = performance.now();
    for (;;) {
      const [next] = await fresh.database.query<{ id: number; client_id: number; not_before: Date }>(
        `select id, client_id, not_before from sms_outbox where business_id = $1 and status = 'queued' order by not_before, id limit 1`,
        [biz.id],
      );
      if (!next) break;
      clock = Math.max(clock, new RealDate(next.not_before).getTime());
      await deliverOutboxText({ ...ctx, now: () => new RealDate(clock) }, biz.id, next.id, enqueue).catch(() => {});
      sentAt.set(next.client_id, clock);
    }
    const deliveryMs = performance.now() - deliveryStarted;
    // Reconciliation, a minute and then five minutes later, settles the texts whose answer was lost (from the
    // machine's time: the app stored those texts at it).
    clock = Math.max(clock, RealDate.now()) + 61_000;
    const asked = await reconcileUnknownTexts({ ...ctx, now: () => new RealDate(clock) }, enqueue);
    clock += NOT_SENT_AFTER_MS;
    await reconcileUnknownTexts({ ...ctx, now: () => new RealDate(clock) }, enqueue);
    const [{ unknown }] = await fresh.database.query<{ unknown: number }>(`select count(*)::int as unknown from sms_messages where business_id = $1 and status in ('unknown', 'pending')`, [biz.id]);

    const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;
    console.log(`clients uploaded through the API: ${clientRows.length} in ${uploadMs.toFixed(0)} ms`);
    console.log(`bulk request (two at once, one key): ${bulkMs.toFixed(1)} ms, ${batches} batch  | floor GET /api/auth/me ${floorMs.toFixed(1)} ms (${ratio(bulkMs, floorMs)})`);
    for (const z of ZONES) {
      const times = [...sentAt].filter(([id]) => codeOfClient.get(id) === z.code).map(([, at]) => at);
      const opens = new RealDate(z.opensAt).getTime();
      const last = (Math.max(...times) - opens) / 1000;
      const first = (Math.min(...times) - opens) / 1000;
      // The floor: every text whose window opened at the same moment, one a second on the number.
      const sameOpening = [...sentAt.keys()].filter((id) => ZONES.find((y) => y.code === codeOfClient.get(id))!.opensAt === z.opensAt).length;
      console.log(
        `${z.name.padEnd(9)} ${String(times.length).padStart(5)} texts: first ${first.toFixed(0)} s after its window opened, last ${last.toFixed(0)} s | floor ${sameOpening - 1} s (the ${sameOpening} texts due at that opening, 1 a second) (${ratio(last, Math.max(1, sameOpening - 1))})`,
      );
    }
    const recipients = new Set(stored.map((m) => m.to)).size;
    console.log(`texts at the provider: ${stored.length} to ${recipients} numbers (duplicates ${stored.length - recipients}) | floor ${clientRows.length} clients, 0 duplicates`);
    console.log(`answers lost (unknown, settled by asking the provider): ${asked.confirmed} confirmed as sent, ${unknown} still open`);
    const lost = Math.floor(stored.length / LOST_EVERY);
    const waited = (stored.length - lost) * LATE_MS + lost * DRIVER_TIMEOUT_MS;
    console.log(`delivery wall time: ${(deliveryMs / 1000).toFixed(1)} s for ${sentAt.size} texts, one at a time | floor the provider's own answers ${(waited / 1000).toFixed(1)} s (${stored.length - lost} x ${LATE_MS} ms, ${lost} lost x ${DRIVER_TIMEOUT_MS} ms) (${ratio(deliveryMs, waited)})`);
  } finally {
    await app.close();
    await fresh.close();
    standIn.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
