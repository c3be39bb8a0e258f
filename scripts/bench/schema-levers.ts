// The schema floor of the first upload and of a re-upload's rescoring, with and without each lever on the
// clients and bookings tables (decision 0015): every variant is applied inside a rolled-back transaction on the
// same database and measured in turn, alternated, beside the base schema of the same round.
// Run: npx tsx scripts/bench/schema-levers.ts (N clients, ROUNDS rounds; BENCH_DATABASE_URL).
import pg from 'pg';
import { copyRows } from './import-app';
import { bulkCsv } from './import-files';
import { DEFAULT_URL, freshDatabase } from './fresh-database';

const N = Number(process.env.N ?? 50_000);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const ONLY = process.env.VARIANTS?.split(',');

/** Each variant's DDL, run in the transaction before the measured statements. */
const UNDO_0059 = ['alter table bookings drop constraint bookings_client_business_fk', 'drop index clients_id_business_key'];
const MOVE_SEARCH = [
  'drop index clients_business_search_trgm_idx',
  'drop index clients_business_non_ascii_idx',
  'alter table clients drop column search_text',
  `create table client_search (client_id int primary key references clients on delete cascade, business_id int not null, search_text text not null)`,
  `insert into client_search select id, business_id, lower(name) || chr(10) || coalesce(lower(email), '') from clients`,
  'create index on client_search using gin (search_text gin_trgm_ops)',
  `create index on client_search (business_id) where search_text ~ '[^\\x01-\\x7f]'`,
];

/** Each variant's DDL on the migrated schema, run in the transaction before the measured statements; the first is the base. */
const VARIANTS: Record<string, string[]> = {
  'two foreign keys (before 0059)': [
    ...UNDO_0059,
    'alter table bookings add constraint bookings_business_id_businesses_id_fk foreign key (business_id) references businesses on delete cascade',
    'alter table bookings add constraint bookings_client_id_clients_id_fk foreign key (client_id) references clients on delete cascade',
  ],
  'only client_id -> clients': [
    ...UNDO_0059,
    'alter table bookings add constraint bookings_client_id_clients_id_fk foreign key (client_id) references clients on delete cascade',
  ],
  'one composite key (0059)': [],
  '0059 and no trigram index': ['drop index clients_business_search_trgm_idx'],
  '0059 and search text in its own table': MOVE_SEARCH,
};
const BASE = Object.keys(VARIANTS)[0];


async function business(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query(
    `insert into businesses (name, email, password_hash, webhook_url) values ('Levers', 'levers' || clock_timestamp() || '@example.com', 'x', 'lv' || clock_timestamp()) returning id`,
  );
  return rows[0].id;
}

const INSERT_CLIENTS = `insert into clients (business_id, name, email, phone, referral_code, total_bookings, first_booking, last_booking, frequency, loyalty_score)
  select $1::int, min(name), email, min(phone), 'L' || $1::int || '-' || row_number() over (), count(*), min(service_date), max(service_date), 30, 5.0
  from floor_rows group by email`;
const INSERT_BOOKINGS = `insert into bookings (business_id, client_id, service_date, service_type, amount, amount_charged, status, source, dedupe_key)
  select $1, c.id, r.service_date, r.service_type, 100.5, 100.5, 'completed', 'csv', lower(r.service_type) || '|' || r.amount
  from floor_rows r join clients c on c.business_id = $1 and lower(c.email) = r.email`;
const RESCORE = `update clients c set total_bookings = c.total_bookings + 1, last_booking = c.last_booking + 30, total_spent = c.total_spent + 100,
  loyalty_score = least(10, c.loyalty_score + 0.1), frequency = 30 where c.business_id = $1`;

type Cost = { ms: number; walMb: number; buffers: number; triggers: Record<string, number> };

/**
 * One statement under EXPLAIN (ANALYZE, BUFFERS, WAL): its time, and what does not depend on the machine's
 * load: the WAL it wrote and the buffers it touched; and each trigger's time (foreign-key checks included).
 */
async function explained(client: pg.ClientBase, statement: string, params: unknown[]): Promise<Cost> {
  const { rows } = await client.query(`explain (analyze, buffers, wal, format json) ${statement}`, params);
  const [top] = rows[0]['QUERY PLAN'];
  const plan = top.Plan;
  const triggers: Record<string, number> = {};
  for (const t of top.Triggers ?? []) triggers[t['Trigger Name']] = t.Time;
  return {
    ms: top['Execution Time'],
    walMb: (plan['WAL Bytes'] ?? 0) / 1e6,
    buffers: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0),
    triggers,
  };
}

const add = (a: Cost, b: Cost): Cost => ({ ms: a.ms + b.ms, walMb: a.walMb + b.walMb, buffers: a.buffers + b.buffers, triggers: { ...a.triggers, ...b.triggers } });

async function measure(client: pg.ClientBase, ddl: string[], csv: string, existing: number) {
  await client.query('begin');
  try {
    for (const statement of ddl) await client.query(statement);
    await copyRows(client, csv);
    const biz = await business(client);
    let clients = await explained(client, INSERT_CLIENTS, [biz]);
    if (ddl.some((s) => s.includes('client_search'))) {
      const search = `insert into client_search select id, business_id, lower(name) || chr(10) || coalesce(lower(email), '') from clients where business_id = $1`;
      clients = add(clients, await explained(client, search, [biz]));
    }
    const bookings = await explained(client, INSERT_BOOKINGS, [biz]);
    const rescore = await explained(client, RESCORE, [existing]);
    return { clients, bookings, rescore };
  } finally {
    await client.query('rollback');
  }
}

const fkMs = (c: Cost) =>
  Object.entries(c.triggers)
    .filter(([name]) => name.startsWith('RI_') || name.includes('_fk') || name.includes('constraint'))
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(', ');
const show = (c: Cost) => `${c.ms.toFixed(0)} ms, ${c.walMb.toFixed(0)} MB WAL, ${c.buffers} buffers`;

const fresh = await freshDatabase(process.env.BENCH_DATABASE_URL ?? DEFAULT_URL, 'bench_levers');
const client = new pg.Client({ connectionString: fresh.url });
await client.connect();
try {
  // A business that already holds N clients and their bookings: the re-upload's rescoring rewrites them.
  const csv = bulkCsv(2 * N, N);
  await client.query('begin');
  await copyRows(client, csv);
  const existing = await business(client);
  await client.query(INSERT_CLIENTS, [existing]);
  await client.query(INSERT_BOOKINGS, [existing]);
  await client.query('commit');
  await client.query('vacuum analyze clients');
  await client.query('vacuum analyze bookings');
  const names = Object.keys(VARIANTS).filter((v) => !ONLY || ONLY.includes(v));
  const firsts = new Map<string, number[]>();
  for (let round = 1; round <= ROUNDS; round += 1) {
    let base = 0;
    // base first in every round (the ratios are to it), the others rotated so none always follows the same one
    const others = names.filter((n) => n !== BASE);
    const order = [BASE, ...others.slice(round % others.length), ...others.slice(0, round % others.length)];
    for (const name of order) {
      const load = (await import('node:os')).loadavg()[0].toFixed(1);
      const m = await measure(client, VARIANTS[name], csv, existing);
      const first = m.clients.ms + m.bookings.ms;
      if (name === BASE) base = first;
      firsts.set(name, [...(firsts.get(name) ?? []), first / base]);
      console.log(`round ${round} load ${load} ${name}: first upload ${first.toFixed(0)} ms (${(first / base).toFixed(2)}x base)`);
      console.log(`  clients ${show(m.clients)}; bookings ${show(m.bookings)} [${fkMs(m.bookings)}]; rescore ${N} clients ${show(m.rescore)}`);
    }
  }
  for (const [name, ratios] of firsts) {
    const sorted = [...ratios].sort((a, b) => a - b);
    console.log(`${name.padEnd(30)} median ${sorted[Math.floor(sorted.length / 2)].toFixed(2)}x base (${sorted.map((r) => r.toFixed(2)).join(' ')})`);
  }
} finally {
  await client.end();
  await fresh.close();
}
