import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

// A booking's one foreign key, (client_id, business_id) -> clients (id, business_id) (migration 0059): it holds
// what the two keys it replaced held, and that the booking's business is its client's.
let t: TestApp;
let a: TestBusiness;
beforeAll(async () => {
  t = await createTestApp();
  a = await createBusiness(t.database);
});
afterAll(() => t.close());

const client = async (businessId: number, name: string) => {
  const [row] = await t.database.query<{ id: number }>(`insert into clients (business_id, name, referral_code) values ($1, $2, $3) returning id`, [
    businessId,
    name,
    `KEY-${name.toUpperCase()}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
  ]);
  return row.id;
};
const book = (businessId: number, clientId: number, date = '2026-01-05') =>
  t.database.query(`insert into bookings (business_id, client_id, service_date, status, amount_charged) values ($1, $2, $3, 'completed', 40)`, [
    businessId,
    clientId,
    date,
  ]);
const bookingsOf = async (clientId: number) =>
  (await t.database.query<{ n: number }>(`select count(*)::int as n from bookings where client_id = $1`, [clientId]))[0].n;

describe('the bookings foreign key', () => {
  it("refuses a booking filed under another business than its client's", async () => {
    const b = await createBusiness(t.database);
    const ofA = await client(a.id, 'Ada');
    await expect(book(b.id, ofA)).rejects.toThrow(/foreign key/);
    await book(a.id, ofA);
    expect(await bookingsOf(ofA)).toBe(1);
  });

  it('refuses a booking of a client or a business that does not exist', async () => {
    await expect(book(a.id, 2_000_000_000)).rejects.toThrow(/foreign key/);
    const ofA = await client(a.id, 'Bo');
    await expect(book(2_000_000_000, ofA)).rejects.toThrow(/foreign key/);
  });

  it("deletes a client's bookings with the client, and a business's bookings with the business", async () => {
    const kept = await client(a.id, 'Cy');
    const gone = await client(a.id, 'Di');
    await book(a.id, kept);
    await book(a.id, gone);
    await t.database.query(`delete from clients where id = $1`, [gone]);
    expect(await bookingsOf(gone)).toBe(0);
    expect(await bookingsOf(kept)).toBe(1);

    const other = await createBusiness(t.database);
    const ofOther = await client(other.id, 'Ed');
    await book(other.id, ofOther);
    await t.database.query(`delete from businesses where id = $1`, [other.id]);
    expect((await t.database.query<{ n: number }>(`select count(*)::int as n from bookings where business_id = $1`, [other.id]))[0].n).toBe(0);
    expect(await bookingsOf(kept)).toBe(1);
  });
});
