import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { createBusiness, type TestBusiness, approveRegistration } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { addClient, count, postSigned, textFrom } from './test-helpers.test-util';
import { signedIn } from '../../../testing/requests';

// business_numbers, the number → business table inbound texts are routed by (docs/sms.md "Who owns a number"):
// kept by the purchase and the account deletion in their own transactions, one owner per number.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TAKEN = 'This number is no longer available. Please search again and choose another.';
const CLIENT = '+14155550101';
const buy = (b: TestBusiness, phoneNumber: string) =>
  signedIn(t.app, b.cookie).post('/api/sms/purchase-number', { phoneNumber });
const ownerOf = async (number: string) =>
  (await t.database.query<{ business_id: number }>('select business_id from business_numbers where number = $1', [number])).map((r) => Number(r.business_id));
const textTo = (number: string, body: string) => postSigned(t.app, '/api/sms/inbound', textFrom(CLIENT, number, body));

/**
 * The numbers the purchase writes on the business (selected_phone_number, twilio_numbers, outreach_settings.twilio_phone)
 * that business_numbers does not give to that business, and the rows of business_numbers no business column names.
 */
async function outOfStep(database: Database): Promise<string[]> {
  const rows = await database.query<{ entry: string }>(`
    with legacy as (
      select id as business_id, selected_phone_number as number from businesses where selected_phone_number is not null
      union select b.id, n from businesses b, jsonb_array_elements_text(coalesce(b.twilio_numbers, '[]'::jsonb)) n
      union select business_id, twilio_phone from outreach_settings where twilio_phone is not null)
    select 'missing ' || l.number || ' of ' || l.business_id as entry from legacy l
      where not exists (select 1 from business_numbers n where n.number = l.number and n.business_id = l.business_id)
    union all
    select 'extra ' || n.number || ' of ' || n.business_id from business_numbers n
      where not exists (select 1 from legacy l where l.number = n.number and l.business_id = n.business_id)`);
  return rows.map((r) => r.entry);
}

describe('business_numbers', () => {
  it('a purchase writes the row with the business columns; a text to the number is stored for that business', async () => {
    const biz = await createBusiness(t.database, { name: 'Bought Cleaning' });
    const res = await buy(biz, '+15125550110');
    expect(res.statusCode).toBe(200);
    expect(await ownerOf('+15125550110')).toEqual([biz.id]);
    expect(await outOfStep(t.database)).toEqual([]);

    const clientId = await addClient(t.app, biz, 'Ana Routed', CLIENT);
    const text = await textTo('+15125550110', 'Thursday works');
    expect(text.statusCode).toBe(200);
    expect(await count(t.database, 'sms_messages', "business_id = $1 and direction = 'inbound' and client_id = $2", [biz.id, clientId])).toBe(1);
  });

  it('two businesses buying one number at once: one owns it, the other is told it is taken and nothing of it is written', async () => {
    const [a, b] = [await createBusiness(t.database), await createBusiness(t.database)];
    const results = await Promise.all([buy(a, '+15125550111'), buy(b, '+15125550111')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results[0].statusCode === 409 ? a : b;
    const winner = loser === a ? b : a;
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({ message: TAKEN });
    expect(await ownerOf('+15125550111')).toEqual([winner.id]);
    const [row] = await t.database.query<{ selected_phone_number: string | null }>('select selected_phone_number from businesses where id = $1', [loser.id]);
    expect(row.selected_phone_number).toBeNull();
    expect(await outOfStep(t.database)).toEqual([]);
    // Later, the same: refused before anything is bought.
    const c = await createBusiness(t.database);
    expect((await buy(c, '+15125550111')).json()).toEqual({ message: TAKEN });
    expect(await ownerOf('+15125550111')).toEqual([winner.id]);
  });

  it('a number another business was given outside the purchase (any of its number columns) is taken too', async () => {
    const holder = await createBusiness(t.database, { twilioNumbers: ['+15125550112'] });
    const other = await createBusiness(t.database);
    const res = await buy(other, '+15125550112');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: TAKEN });
    expect(await ownerOf('+15125550112')).toEqual([holder.id]);
  });

  it("account deletion removes the business's rows: its number routes nowhere, and can be bought again", async () => {
    const doomed = await createBusiness(t.database);
    expect((await buy(doomed, '+15125550113')).statusCode).toBe(200);
    expect((await signedIn(t.app, doomed.cookie).delete('/api/business/account')).statusCode).toBe(200);
    expect(await ownerOf('+15125550113')).toEqual([]);
    expect(await outOfStep(t.database)).toEqual([]);
    const before = await count(t.database, 'sms_messages');
    expect((await textTo('+15125550113', 'hello?')).statusCode).toBe(200);
    expect(await count(t.database, 'sms_messages')).toBe(before);

    const next = await createBusiness(t.database);
    expect((await buy(next, '+15125550113')).statusCode).toBe(200);
    expect(await ownerOf('+15125550113')).toEqual([next.id]);
  });

  it("an inbound HELP is answered from the owner's number; that answer's status callback moves it forward", async () => {
    const biz = await createBusiness(t.database, { name: 'Helpful Pools' });
    expect((await buy(biz, '+15125550114')).statusCode).toBe(200);
    await approveRegistration(t.database, biz.id);
    expect((await textTo('+15125550114', 'HELP')).statusCode).toBe(200);
    const [answer] = await t.database.query<{ twilio_sid: string; from_number: string }>(
      "select twilio_sid, from_number from sms_messages where business_id = $1 and direction = 'outbound' and message_type = 'help_reply'",
      [biz.id],
    );
    expect(answer.from_number).toBe('+15125550114');
    expect((await postSigned(t.app, '/api/sms/status', { MessageSid: answer.twilio_sid, MessageStatus: 'delivered', AccountSid: 'ACtest' })).statusCode).toBe(200);
    const [m] = await t.database.query<{ status: string }>('select status from sms_messages where twilio_sid = $1', [answer.twilio_sid]);
    expect(m.status).toBe('delivered');
  });
});

describe('the backfill of migration 0049', () => {
  const backfill = readFileSync(new URL('../../../../../drizzle/0049_business_numbers.sql', import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .find((s) => s.includes('INSERT INTO "business_numbers"'))!;

  it('gives each number its one owner from the three columns; a number two businesses claim stays out', async () => {
    const a = await createBusiness(t.database);
    const b = await createBusiness(t.database);
    const c = await createBusiness(t.database);
    await t.database.query("update businesses set selected_phone_number = '+15125550120', twilio_numbers = '[\"+15125550120\", \"+15125550121\"]' where id = $1", [a.id]);
    await t.database.query("update outreach_settings set twilio_phone = '+15125550122' where business_id = $1", [b.id]);
    await t.database.query("update businesses set selected_phone_number = '+15125550121' where id = $1", [c.id]); // disputed with a
    await t.database.query('delete from business_numbers');
    await t.database.query(backfill);
    const rows = await t.database.query<{ number: string; business_id: number }>(
      'select number, business_id from business_numbers where business_id = any($1) order by number',
      [[a.id, b.id, c.id]],
    );
    expect(rows.map((r) => [r.number, Number(r.business_id)])).toEqual([
      ['+15125550120', a.id],
      ['+15125550122', b.id],
    ]);
    expect(await ownerOf('+15125550121')).toEqual([]);
  });
});
