import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';

// A rare two-character lead search (docs/leads.md, "List, search and filters"): none of the newest leads holds it, so
// its matches are gathered through the trigram index by the term's neighbours, and leads_business_non_ascii_idx for
// those beside non-ASCII characters, and it answers what reading every lead answers: the term at the start, at the
// end, beside the line breaks, between non-ASCII letters.

let t: TestApp;
let biz: TestBusiness;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
  // more leads than the newest-first walk reads before it stops for a term none of them holds (500), none holding it
  await t.database.query(
    `insert into leads (business_id, name, email, source, status, created_at)
     select $1::int, 'Filler ' || g, 'f' || g || '@ex.com', 'manual', 'new', timestamptz '2026-01-01' + g * interval '1 minute'
     from generate_series(1, 600) g`,
    [biz.id],
  );
  const odd: [string, string | null, string | null][] = [
    ['Q5 Start', 'a@ex.com', null], // at the very start
    ['Ends', 'ends@ex.q5', null], // at the end of the e-mail
    ['After Break', 'q5@ex.com', null], // right after a line break
    ['No Mail Xq5', null, null], // before a line break
    ['Zoëq5é', 'z@ex.com', null], // between two non-ASCII letters
    ['🙂q5🙂', 'e@ex.com', null], // between two emoji
    ['Referred', 'r@ex.com', 'Ünq5'], // in the referrer's name, after a non-ASCII letter, at the very end
    ['Q 5 Apart', 'q-5@ex.com', null], // not a match
  ];
  for (const [i, [name, email, referrer]] of odd.entries()) {
    await t.database.query(
      `insert into leads (business_id, name, email, referrer_name, source, status, created_at) values ($1, $2, $3, $4, 'manual', 'new', $5)`,
      [biz.id, name, email, referrer, new Date(Date.UTC(2025, 0, 1 + i))],
    );
  }
  const other = await createBusiness(t.database);
  await t.database.query(`insert into leads (business_id, name, email, source, status) values ($1, 'Q5 Other', 'q5@ex.com', 'manual', 'new')`, [other.id]);
});
afterAll(() => t.close());

const matches = async (term: string) =>
  (await t.database.query<{ id: number }>(
    `select id from leads where business_id = $1 and strpos(search_text, $2) > 0 order by created_at desc, id desc`,
    [biz.id, term],
  )).map((r) => Number(r.id));

describe('two-character lead searches', () => {
  it('find every match wherever it stands, and count them exactly', async () => {
    const all = await matches('q5');
    expect(all).toHaveLength(7);
    for (const term of ['Q5', 'q5', 'zo', 'ün', '5é', 'q-', 'zz']) {
      const res = await signedIn(t.app, biz.cookie).get(`/api/leads?search=${encodeURIComponent(term)}&pageSize=100`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const expected = await matches(term.toLowerCase());
      expect(body.leads.map((l: { id: number }) => l.id), term).toEqual(expected);
      expect(body.total, term).toBe(expected.length);
    }
  });
});
