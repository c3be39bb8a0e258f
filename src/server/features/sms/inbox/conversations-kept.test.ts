import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { seededRandom } from '../../../../shared/seeded-random';
import { DERIVED_TABLES, driftOf, repairDerivedTables } from '../../../db/derived-tables';
import { signedIn } from '../../../testing/requests';

// The kept conversations (sms_conversations, docs/sms-inbox.md "Kept"), and every derived table through the
// registry's check, against a full recomputation from the texts after random sequences of the writes
// that move them: texts stored (in and out, read and unread, of a client or of none, several in one
// statement), mark-read, unread again, a text's time (across days) or client changed, delivery statuses,
// texts deleted, clients renamed and deleted, and a business deleted.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Kept = { client_id: number; last_at: string; unread: number; search_name: string };

const kept = (businessId: number) =>
  t.database.query<Kept>(
    `select client_id, to_char(last_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as last_at, unread, search_name
     from sms_conversations where business_id = $1 order by client_id`,
    [businessId],
  );

const recomputed = (businessId: number) =>
  t.database.query<Kept>(
    `select m.client_id, to_char(max(m.timestamp) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as last_at,
       (count(*) filter (where m.direction = 'inbound' and not m.is_read))::int as unread, lower(c.name) as search_name
     from sms_messages m join clients c on c.id = m.client_id
     where m.business_id = $1 and m.client_id is not null group by m.client_id, c.name order by m.client_id`,
    [businessId],
  );

/** The kept rows against the texts; with `everyTable`, every derived table through the registry's check too (slower). */
async function expectExact(biz: TestBusiness, label: string, everyTable = false) {
  const [k, r] = await Promise.all([kept(biz.id), recomputed(biz.id)]);
  expect(k.map((x) => ({ ...x, client_id: Number(x.client_id), unread: Number(x.unread) })), label).toEqual(
    r.map((x) => ({ ...x, client_id: Number(x.client_id), unread: Number(x.unread) })),
  );
  if (everyTable) for (const d of DERIVED_TABLES) expect(await driftOf(t.database.db, d, biz.id), `${label}: ${d.table}`).toBe(0);
}

async function newClient(biz: TestBusiness, n: number): Promise<number> {
  const [row] = await t.database.query<{ id: number }>(
    `insert into clients (business_id, name, referral_code, phone) values ($1, $2, $3, $4) returning id`,
    [biz.id, `Kept ${n}`, `KEPT${biz.id}X${n}X${Math.random().toString(36).slice(2, 8)}`, `+1415555${String(1000 + n).slice(-4)}`],
  );
  return Number(row.id);
}

const BASE = Date.parse('2026-06-01T12:00:00Z');

async function randomSequence(seed: number, steps: number) {
  const g = seededRandom(seed);
  const a = await createBusiness(t.database, { name: `Kept A ${seed}` });
  const b = await createBusiness(t.database, { name: `Kept B ${seed}` });
  const clientsOf = new Map<number, number[]>([
    [a.id, []],
    [b.id, []],
  ]);
  let n = 0;
  for (const biz of [a, b]) for (let i = 0; i < 4; i += 1) clientsOf.get(biz.id)!.push(await newClient(biz, (n += 1)));
  const messageIds = async (biz: TestBusiness) =>
    (await t.database.query<{ id: number }>('select id from sms_messages where business_id = $1 order by id', [biz.id])).map((r) => Number(r.id));
  // Times on a coarse grid, so texts often share their time (ties on last_at), over four UTC days with texts
  // at midnight exactly.
  const at = () => new Date(BASE + g.int(40) * 150 * 60_000).toISOString();

  for (let step = 0; step < steps; step += 1) {
    const biz = g.next() < 0.75 ? a : b;
    const ids = await messageIds(biz);
    const op = ids.length < 3 ? 0 : g.int(11);
    const label = `seed ${seed} step ${step} op ${op}`;
    if (op <= 2) {
      // 1-3 texts in one statement.
      const rows = Array.from({ length: 1 + g.int(3) }, () => {
        const inbound = g.next() < 0.6;
        const clientId = g.next() < 0.15 ? null : g.pick(clientsOf.get(biz.id)!);
        return [biz.id, clientId, inbound ? 'inbound' : 'outbound', inbound ? g.next() < 0.4 : true, at()] as const;
      });
      const values = rows.map((_, i) => `($${i * 5 + 1}::int, $${i * 5 + 2}::int, $${i * 5 + 3}, '+14155550100', '+15125550100', 'hi', $${i * 5 + 4}::boolean, $${i * 5 + 5}::timestamptz)`);
      await t.database.query(
        `insert into sms_messages (business_id, client_id, direction, from_number, to_number, message_body, is_read, timestamp) values ${values.join(', ')}`,
        rows.flat(),
      );
    } else if (op === 3) {
      // Mark-read through the API, with an id of the other business among them (changes nothing there).
      const other = await messageIds(biz === a ? b : a);
      const pick = [g.pick(ids), g.pick(ids), ...(other.length ? [g.pick(other)] : [])];
      const res = await signedIn(t.app, biz.cookie).post('/api/sms/mark-read', { messageIds: pick });
      expect(res.statusCode, label).toBe(200);
    } else if (op === 4) {
      await t.database.query(`update sms_messages set is_read = false where business_id = $1 and id = any($2::int[])`, [biz.id, `{${g.pick(ids)},${g.pick(ids)}}`]);
    } else if (op === 5) {
      await t.database.query(`update sms_messages set timestamp = $2 where id = $1`, [g.pick(ids), at()]);
    } else if (op === 6) {
      const to = g.next() < 0.3 ? null : g.pick(clientsOf.get(biz.id)!);
      await t.database.query(`update sms_messages set client_id = $2 where id = $1`, [g.pick(ids), to]);
    } else if (op === 7) {
      // A delivery status moves nothing kept; the whole business's texts at once.
      await t.database.query(`update sms_messages set status = $2 where business_id = $1`, [biz.id, g.pick(['sent', 'delivered', 'failed'])]);
    } else if (op === 8) {
      await t.database.query(`delete from sms_messages where id = any($1::int[])`, [`{${g.pick(ids)},${g.pick(ids)}}`]);
    } else if (op === 9) {
      // Renames: one client, or all of the business's at once (some to the name they have).
      const list = clientsOf.get(biz.id)!;
      if (g.next() < 0.5) await t.database.query(`update clients set name = $2 where id = $1`, [g.pick(list), `Renamed ${g.int(1000)}`]);
      else await t.database.query(`update clients set name = case when id % 2 = 0 then name else name || ' Jr' end where business_id = $1`, [biz.id]);
    } else {
      // A client deleted (its texts keep no client), and a new one to text.
      const list = clientsOf.get(biz.id)!;
      const gone = list.splice(g.int(list.length), 1)[0];
      await t.database.query(`delete from clients where id = $1`, [gone]);
      list.push(await newClient(biz, (n += 1)));
    }
    await expectExact(a, `${label} (A)`);
    await expectExact(b, `${label} (B)`);
  }

  // A business deleted: its conversations go, the other's stay exact.
  await t.database.query('delete from businesses where id = $1', [b.id]);
  expect(await kept(b.id)).toEqual([]);
  await expectExact(a, `seed ${seed} after deleting B`, true);
  return a;
}

describe('kept conversations', () => {
  it('stay equal to a recomputation through random writes (three seeds)', async () => {
    for (const seed of [11, 22, 33]) await randomSequence(seed, 60);
  });

  it('the repair recomputes them from the texts', async () => {
    const a = await randomSequence(44, 20);
    await t.database.query("update sms_conversations set unread = unread + 7, last_at = last_at - interval '1 day', search_name = 'stale' where business_id = $1", [a.id]);
    await t.database.query(`insert into sms_conversations (business_id, client_id, last_at, unread)
      select $1, id, now(), 3 from clients where business_id = $1 and id not in (select client_id from sms_conversations where business_id = $1) limit 1`, [a.id]);
    expect(await t.database.db.transaction((tx) => repairDerivedTables(tx, a.id))).toEqual([{ table: 'sms_conversations', rows: expect.any(Number) }]);
    await expectExact(a, 'after the repair');
  });

  it('numbered history pages and name searches answer as a plain offset and a join to the clients would', async () => {
    const a = await randomSequence(66, 60);
    const all = (await t.database.query<{ id: number }>('select id from sms_messages where business_id = $1 order by timestamp desc, id desc', [a.id])).map(
      (r) => Number(r.id),
    );
    for (const pageSize of [1, 2, 3, 7]) {
      for (let page = 1; page <= Math.ceil(all.length / pageSize) + 1; page += 1) {
        const res = await signedIn(t.app, a.cookie).get(`/api/sms/messages?page=${page}&pageSize=${pageSize}`);
        const body = res.json();
        const want = all.slice((page - 1) * pageSize, page * pageSize);
        expect([body.messages.map((m: any) => m.id), body.hasMore], `page ${page} of ${pageSize}`).toEqual([want, all.length > page * pageSize]);
      }
    }
    const names = await t.database.query<{ id: number; name: string }>('select id, name from clients where business_id = $1', [a.id]);
    const ref = await t.database.query<{ client_id: number }>(
      'select client_id from sms_messages where business_id = $1 and client_id is not null group by client_id order by max(timestamp) desc, client_id desc',
      [a.id],
    );
    // Every name search walks the conversations and compares the name each one keeps (search_name), renamed clients included.
    for (const search of ['kept', 'KEPT 1', 'ed', 'jr', 'e', 'renamed', 'nobody', '%', 'pt_']) {
      const matching = new Set(names.filter((c) => c.name.toLowerCase().includes(search.toLowerCase())).map((c) => Number(c.id)));
      const want = ref.map((r) => Number(r.client_id)).filter((id) => matching.has(id));
      for (const pageSize of [1, 3, 100]) {
        for (let page = 1; page <= Math.ceil(want.length / pageSize) + 1; page += 1) {
          const url = `/api/sms/conversations?page=${page}&pageSize=${pageSize}&search=${encodeURIComponent(search)}`;
          const body = (await signedIn(t.app, a.cookie).get(url)).json();
          expect([body.conversations.map((c: any) => c.clientId), body.hasMore], url).toEqual([
            want.slice((page - 1) * pageSize, page * pageSize),
            want.length > page * pageSize,
          ]);
        }
      }
    }
  });

  it('the conversations page reads the kept rows: order, unread count and ids', async () => {
    const a = await randomSequence(55, 30);
    const res = await signedIn(t.app, a.cookie).get('/api/sms/conversations?pageSize=100');
    expect(res.statusCode).toBe(200);
    const ref = await t.database.query<{ client_id: number; unread: number; ids: string }>(
      `select client_id, (count(*) filter (where direction = 'inbound' and not is_read))::int as unread,
         coalesce(string_agg(id::text, ',' order by timestamp desc, id desc) filter (where direction = 'inbound' and not is_read), '') as ids
       from sms_messages where business_id = $1 and client_id is not null group by client_id order by max(timestamp) desc, client_id desc`,
      [a.id],
    );
    expect(res.json().conversations.map((c: any) => [c.clientId, c.unreadCount, c.unreadMessageIds.join(',')])).toEqual(
      ref.map((r) => [Number(r.client_id), Number(r.unread), r.ids]),
    );
  });
});
