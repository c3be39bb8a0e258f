import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import * as s from '../../db/schema';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import * as texts from '../../../shared/schemas/referrals-public-texts';
import { CLAIMS_PER_IP, FLAG_AFTER_PER_IP } from './limits';
import { signedIn } from '../../testing/requests';

// POST /api/public/referral: docs/referrals.md "Public claim".

let t: TestApp;
let a: TestBusiness;
let b: TestBusiness;
let alice: { id: number; referralCode: string };
let bruno: { id: number; referralCode: string };
let otherCode: string;

let ipSeq = 0;
/** Each test claims from its own address, so the per-address limits of one test do not reach another. */
const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const addClient = async (biz: TestBusiness, name: string, email: string, phone?: string) => {
  const res = await signedIn(t.app, biz.cookie).post('/api/clients', { name, email, phone, serviceDate: '2025-03-01', amount: 100 });
  expect(res.statusCode).toBeLessThan(300);
  return res.json().client as { id: number; referralCode: string };
};

const claim = (body: Record<string, unknown>, ip = freshIp(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/public/referral', payload: body, remoteAddress: ip, headers });

const friend = (n: string, extra: Record<string, unknown> = {}) => ({
  referralCode: alice.referralCode,
  name: `Friend ${n}`,
  email: `friend.${n}@example.com`,
  phone: `(415) 555-0${n.padStart(3, '0').slice(-3)}`,
  businessId: a.id,
  ...extra,
});

const counts = async (businessId: number) => {
  const [row] = rowsOf<{ referrals: number; leads: number; activities: number }>(
    await t.database.db.execute(sql`select
      (select count(*)::int from referrals where business_id = ${businessId}) as referrals,
      (select count(*)::int from leads where business_id = ${businessId}) as leads,
      (select count(*)::int from activity_logs where business_id = ${businessId} and type = 'referral_claimed') as activities`),
  );
  return row;
};

beforeAll(async () => {
  t = await createTestApp();
  a = await createBusiness(t.database, { name: 'Sparkle Cleaning' });
  b = await createBusiness(t.database, { name: 'Other Cleaning' });
  alice = await addClient(a, 'Alice Mendez', 'alice@example.com', '4155550101');
  bruno = await addClient(a, 'Bruno Diaz', 'bruno@example.com', '4155550102');
  otherCode = (await addClient(b, 'Olga Other', 'olga@example.com')).referralCode;
});
afterAll(() => t.close());

describe('a claim', () => {
  it('creates a pending referral, a referral lead and an activity line for the owner, in the code’s business', async () => {
    const before = await counts(a.id);
    // A session of another business changes nothing: the code names the business.
    const res = await claim(friend('201', { email: '  Friend.201@Example.com ', name: '  Friend   201 ' }), freshIp(), { cookie: b.cookie });
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(reply).toEqual({ status: 'created', referralId: expect.any(Number), businessName: 'Sparkle Cleaning', referralDiscount: '$25' });

    const [referral] = await t.database.db.select().from(s.referrals).where(eq(s.referrals.id, reply.referralId));
    expect(referral).toMatchObject({
      businessId: a.id,
      referrerCode: alice.referralCode,
      referrerClientId: alice.id,
      refereeName: 'Friend 201',
      refereeEmail: 'Friend.201@Example.com',
      refereePhone: '+14155550201',
      converted: false,
      convertedAt: null,
      flagged: false,
      flagReason: null,
    });
    const [lead] = await t.database.db.select().from(s.leads).where(eq(s.leads.email, 'Friend.201@Example.com'));
    expect(lead).toMatchObject({ businessId: a.id, name: 'Friend 201', phone: '+14155550201', source: 'referral', referrerCode: alice.referralCode, referrerName: 'Alice Mendez', status: 'new', notes: null });
    const [activity] = await t.database.db.select().from(s.activityLogs).where(sql`${s.activityLogs.businessId} = ${a.id} and ${s.activityLogs.type} = 'referral_claimed'`).orderBy(sql`id desc`).limit(1);
    expect(activity.description).toBe("Friend 201 claimed Alice Mendez's referral reward");
    expect(activity.metadata).toMatchObject({ referral_id: reply.referralId, lead_id: lead.id, client_id: alice.id, client_name: 'Alice Mendez', flagged: false });
    expect(await counts(a.id)).toEqual({ referrals: before.referrals + 1, leads: before.leads + 1, activities: before.activities + 1 });
    expect(await counts(b.id)).toEqual({ referrals: 0, leads: 0, activities: 0 });
  });

  it('answers the business’s own reward', async () => {
    await t.database.db.update(s.outreachSettings).set({ referralDiscount: '15% off' }).where(eq(s.outreachSettings.businessId, a.id));
    const res = await claim(friend('202'));
    await t.database.db.update(s.outreachSettings).set({ referralDiscount: '$25' }).where(eq(s.outreachSettings.businessId, a.id));
    expect(res.json()).toMatchObject({ status: 'created', referralDiscount: '15% off' });
  });

  it('takes the code in any case, and a business id sent as digits', async () => {
    const res = await claim(friend('203', { referralCode: ` ${alice.referralCode.toLowerCase()} `, businessId: String(a.id) }));
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('created');
  });
});

describe('refused, and nothing written', () => {
  const refused = async (body: Record<string, unknown>, status: number, message: string) => {
    const before = await counts(a.id);
    const res = await claim(body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ message });
    expect(await counts(a.id)).toEqual(before);
  };

  it.each(['name', 'email', 'phone'])('without %s: the spec’s message', async (key) => {
    await refused({ ...friend('210'), [key]: '   ' }, 400, texts.FILL_ALL_FIELDS);
    const body: Record<string, unknown> = friend('210');
    delete body[key];
    await refused(body, 400, texts.FILL_ALL_FIELDS);
  });

  it('an e-mail or phone that is not one', async () => {
    await refused(friend('211', { email: 'not-an-email' }), 400, texts.INVALID_CLAIM_EMAIL);
    await refused(friend('211', { phone: '12345' }), 400, texts.INVALID_CLAIM_PHONE);
    await refused(friend('211', { phone: 'call me' }), 400, texts.INVALID_CLAIM_PHONE);
  });

  it('an unknown or missing code: 404 with the spec’s message', async () => {
    await refused(friend('212', { referralCode: 'NOBODY-ZZZZZ' }), 404, texts.INVALID_REFERRAL_LINK);
    await refused(friend('212', { referralCode: '' }), 400, texts.INVALID_REFERRAL_LINK);
  });

  it('a business id that is not the code’s (another business’s, or none that exists)', async () => {
    await refused(friend('213', { businessId: b.id }), 400, texts.WRONG_BUSINESS);
    await refused(friend('213', { businessId: 999_999 }), 400, texts.WRONG_BUSINESS);
    await refused(friend('213', { referralCode: otherCode }), 400, texts.WRONG_BUSINESS);
    await refused(friend('213', { businessId: 'abc' }), 400, texts.WRONG_BUSINESS);
    expect(await counts(b.id)).toEqual({ referrals: 0, leads: 0, activities: 0 });
  });

  it('the referrer’s own e-mail (any case) or phone (any format)', async () => {
    await refused(friend('214', { email: 'ALICE@example.com' }), 400, texts.OWN_REFERRAL);
    await refused(friend('214', { phone: '+1 415-555-0101' }), 400, texts.OWN_REFERRAL);
  });

  it('a copy of the referrer’s own e-mail with a +tag, or with dots for a Gmail address', async () => {
    await refused(friend('218', { email: 'Alice+fr@example.com' }), 400, texts.OWN_REFERRAL);
    const gina = await addClient(a, 'Gina Gmail', 'gina.marie@gmail.com', '4155550103');
    await refused(friend('218', { referralCode: gina.referralCode, email: 'GinaMarie+2@googlemail.com' }), 400, texts.OWN_REFERRAL);
    await refused(friend('218', { referralCode: gina.referralCode, email: 'g.i.n.a.m.a.r.i.e@gmail.com' }), 400, texts.OWN_REFERRAL);
    // Dots count outside Gmail: another inbox, a claim like any other.
    expect((await claim(friend('218', { email: 'a.lice@example.com' }))).statusCode).toBe(200);
  });

  it('a friend who is already a client, by e-mail or phone', async () => {
    await refused(friend('215', { email: 'Bruno@Example.com' }), 409, texts.alreadyClient('Sparkle Cleaning'));
    await refused(friend('215', { phone: '415.555.0102' }), 409, texts.alreadyClient('Sparkle Cleaning'));
  });

  it('a +tag copy of a client’s e-mail is already a client', async () => {
    await refused(friend('223', { email: 'bruno+new@example.com' }), 409, texts.alreadyClient('Sparkle Cleaning'));
  });

  it('hostile input', async () => {
    await refused(friend('216', { name: 'x'.repeat(201) }), 400, 'Please keep it under 200 characters');
    await refused(friend('216', { name: 'a\u0000b' }), 400, 'The request contains a character that is not allowed.');
    await refused(friend('216', { name: ['Friend'] }), 400, texts.FILL_ALL_FIELDS);
    await refused(friend('216', { businessId: -1 }), 400, texts.WRONG_BUSINESS);
    await refused(friend('216', { businessId: 2_147_483_648 }), 400, texts.WRONG_BUSINESS);
    const before = await counts(a.id);
    const html = await claim(friend('216', { name: '<script>alert(1)</script>' }));
    expect(html.statusCode).toBe(200); // stored as text; every screen renders it as text
    expect(await counts(a.id)).toEqual({ ...before, referrals: before.referrals + 1, leads: before.leads + 1, activities: before.activities + 1 });
  });

  it('a claim posted from another site', async () => {
    const before = await counts(a.id);
    const res = await claim(friend('217'), freshIp(), { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(await counts(a.id)).toEqual(before);
  });
});

describe('the same friend twice is one referral', () => {
  it('again through the same link (e-mail in another case): the same referral, nothing new', async () => {
    const first = (await claim(friend('220'))).json();
    const before = await counts(a.id);
    const again = await claim(friend('220', { email: 'FRIEND.220@EXAMPLE.COM', phone: '' + '4155550999' }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first, status: 'existing' });
    expect(await counts(a.id)).toEqual(before);
  });

  it('through another client’s link with a +tag copy of the e-mail: refused, the first referrer keeps the credit', async () => {
    await claim(friend('282', { email: 'friend.282@gmail.com' }));
    const before = await counts(a.id);
    const res = await claim(friend('282', { referralCode: bruno.referralCode, email: 'Friend282+again@gmail.com', phone: '+14155550983' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: texts.alreadyReferred('Sparkle Cleaning') });
    expect(await counts(a.id)).toEqual(before);
  });

  it('through another client’s link (same phone): refused, the first referrer keeps the credit', async () => {
    const first = (await claim(friend('221'))).json();
    const before = await counts(a.id);
    const res = await claim(friend('221', { referralCode: bruno.referralCode, email: 'someone.else@example.com', phone: '+14155550221' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: texts.alreadyReferred('Sparkle Cleaning') });
    expect(await counts(a.id)).toEqual(before);
    const [row] = await t.database.db.select().from(s.referrals).where(eq(s.referrals.id, first.referralId));
    expect(row.referrerCode).toBe(alice.referralCode);
  });

  it('two claims at once still make one', async () => {
    const before = await counts(a.id);
    const answers = await Promise.all([claim(friend('222')), claim(friend('222')), claim(friend('222'))]);
    expect(answers.map((r) => r.json().status).sort()).toEqual(['created', 'existing', 'existing']);
    expect(await counts(a.id)).toEqual({ referrals: before.referrals + 1, leads: before.leads + 1, activities: before.activities + 1 });
  });
});

describe('per-address limits', () => {
  it(`more than ${FLAG_AFTER_PER_IP.limit} claims from one address in a day are saved, flagged for review`, async () => {
    const ip = freshIp();
    const ids: number[] = [];
    for (const n of ['231', '232', '233', '234', '235']) {
      const res = await claim(friend(n), ip);
      expect(res.statusCode).toBe(200);
      ids.push(res.json().referralId);
    }
    const rows = await t.database.db.select({ id: s.referrals.id, flagged: s.referrals.flagged, flagReason: s.referrals.flagReason }).from(s.referrals).where(sql`${s.referrals.id} in ${ids}`).orderBy(s.referrals.id);
    expect(rows.map((r) => r.flagged)).toEqual([false, false, false, true, true]);
    expect(rows[3].flagReason).toBe('4th claim from the same internet address within 24 hours');
    expect(rows[4].flagReason).toBe('5th claim from the same internet address within 24 hours');
    const [lead] = await t.database.db.select().from(s.leads).where(eq(s.leads.email, 'friend.234@example.com'));
    expect(lead.notes).toBe('Flagged for review: 4th claim from the same internet address within 24 hours');
    const [activity] = await t.database.db.select().from(s.activityLogs).where(sql`(${s.activityLogs.metadata}->>'referral_id')::int = ${ids[3]}`);
    expect(activity.description).toBe("Friend 234 claimed Alice Mendez's referral reward (flagged for review: 4th claim from the same internet address within 24 hours)");
    expect(activity.metadata).toMatchObject({ flagged: true, flag_reason: '4th claim from the same internet address within 24 hours' });
    // Another address is not flagged, nor the same address claiming for another business.
    const other = await claim(friend('236'));
    const [row] = await t.database.db.select().from(s.referrals).where(eq(s.referrals.id, other.json().referralId));
    expect(row.flagged).toBe(false);
    const elsewhere = await claim(friend('237', { referralCode: otherCode, businessId: b.id }), ip);
    expect(elsewhere.statusCode).toBe(200);
    const [otherRow] = await t.database.db.select().from(s.referrals).where(eq(s.referrals.id, elsewhere.json().referralId));
    expect(otherRow.flagged).toBe(false);
    await t.database.db.delete(s.leads).where(eq(s.leads.businessId, b.id));
    await t.database.db.delete(s.activityLogs).where(eq(s.activityLogs.businessId, b.id));
    await t.database.db.delete(s.referrals).where(eq(s.referrals.businessId, b.id));
  });

  it('a refused claim and a repeated one are not counted towards the flag', async () => {
    const ip = freshIp();
    await claim(friend('240'), ip);
    await claim(friend('240'), ip); // existing
    await claim(friend('241', { email: 'bruno@example.com' }), ip); // a client
    await claim(friend('242'), ip);
    const res = await claim(friend('243'), ip);
    const [row] = await t.database.db.select().from(s.referrals).where(eq(s.referrals.id, res.json().referralId));
    expect(row.flagged).toBe(false);
  });

  it(`past ${CLAIMS_PER_IP.limit} attempts an hour from one address: 429, nothing written; other addresses go on`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CLAIMS_PER_IP.limit; i += 1) {
      const res = await claim(friend('250', { referralCode: 'NOBODY-ZZZZZ' }), ip);
      expect(res.statusCode).toBe(404);
    }
    const before = await counts(a.id);
    const res = await claim(friend('251'), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Too many referral claims from your network. Please try again in 60 minutes.' });
    expect(await counts(a.id)).toEqual(before);
    expect((await claim(friend('251'))).statusCode).toBe(200);
  });
});

describe('nothing half-saved', () => {
  it('a failure after the referral was written leaves no referral, lead or activity', async () => {
    await t.database.query(`create function test_fail_lead() returns trigger language plpgsql as $$ begin raise exception 'lead insert failed'; end $$`);
    await t.database.query('create trigger test_fail_lead before insert on leads for each row execute function test_fail_lead()');
    const before = await counts(a.id);
    try {
      const res = await claim(friend('260'));
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.query('drop trigger test_fail_lead on leads');
      await t.database.query('drop function test_fail_lead()');
    }
    expect(await counts(a.id)).toEqual(before);
    expect((await claim(friend('260'))).json().status).toBe('created');
  });
});
