import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { signedIn } from '../testing/requests';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoIfEmpty } from './seed-demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('creates one realistic demo business on an empty database, and only then', async () => {
    expect(await seedDemoIfEmpty(t.database)).toEqual({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(await seedDemoIfEmpty(t.database)).toBeNull();

    const [counts] = await t.database.query<Record<string, number>>(`
      select (select count(*)::int from businesses) as businesses,
             (select count(*)::int from clients) as clients,
             (select count(*)::int from bookings) as bookings,
             (select count(*)::int from referrals) as referrals,
             (select count(*)::int from referrals where converted) as converted,
             (select count(*)::int from leads) as leads,
             (select count(*)::int from sms_messages) as messages,
             (select count(*)::int from sms_messages where direction = 'inbound' and not is_read) as unread,
             (select count(*)::int from clients where loyalty_score >= 7) as loyal,
             (select count(distinct referral_code)::int from clients) as codes,
             (select count(*)::int from clients where created_at > now() - interval '7 days') as new_clients,
             (select count(distinct date_trunc('month', sent_at))::int from review_requests) as review_months,
             (select count(*)::int from review_requests where first_opened_at is not null) as reviews_opened,
             (select count(*)::int from review_requests where reminded_at is not null) as reviews_reminded,
             (select count(*)::int from review_requests where marked_reviewed_at is not null) as reviews_marked,
             (select count(distinct person_id)::int from activity_records) as record_people,
             (select count(distinct sent_by_person_id)::int from sms_messages) as senders`);
    expect(counts.businesses).toBe(1);
    expect(counts.clients).toBeGreaterThan(60);
    expect(counts.codes).toBe(counts.clients);
    expect(counts.bookings).toBeGreaterThan(300);
    expect(counts.referrals).toBeGreaterThan(counts.converted);
    expect(counts.converted).toBeGreaterThan(0);
    expect(counts.leads).toBeGreaterThan(5);
    expect(counts.messages).toBeGreaterThan(20);
    expect(counts.unread).toBeGreaterThan(0);
    expect(counts.loyal).toBeGreaterThan(0);
    expect(counts.new_clients).toBeLessThan(counts.clients / 2);
    // A few months of review history (docs/reviews.md).
    expect(counts.review_months).toBeGreaterThanOrEqual(4);
    expect(counts.reviews_opened).toBeGreaterThan(0);
    expect(counts.reviews_reminded).toBeGreaterThan(0);
    expect(counts.reviews_marked).toBeGreaterThan(0);
    // The team's history: each of the three in the activity record, Maria's and Sam's texts "Sent by" them.
    expect(counts.record_people).toBe(3);
    expect(counts.senders).toBe(2);
  });

  it('signs in with the printed credentials', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().business.name).toBe('Sparkle & Shine Cleaning');
  });

  it('has one count of unread replies: the badge is the conversations’ unread, and Mark as Read there clears it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    const cookie = String(res.headers['set-cookie']).split(';')[0];
    const as = signedIn(t.app, cookie);
    const get = async (url: string) => (await as.get(url)).json();
    const conversations: { unreadCount: number; unreadMessageIds: number[] }[] = (await get('/api/sms/conversations?pageSize=100')).conversations;
    const unread = conversations.reduce((n, c) => n + c.unreadCount, 0);
    expect(unread).toBe(3);
    expect(await get('/api/activities/replies?unread=true')).toEqual({ count: unread });
    expect((await get('/api/activities/replies')).replies).toHaveLength(unread);
    const messageIds = conversations.flatMap((c) => c.unreadMessageIds);
    const marked = await as.post('/api/sms/mark-read', { messageIds });
    expect(marked.json(), marked.body).toEqual({ success: true, updated: unread });
    expect(await get('/api/activities/replies?unread=true')).toEqual({ count: 0 });
    expect((await get('/api/activities/replies')).replies).toEqual([]);
  });
});
