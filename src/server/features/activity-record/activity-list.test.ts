import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createPerson } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';
import { ACTIVITY_MESSAGES } from '../../../shared/schemas/activity-record';

// The owners' list of the activity record (docs/accounts.md, "What the record keeps"): newest first, 25 a page,
// filtered by person and kind; bad filters answer 400 with a sentence; managers and staff are refused.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/team/activity', () => {
  it('pages newest first and filters by person and kind', async () => {
    const b = await createBusiness(t.database, { name: 'Record Co' });
    const maria = await createPerson(t.database, b.id, 'manager', { name: 'Maria' });
    await t.database.query(
      `insert into activity_records (business_id, person_id, person_name, kind, summary, created_at)
       select $1, case when i % 3 = 0 then $2::int else $3::int end, case when i % 3 = 0 then 'Maria' else 'Owner' end,
         case when i % 2 = 0 then 'text_sent' else 'export' end, 'entry ' || i, now() - i * interval '1 minute'
       from generate_series(1, 30) i`,
      [b.id, maria.id, b.ownerId],
    );
    const get = (query: string) => signedIn(t.app, b.cookie).get(`/api/team/activity${query}`);
    const first = (await get('')).json();
    expect(first.entries.map((e: { summary: string }) => e.summary).slice(0, 3)).toEqual(['entry 1', 'entry 2', 'entry 3']);
    expect(first).toMatchObject({ page: 1, pageSize: 25, hasMore: true });
    expect(first.entries).toHaveLength(25);
    const second = (await get('?page=2')).json();
    expect(second.entries.map((e: { summary: string }) => e.summary)).toEqual(['entry 26', 'entry 27', 'entry 28', 'entry 29', 'entry 30']);
    expect(second.hasMore).toBe(false);
    const hers = (await get(`?person=${maria.id}&kind=text_sent`)).json();
    expect(hers.entries.map((e: { summary: string }) => e.summary)).toEqual(['entry 6', 'entry 12', 'entry 18', 'entry 24', 'entry 30']);
    expect(hers.entries.every((e: { personName: string }) => e.personName === 'Maria')).toBe(true);
  });

  it('answers a bad filter with a sentence, and refuses managers and staff', async () => {
    const b = await createBusiness(t.database, { name: 'Filters Co' });
    for (const [query, message] of [
      ['?kind=delete_everything', ACTIVITY_MESSAGES.badKind],
      ['?person=abc', ACTIVITY_MESSAGES.badPerson],
      ['?page=0', ACTIVITY_MESSAGES.badPage],
    ]) {
      const res = await signedIn(t.app, b.cookie).get(`/api/team/activity${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(message);
    }
    for (const role of ['manager', 'staff'] as const) {
      const person = await createPerson(t.database, b.id, role);
      expect((await signedIn(t.app, person.cookie).get('/api/team/activity')).statusCode).toBe(403);
    }
  });
});
