import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { signedIn } from '../../testing/requests';
import { addClient } from '../../testing/clients';

// What the owner sees (docs/reviews.md): each client's review state, the "left a review" mark, the Insights review
// section (checked against a recomputation of the same rows) and the list of clients asked but not opened.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (b: TestBusiness, url: string) => signedIn(t.app, b.cookie).get(url);
type Req = { sent?: number | null; opened?: number | null; reminded?: number | null; reviewed?: number | null; asked?: number | null };
/** A review request `days` ago for each event (null: never). */
async function request(b: TestBusiness, clientId: number, r: Req) {
  const at = (days: number | null | undefined) => (days == null ? null : new Date(Date.now() - days * 86_400_000));
  await t.database.query(
    `insert into review_requests (business_id, client_id, token, sent_at, first_opened_at, open_count, reminded_at, marked_reviewed_at, referral_asked_at, created_at)
     values ($1, $2, md5(random()::text), $3, $4, case when $4::timestamptz is null then 0 else 1 end, $5, $6, $7, coalesce($3, $6, now()))`,
    [b.id, clientId, at(r.sent), at(r.opened), at(r.reminded), at(r.reviewed), at(r.asked)],
  );
}

describe('review states and the mark', () => {
  it('not asked, asked, reminded, opened, reviewed; the owner marks and unmarks a review; another business’s client is not found', async () => {
    const b = await createBusiness(t.database, { name: 'States Co' });
    const [n, a, r, o] = [
      await addClient(t.app, b, 'Nora Never'),
      await addClient(t.app, b, 'Ana Asked'),
      await addClient(t.app, b, 'Rita Reminded'),
      await addClient(t.app, b, 'Olga Opened'),
    ];
    await request(b, a.id, { sent: 1 });
    await request(b, r.id, { sent: 5, reminded: 2 });
    await request(b, o.id, { sent: 5, reminded: 2, opened: 1 });
    const res = await get(b, `/api/reviews/states?ids=${[n, a, r, o].map((c) => c.id).join(',')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().states.map((s: { state: string }) => s.state)).toEqual(['notAsked', 'asked', 'reminded', 'opened']);
    expect(res.json().states[1].askedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const marked = await signedIn(t.app, b.cookie).post(`/api/reviews/clients/${n.id}/reviewed`, { reviewed: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ state: 'reviewed', askedAt: null, reviewedAt: expect.any(String) });
    const markedAsked = await signedIn(t.app, b.cookie).post(`/api/reviews/clients/${a.id}/reviewed`, { reviewed: true });
    expect(markedAsked.json()).toMatchObject({ state: 'reviewed', askedAt: expect.any(String) });
    const unmarked = await signedIn(t.app, b.cookie).post(`/api/reviews/clients/${a.id}/reviewed`, { reviewed: false });
    expect(unmarked.json()).toMatchObject({ state: 'asked', reviewedAt: null });

    const other = await createBusiness(t.database, { name: 'Other Co' });
    const foreign = await signedIn(t.app, other.cookie).post(`/api/reviews/clients/${a.id}/reviewed`, { reviewed: true });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Client not found' });
    expect((await get(other, `/api/reviews/states?ids=${a.id}`)).json().states[0].state).toBe('notAsked');
    expect((await get(b, '/api/reviews/states?ids=1,x')).statusCode).toBe(400);
    expect((await signedIn(t.app, b.cookie).post(`/api/reviews/clients/${a.id}/reviewed`, { reviewed: 'yes' })).statusCode).toBe(400);
  });
});

describe('the Insights review section', () => {
  it('per month for the last 12 months, each count and the open rate equal a recomputation of the rows', async () => {
    const b = await createBusiness(t.database, { name: 'Insights Co' });
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 40; i++) {
      const c = await addClient(t.app, b, `Client ${i}`);
      const sent = Math.floor(rand() * 420);
      const opened = rand() < 0.5 ? Math.max(sent - Math.floor(rand() * 10), 0) : null;
      await request(b, c.id, {
        sent,
        opened,
        reminded: rand() < 0.3 ? Math.max(sent - 3, 0) : null,
        reviewed: rand() < 0.2 ? Math.max(sent - 5, 0) : null,
        asked: opened != null && rand() < 0.5 ? Math.max(opened - 2, 0) : null,
      });
    }
    const res = await get(b, '/api/reviews/insights');
    expect(res.statusCode).toBe(200);
    const { months } = res.json();
    expect(months).toHaveLength(12);

    // The recomputation: every row read back, each event put in its month of the business's zone in JavaScript.
    const rows = await t.database.query<Record<string, Date | null>>(
      'select sent_at, first_opened_at, reminded_at, marked_reviewed_at, referral_asked_at from review_requests where business_id = $1',
      [b.id],
    );
    const monthOf = (d: Date | null) => (d ? new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' }).format(d).slice(0, 7) : null);
    const expected = months.map(({ month }: { month: string }) => {
      const count = (col: string) => rows.filter((r) => monthOf(r[col]) === month).length;
      const sent = count('sent_at');
      const sentOpened = rows.filter((r) => monthOf(r.sent_at) === month && r.first_opened_at).length;
      return {
        month,
        sent,
        opened: count('first_opened_at'),
        reminded: count('reminded_at'),
        reviewed: count('marked_reviewed_at'),
        referralAsks: count('referral_asked_at'),
        openRate: sent ? Math.round((100 * sentOpened) / sent) : null,
      };
    });
    expect(months).toEqual(expected);
    expect(months.at(-1).month).toBe(monthOf(new Date()));
    expect(months.reduce((n: number, m: { sent: number }) => n + m.sent, 0)).toBeGreaterThan(10);
  });

  it('lists the clients asked whose latest request was not opened, newest first, paged by 20; counts referrals after a review ask', async () => {
    const b = await createBusiness(t.database, { name: 'Not Opened Co' });
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      const c = await addClient(t.app, b, `Waiting ${i}`);
      ids.push(c.id);
      await request(b, c.id, { sent: i + 1 });
    }
    const opened = await addClient(t.app, b, 'Opened One');
    await request(b, opened.id, { sent: 1, opened: 0.5, asked: 0.2 });
    const first = (await get(b, '/api/reviews/not-opened')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: 23, hasMore: true });
    expect(first.clients.map((c: { clientId: number }) => c.clientId)).toEqual(ids.slice(0, 20));
    const second = (await get(b, '/api/reviews/not-opened?page=2')).json();
    expect(second).toMatchObject({ page: 2, total: 23, hasMore: false });
    expect(second.clients).toHaveLength(3);
    expect((await get(b, '/api/reviews/not-opened?page=0')).statusCode).toBe(400);

    const [code] = await t.database.query<{ referral_code: string }>('select referral_code from clients where id = $1', [opened.id]);
    const referral = (name: string, hoursAgo: number) =>
      t.database.query(
        `insert into referrals (business_id, referrer_code, referrer_client_id, referee_name, created_at) values ($1, $2, $3, $4, now() - make_interval(hours => $5))`,
        [b.id, code.referral_code, opened.id, name, hoursAgo],
      );
    await referral('Before Ask', 12); // made before the ask (0.2 days = 4.8 h ago): not counted
    await referral('After Ask', 1);
    expect((await get(b, '/api/reviews/insights')).json().referralsAfterReviewAsk).toBe(1);
  });
});
