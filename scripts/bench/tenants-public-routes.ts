// bench:tenants, the public and provider routes: a sample of businesses made through the app's API (sign-up,
// then an upload of their clients), and every statement a public or provider route runs before or while it
// finds the business, timed by EXPLAIN ANALYZE with 100,000 businesses beside a primary-key lookup floor.
import { median } from './median';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { rowsOf, type Database, type Tx } from '../../src/server/db/client';
import { memoryQueue } from '../../src/server/platform/jobs/testing';
import { MemoryEmail } from '../../src/server/testing/memory-email';
import { multipartBody } from '../../src/server/testing/requests';
import { selectClientByPhone, selectLeadByPhone, selectNumberOwner, selectOutboundBySid, selectReplyContext, updateDeliveryStatus } from '../../src/server/features/sms/inbox/inbound-queries';
import { businessIdForWebhookToken } from '../../src/server/features/imports/queries';
import { countSubmission, recentDuplicate, selectFormByToken } from '../../src/server/features/forms-public/queries';
import { selectClientMatching, selectReferralMatching, selectReferrer } from '../../src/server/features/referrals-public/queries';

/** The budget per statement at 100,000 businesses (median server execution time). */
export const PUBLIC_LOOKUP_BUDGET_MS = 2;

/**
 * One row per business in the tables the public routes read (a lead from the form, a referral, a reply context, a
 * session, a rate-limit counter), so that the planner sees tables of 100,000 businesses rather than empty ones.
 */
export async function seedPublicRouteRows(database: Database) {
  await database.db.execute(
    sql.raw(`
    insert into leads (business_id, name, email, phone, source, form_id)
      select b.id, 'Lead of ' || b.id, 'lead' || b.id || '@bench.example', '+1628' || lpad(b.id::text, 7, '0'), 'form', f.id
      from businesses b join forms f on f.business_id = b.id;
    insert into referrals (business_id, referrer_code, referee_name, referee_email, referee_phone)
      select business_id, referral_code, 'Friend of ' || business_id, 'friend' || business_id || '@bench.example', '+1650' || lpad(business_id::text, 7, '0') from clients;
    insert into sms_reply_context (business_id, client_phone, forwarding_number, expires_at)
      select id, '+1415' || lpad(id::text, 7, '0'), '+1707' || lpad(id::text, 7, '0'), now() + interval '1 day' from businesses;
    insert into people (business_id, email, name, password_hash, role) select id, email, name, 'x', 'owner' from businesses;
    insert into sessions (id, business_id, person_id, expires_at) select md5('session' || b.id) || md5('s' || b.id), b.id, p.id, now() + interval '30 days' from businesses b join people p on p.business_id = b.id;
    insert into rate_limits (key, count, reset_at) select 'webhook:business:' || id, 1, now() + interval '1 minute' from businesses;`),
  );
}

export type ApiSample = { businessIds: number[]; cookies: string[]; signUpMs: number[]; uploadMs: number[]; referralCodes: string[] };

/** `n` businesses signed up through POST /api/auth/signup, each uploading `clients` clients through POST /api/upload/csv. */
export async function signUpThroughApi(database: Database, n: number, clients: number): Promise<ApiSample> {
  const app = await buildApp({ config: testConfig({ signupsPerHour: 1_000_000 }), database, email: new MemoryEmail(), jobs: memoryQueue() });
  await app.ready();
  const sample: ApiSample = { businessIds: [], cookies: [], signUpMs: [], uploadMs: [], referralCodes: [] };
  try {
    for (let b = 0; b < n; b += 1) {
      const email = `sample${b}-${Date.now()}@bench.example`;
      let t0 = performance.now();
      const signUp = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: `Sample Lawns ${b}`, email, password: 'secret123', confirmPassword: 'secret123' },
      });
      sample.signUpMs.push(performance.now() - t0);
      if (signUp.statusCode !== 201) throw new Error(`sign-up answered ${signUp.statusCode}: ${signUp.body.slice(0, 300)}`);
      const cookie = `rl_session=${signUp.cookies.find((c) => c.name === 'rl_session')!.value}`;
      const lines = ['Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status'];
      for (let i = 0; i < clients; i += 1) {
        lines.push(`Client ${i} Sample${b},c${i}.s${b}@bench.example,(555) ${String(300 + b).padStart(3, '0')}-${String(i).padStart(4, '0')},2026-0${1 + (i % 9)}-1${i % 10},$120.00,Completed`);
      }
      const { payload, contentType } = multipartBody('export.csv', `${lines.join('\n')}\n`);
      t0 = performance.now();
      const up = await app.inject({ method: 'POST', url: '/api/upload/csv', headers: { cookie, 'content-type': contentType }, payload });
      sample.uploadMs.push(performance.now() - t0);
      if (up.statusCode !== 200) throw new Error(`upload answered ${up.statusCode}: ${up.body.slice(0, 300)}`);
      const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      sample.businessIds.push(Number(me.json().business.id));
      sample.cookies.push(cookie);
    }
    const codes = rowsOf<{ referral_code: string }>(
      await database.db.execute(sql`select distinct on (business_id) referral_code from clients where business_id in ${sql.raw(`(${sample.businessIds.join(',')})`)} order by business_id, id`),
    );
    sample.referralCodes = codes.map((c) => c.referral_code);
  } finally {
    await app.close();
  }
  return sample;
}

type Statement = [label: string, run: (tx: Tx) => Promise<unknown>];

/**
 * Every statement of the public and provider routes, with values of a business made through the API (its
 * referral code) or of the seeded ones (`i`: its number, text, token). Statements the routes build with
 * Drizzle's query builder are written out beside them.
 */
function publicStatements(i: number, sample: ApiSample, pick: number): Statement[] {
  const number = `+1${2_000_000_000 + i}`;
  const businessId = sample.businessIds[pick % sample.businessIds.length];
  const code = sample.referralCodes[pick % sample.referralCodes.length];
  const raw = (q: SQL) => (tx: Tx) => tx.execute(q);
  return [
    ['inbound text: number → business', (tx) => selectNumberOwner(tx, number)],
    ['inbound text: sender → client', (tx) => selectClientByPhone(tx, i, '+14155550100')],
    ['inbound text: sender → lead', (tx) => selectLeadByPhone(tx, i, '+14155550100')],
    ['inbound text: forwarded reply → context', (tx) => selectReplyContext(tx, i, '+14155550100')],
    ['status callback: message by provider id', (tx) => updateDeliveryStatus(tx, `SMbench${i}`, 'delivered')],
    ['status callback 21610: message by provider id', (tx) => selectOutboundBySid(tx, `SMbench${i}`)],
    ['booking webhook: token → business', (tx) => businessIdForWebhookToken(tx, `no-such-token-${i}`)],
    ['booking webhook: per-token counter (rate_limits)', raw(sql`select count, reset_at from rate_limits where key = ${`webhook:business:${i}`}`)],
    ['embed form: token → form', (tx) => selectFormByToken(tx, `no-such-token-${i}`)],
    ['form submission: count the submission', (tx) => countSubmission(tx, i, i)],
    [
      'form submission: recent duplicate',
      (tx) => recentDuplicate(tx, { businessId: i, formId: i, name: 'Ann', email: 'a@example.com', phone: null, customFields: {}, smsOptIn: false, notes: '' }, 10),
    ],
    ['referral page: code → referrer (API business)', (tx) => selectReferrer(tx, code)],
    ['claim page: friend already a client?', (tx) => selectClientMatching(tx, businessId, 'friend@example.com', '+14155550123')],
    ['claim page: friend already referred?', (tx) => selectReferralMatching(tx, businessId, 'friend@example.com', '+14155550123')],
    ['sign-in / sign-up: person by e-mail', raw(sql`select id, business_id, email, password_hash, role from people where email = ${`owner${i}@bench.example`}`)],
    [
      'session cookie → business',
      raw(sql`select s.business_id, s.person_id, p.role, s.last_seen_at from sessions s join businesses b on b.id = s.business_id join people p on p.id = s.person_id and p.business_id = s.business_id where s.id = ${'0'.repeat(64)} and s.expires_at > now()`),
    ],
  ];
}

const FLOOR = 'primary-key lookup (floor)';

/**
 * Prints each statement's plan verdict (index or a whole-table read), its median and worst server execution time
 * over `runs` values, the floor's, and the ratio; answers how many broke the rule (a table scan, or a median over
 * 2 ms).
 */
export async function timePublicLookups(database: Database, businesses: number, sample: ApiSample, runs = 15): Promise<number> {
  const db = database.db;
  const plans: string[] = [];
  let analyze = false;
  const explaining = {
    execute: async (q: SQL) => {
      const rows = rowsOf<{ 'QUERY PLAN': unknown }>(await db.execute(analyze ? sql`explain (analyze, format json) ${q}` : sql`explain ${q}`));
      plans.push(analyze ? JSON.stringify(rows[0]['QUERY PLAN']) : rows.map((r) => r['QUERY PLAN']).join('\n'));
      return { rows: [] };
    },
  } as unknown as Tx;
  const times = new Map<string, number[]>();
  const verdicts = new Map<string, string>();
  const pick = () => 1 + Math.floor(Math.random() * businesses);
  for (let r = 0; r < runs; r += 1) {
    const i = pick();
    const statements: Statement[] = [[FLOOR, (tx) => tx.execute(sql`select id, name from businesses where id = ${i}`)], ...publicStatements(i, sample, r)];
    for (const [label, run] of statements) {
      if (r === 0) {
        analyze = false;
        plans.length = 0;
        await run(explaining);
        const seq = /Seq Scan on (\w+)/.exec(plans.join('\n'));
        verdicts.set(label, seq ? `SEQ SCAN on ${seq[1]}` : 'index');
        if (seq || process.env.BENCH_PLANS) console.log(`${label}:\n${plans.join('\n').replace(/^/gm, '      ')}`);
      }
      analyze = true;
      plans.length = 0;
      await run(explaining);
      const ms = plans.map((p) => (JSON.parse(p) as [{ 'Execution Time': number }])[0]['Execution Time']).reduce((a, b) => a + b, 0);
      times.set(label, [...(times.get(label) ?? []), ms]);
    }
  }
  const floor = median(times.get(FLOOR)!);
  let broken = 0;
  console.log(`\nPublic and provider routes' statements, ${businesses.toLocaleString('en-US')} businesses, server execution time over ${runs} values (ms):`);
  console.log(`  ${'statement'.padEnd(50)} ${'plan'.padEnd(20)} ${'median'.padStart(7)} ${'max'.padStart(7)}  × floor`);
  for (const [label, xs] of times) {
    const m = median(xs);
    const max = Math.max(...xs);
    const verdict = verdicts.get(label)!;
    // The median, not the worst: on this shared machine the floor's own worst run is 10-25x its median.
    const bad = label !== FLOOR && (verdict !== 'index' || m > PUBLIC_LOOKUP_BUDGET_MS);
    if (bad) broken += 1;
    console.log(`  ${label.padEnd(50)} ${verdict.padEnd(20)} ${m.toFixed(3).padStart(7)} ${max.toFixed(3).padStart(7)}  ${(m / floor).toFixed(1).padStart(6)}${bad ? '  OVER' : ''}`);
  }
  return broken;
}

/** The API sample's figures: sign-up and upload times through the app. */
export function printApiSample(sample: ApiSample, clients: number) {
  console.log(
    `\nThrough the API among them: ${sample.businessIds.length} sign-ups (median ${median(sample.signUpMs).toFixed(0)} ms, max ${Math.max(...sample.signUpMs).toFixed(0)} ms), ` +
      `each uploading ${clients} clients (median ${median(sample.uploadMs).toFixed(0)} ms, max ${Math.max(...sample.uploadMs).toFixed(0)} ms)`,
  );
}
