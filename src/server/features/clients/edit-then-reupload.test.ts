import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBefore, todayIn } from '../../testing/dates';
import { createBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn, upload as uploadFile } from '../../testing/requests';

// A client keeps every e-mail and phone it has been known by for matching (docs/clients-api.md, "Editing a
// client"): the owner edits an e-mail or a phone, the booking tool still has the old one, and uploading the same
// export again adds nothing.

let t: TestApp;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  today = await todayIn(t.database, 'America/New_York');
});
afterAll(() => t.close());

const HEADER = 'Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status,Service Type';

async function setUp() {
  const biz = await createBusiness(t.database);
  const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    signedIn(t.app, biz.cookie).send(method, url, payload as any);
  const upload = async (csv: string) => {
    const res = await uploadFile(t.app, biz.cookie, 'export.csv', csv);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const clients = () =>
    t.database.query<{ id: number; name: string; bookings: number; spent: string }>(
      `select c.id, c.name, c.total_bookings as bookings, c.total_spent::text as spent from clients c where c.business_id = $1 order by c.id`,
      [biz.id],
    );
  const clientIdBy = async (column: 'email' | 'phone', value: string) =>
    (await t.database.query<{ id: number }>(`select id from clients where business_id = $1 and ${column} = $2`, [biz.id, value]))[0].id;
  const stats = async () => (await req('GET', '/api/dashboard/stats')).json();
  const trend = async () => (await req('GET', '/api/analytics/booking-trends?days=30')).json() as { date: string; count: number }[];
  return { biz, req, upload, clients, clientIdBy, stats, trend };
}

describe('editing a client, then uploading the same export again', () => {
  it("matches the booking tool's old e-mail to the edited client: no new client, no second booking, revenue unchanged", async () => {
    const s = await setUp();
    const day = daysBefore(today, 3);
    const csv = `${HEADER}\nCarla Chen,carla@example.com,(415) 555-0101,${day},$520.00,Completed,Deep Clean\nDan Diaz,dan@example.com,,${day},$100.00,Completed,Regular Clean\n`;
    await s.upload(csv);
    const carla = await s.clientIdBy('email', 'carla@example.com');
    const edited = await s.req('PATCH', `/api/clients/${carla}`, { name: 'Carla Chen-Ruiz', email: 'carla.ruiz@example.com' });
    expect(edited.statusCode, edited.body).toBe(200);
    const before = { clients: await s.clients(), stats: await s.stats(), trend: await s.trend() };
    expect(before.stats.totalRevenue).toBe(620);

    const again = await s.upload(csv);
    expect(again).toMatchObject({ newClients: 0, updatedClients: 2, newBookings: 0, duplicateBookings: 2 });
    expect(await s.clients()).toEqual(before.clients);
    expect((await s.clients()).find((c) => c.id === carla)).toMatchObject({ name: 'Carla Chen-Ruiz', bookings: 1, spent: '520.00' });
    expect((await s.stats()).totalRevenue).toBe(620);
    const trend = await s.trend();
    expect(trend).toEqual(before.trend);
    expect(trend.find((p) => p.date === day)?.count).toBe(2);

    // A new booking under the old address is hers too, and her current address still works.
    // So is a cancelled one (kept for Insights only for clients the business has).
    const later = await s.upload(
      `${HEADER}\nCarla Chen,CARLA@example.com,,${daysBefore(today, 1)},$80.00,Completed,Deep Clean\nCarla Chen,carla@example.com,,${daysBefore(today, 2)},$80.00,Cancelled,Deep Clean\n`,
    );
    expect(later).toMatchObject({ newClients: 0, newBookings: 1 });
    expect((await s.clients()).find((c) => c.id === carla)).toMatchObject({ bookings: 2, spent: '600.00' });
    const cancelled = await t.database.query('select 1 from bookings where client_id = $1 and status = $2', [carla, 'cancelled']);
    expect(cancelled).toHaveLength(1);
  });

  it("matches a phone-only row by the client's old phone after the owner changed it", async () => {
    const s = await setUp();
    const day = daysBefore(today, 4);
    const csv = `${HEADER}\nPhil Phone,,(415) 555-0199,${day},$75.00,Completed,Lawn\n`;
    await s.upload(csv);
    const phil = await s.clientIdBy('phone', '+14155550199');
    expect((await s.req('PATCH', `/api/clients/${phil}`, { phone: '(415) 555-0200' })).statusCode).toBe(200);
    const before = { clients: await s.clients(), stats: await s.stats() };

    const again = await s.upload(csv);
    expect(again).toMatchObject({ newClients: 0, updatedClients: 1, newBookings: 0, duplicateBookings: 1 });
    expect(await s.clients()).toEqual(before.clients);
    expect((await s.stats()).totalRevenue).toBe(75);
  });

  it('lets Add Client and the webhook find the client by an e-mail it was known by', async () => {
    const s = await setUp();
    await s.upload(`${HEADER}\nWendy Web,wendy@example.com,,${daysBefore(today, 6)},$50.00,Completed,Regular Clean\n`);
    const wendy = await s.clientIdBy('email', 'wendy@example.com');
    expect((await s.req('PATCH', `/api/clients/${wendy}`, { email: 'wendy.new@example.com' })).statusCode).toBe(200);

    const added = await s.req('POST', '/api/clients', { name: 'Wendy Web', email: 'Wendy@Example.com', serviceDate: daysBefore(today, 2), amount: 60 });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().client).toMatchObject({ id: wendy, email: 'wendy.new@example.com', totalBookings: 2 });

    const [{ token }] = await t.database.query<{ token: string }>('select webhook_url as token from businesses where id = $1', [s.biz.id]);
    const hook = await t.app.inject({
      method: 'POST',
      url: `/api/webhook/${token}`,
      payload: { client_name: 'Wendy Web', client_email: 'wendy@example.com', appointment_date: daysBefore(today, 1), status: 'Completed', amount_charged: 70 },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json()).toMatchObject({ clientId: wendy, duplicate: false });
    expect((await s.clients()).map((c) => c.id)).toEqual([wendy]);
  });

  it("refuses to give another client an e-mail a client was known by, and lets the client take its own back", async () => {
    const s = await setUp();
    const day = daysBefore(today, 5);
    await s.upload(`${HEADER}\nOlga Old,olga@example.com,,${day},$40.00,Completed,Regular Clean\nPaul Other,paul@example.com,,${day},$40.00,Completed,Regular Clean\n`);
    const olga = await s.clientIdBy('email', 'olga@example.com');
    const paul = await s.clientIdBy('email', 'paul@example.com');
    expect((await s.req('PATCH', `/api/clients/${olga}`, { email: 'olga.new@example.com' })).statusCode).toBe(200);

    const taken = await s.req('PATCH', `/api/clients/${paul}`, { email: 'OLGA@example.com' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Another client already has this email' });
    expect(await s.clientIdBy('email', 'paul@example.com')).toBe(paul);

    expect((await s.req('PATCH', `/api/clients/${olga}`, { email: 'olga@example.com' })).statusCode).toBe(200);
    expect((await s.req('PATCH', `/api/clients/${olga}`, { email: 'olga.third@example.com' })).statusCode).toBe(200);
    expect((await s.upload(`${HEADER}\nOlga Old,olga.new@example.com,,${day},$40.00,Completed,Regular Clean\n`)).newClients).toBe(0);
  });

  it('forgets the addresses of a deleted client: the next upload makes them a client again', async () => {
    const s = await setUp();
    const csv = `${HEADER}\nGone Gina,gina@example.com,,${daysBefore(today, 5)},$40.00,Completed,Regular Clean\n`;
    await s.upload(csv);
    const gina = await s.clientIdBy('email', 'gina@example.com');
    expect((await s.req('PATCH', `/api/clients/${gina}`, { email: 'gina.new@example.com' })).statusCode).toBe(200);
    expect((await s.req('DELETE', `/api/clients/${gina}`)).statusCode).toBe(200);
    expect(await t.database.query('select 1 from client_previous_contacts where client_id = $1', [gina])).toEqual([]);
    expect((await s.upload(csv)).newClients).toBe(1);
  });
});
