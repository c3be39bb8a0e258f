import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBefore, todayIn } from '../../testing/dates';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';

// PATCH /api/clients/:id: Edit on the client view (docs/clients-api.md "Editing a client").

let t: TestApp;
let biz: TestBusiness;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
  today = await todayIn(t.database, 'America/New_York');
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, cookie = biz.cookie) =>
  signedIn(t.app, cookie).send(method, url, payload as any);
const addClient = async (name: string, email: string, extra: Record<string, unknown> = {}, cookie = biz.cookie) =>
  (await req('POST', '/api/clients', { name, email, serviceDate: daysBefore(today, 5), amount: 80, ...extra }, cookie)).json().client;
const edit = (id: number, body: unknown, cookie = biz.cookie) => req('PATCH', `/api/clients/${id}`, body, cookie);
const row = async (id: number) =>
  (await t.database.query<{ name: string; email: string | null; phone: string | null; notes: string | null }>('select name, email, phone, notes from clients where id = $1', [id]))[0];

describe('PATCH /api/clients/:id', () => {
  it('changes name, e-mail, phone and notes, and answers the detail view', async () => {
    const c = await addClient('Edna Edit', 'edna@example.com');
    const res = await edit(c.id, { name: '  Edna   Edited ', email: ' Edna.New@Example.com ', phone: '(415) 555-2671', notes: ' Side door, dog named Rex ' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.client).toMatchObject({ id: c.id, name: 'Edna Edited', email: 'Edna.New@Example.com', phone: '+14155552671', totalBookings: 1, referralCode: c.referralCode });
    expect(body.notes).toBe('Side door, dog named Rex');
    expect(body.bookings).toHaveLength(1);
    expect(await row(c.id)).toEqual({ name: 'Edna Edited', email: 'Edna.New@Example.com', phone: '+14155552671', notes: 'Side door, dog named Rex' });
    expect((await req('GET', `/api/clients/${c.id}`)).json().notes).toBe('Side door, dog named Rex');
  });

  it('changes only the fields sent, and clears e-mail, phone or notes with an empty value', async () => {
    const c = await addClient('Partial Pat', 'pat@example.com', { phone: '4155550100' });
    await edit(c.id, { notes: 'Prefers mornings' });
    expect(await row(c.id)).toEqual({ name: 'Partial Pat', email: 'pat@example.com', phone: '+14155550100', notes: 'Prefers mornings' });
    const cleared = await edit(c.id, { email: '', notes: null });
    expect(cleared.statusCode).toBe(200);
    expect(await row(c.id)).toEqual({ name: 'Partial Pat', email: null, phone: '+14155550100', notes: null });
    // A phone added here is what a thank-you text needs.
    expect((await edit(c.id, {})).statusCode).toBe(200);
  });

  it('lets a client without a phone get one, so texts can reach them', async () => {
    const c = await addClient('No Phone Nia', 'nia@example.com');
    expect(c.phone).toBeNull();
    const res = await edit(c.id, { phone: '512-555-0123' });
    expect(res.json().client.phone).toBe('+15125550123');
  });

  it('refuses an e-mail another client of the business has (any case), and writes nothing', async () => {
    await addClient('Taken Tom', 'tom@example.com');
    const c = await addClient('Other Olga', 'olga@example.com');
    const res = await edit(c.id, { name: 'Olga Renamed', email: 'TOM@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Another client already has this email' });
    expect(await row(c.id)).toMatchObject({ name: 'Other Olga', email: 'olga@example.com' });
    // Its own e-mail in another case is no conflict.
    expect((await edit(c.id, { email: 'OLGA@example.com' })).statusCode).toBe(200);
  });

  it("allows an e-mail that only another business's client has", async () => {
    const other = await createBusiness(t.database);
    await addClient('Theirs', 'shared@example.com', {}, other.cookie);
    const c = await addClient('Mine', 'mine@example.com');
    expect((await edit(c.id, { email: 'shared@example.com' })).statusCode).toBe(200);
  });

  it('keeps an e-mail or a phone on every client', async () => {
    const c = await addClient('Contact Cora', 'cora@example.com');
    const res = await edit(c.id, { email: null, phone: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please keep an email or a phone number' });
    expect(await row(c.id)).toMatchObject({ email: 'cora@example.com' });
  });

  it.each([
    [{ name: '' }, 'Please enter a name'],
    [{ name: '   ' }, 'Please enter a name'],
    [{ name: 42 }, 'Please enter a name'],
    [{ name: 'x'.repeat(201) }, 'Name is too long'],
    [{ email: 'not-an-email' }, 'Please enter a valid email'],
    [{ email: 7 }, 'Please enter a valid email'],
    [{ phone: '12' }, 'Please enter a valid phone number'],
    [{ phone: ['4155550100'] }, 'Please enter a valid phone number'],
    [{ notes: 'n'.repeat(2001) }, 'Notes must be text of at most 2000 characters'],
    [{ totalBookings: 99 }, 'Only name, email, phone and notes can be changed'],
    [[1, 2], 'Please send the fields to change as JSON'],
  ])('refuses %j with its message and writes nothing', async (body, message) => {
    const c = await addClient('Strict Sam', `sam-${Math.random().toString(36).slice(2, 7)}@example.com`);
    const before = await row(c.id);
    const res = await edit(c.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await row(c.id)).toEqual(before);
  });

  it.each(['0', 'abc', '2147483648', '99999'])('answers 404 for the id %s', async (id) => {
    const res = await req('PATCH', `/api/clients/${id}`, { name: 'Nobody' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Client not found' });
  });

  it("answers 404 for another business's client and leaves it as it was", async () => {
    const other = await createBusiness(t.database);
    const theirs = await addClient('Not Yours', 'notyours@example.com', {}, other.cookie);
    const res = await edit(theirs.id, { name: 'Hijacked' });
    expect(res.statusCode).toBe(404);
    expect(await row(theirs.id)).toMatchObject({ name: 'Not Yours' });
  });

  it('renames the client everywhere the name is shown (the list and search follow)', async () => {
    const c = await addClient('Old Name Olly', 'olly@example.com');
    await edit(c.id, { name: 'Brand New Olly' });
    const page = (await req('GET', '/api/clients?page=1&search=brand%20new')).json();
    expect(page.clients.map((x: { id: number }) => x.id)).toEqual([c.id]);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/clients/1', payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
  });
});
