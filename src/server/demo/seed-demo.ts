import { hash } from '@node-rs/argon2';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import {
  people as team,
  activityLogs,
  businesses,
  businessNumbers,
  smsRegistrations,
  clients,
  csvUploadLogs,
  forms,
  leads,
  outreachSettings,
  referralRewards,
  referrals,
  smsLogs,
  smsMessages,
  webhookLogs,
} from '../db/schema';
import { recomputeClientStats } from '../features/clients/service';
import { type BookingRow, recordInTransaction } from '../features/bookings/service';
import { randomToken } from '../platform/tokens';
import { DEMO_FIRST_NAMES, DEMO_LAST_NAMES, DEMO_LEADS, DEMO_REPLIES, DEMO_SERVICES, demoFormFields } from './demo-content';
import { seededRandom } from '../../shared/seeded-random';
import { seedDemoReviews } from './demo-reviews';
import { seedDemoTeamHistory } from './demo-team-history';

export const DEMO_EMAIL = 'demo@referloop.app';
/** The demo's team beside its owner (docs/accounts.md, "People and roles"); each signs in with DEMO_PASSWORD. */
export const DEMO_TEAM = [
  { email: 'maria@referloop.app', name: 'Maria Lopez', role: 'manager' },
  { email: 'sam@referloop.app', name: 'Sam Carter', role: 'staff' },
] as const;
export const DEMO_PASSWORD = 'demo1234';

const DAY = 86400_000;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Creates the demo business when the database has no business at all. Returns its sign-in, or null
 * when there was something already.
 */
export async function seedDemoIfEmpty(database: Database, now = new Date()): Promise<{ email: string; password: string } | null> {
  const [{ count }] = await database.query<{ count: number }>('select count(*)::int as count from businesses');
  if (count > 0) return null;
  const passwordHash = await hash(DEMO_PASSWORD);
  await database.db.transaction(async (tx) => seedDemoBusiness(tx, passwordHash, now));
  return { email: DEMO_EMAIL, password: DEMO_PASSWORD };
}

export async function seedDemoBusiness(tx: Tx, passwordHash: string, now: Date): Promise<number> {
  const rand = seededRandom(20261122).next;
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const daysAgo = (n: number) => new Date(now.getTime() - n * DAY);

  const [business] = await tx
    .insert(businesses)
    .values({
      name: 'Sparkle & Shine Cleaning',
      email: DEMO_EMAIL,
      webhookUrl: randomToken(),
      ownerName: 'Dana Whitfield',
      phone: '+15125550100',
      businessType: 'cleaning',
      websiteUrl: 'https://sparkleandshine.example.com',
      googleReviewLink: 'https://g.page/r/sparkle-and-shine/review',
      selectedPhoneNumber: '+15125550142',
      twilioNumbers: ['+15125550142'],
      preferredAreaCode: '512',
      businessZipCode: '78704',
      forwardingNumber: '+15125550100',
      timeZone: 'America/Chicago',
      createdAt: daysAgo(400),
    })
    .returning({ id: businesses.id });
  const businessId = business.id;
  const [owner, manager, staff] = await tx
    .insert(team)
    .values([
      { businessId, email: DEMO_EMAIL, name: 'Dana Whitfield', role: 'owner', passwordHash, createdAt: daysAgo(400) },
      ...DEMO_TEAM.map((p, i) => ({ businessId, ...p, passwordHash, createdAt: daysAgo(200 - i * 60) })),
    ])
    .returning({ id: team.id, name: team.name });
  await tx.insert(outreachSettings).values({
    businessId,
    twilioPhone: '+15125550142',
    googleReviewLink: 'https://g.page/r/sparkle-and-shine/review',
  });
  await tx.insert(businessNumbers).values({ number: '+15125550142', businessId });
  // The demo business texts at once: registered for A2P as with its own approved messaging service.
  await tx.insert(smsRegistrations).values({ businessId, mode: 'existing', serviceSid: 'MG00000000000000000000000000000142', profileStatus: 'approved', brandStatus: 'approved', campaignStatus: 'approved', submittedAt: now, approvedAt: now });

  // Clients with a rhythm: weekly, bi-weekly, monthly or now and then; some loyal ones have gone quiet.
  const rows: BookingRow[] = [];
  const people: { name: string; email: string; phone: string | null }[] = [];
  for (let i = 0; i < 64; i += 1) {
    const name = `${DEMO_FIRST_NAMES[i % DEMO_FIRST_NAMES.length]} ${DEMO_LAST_NAMES[(i * 7) % DEMO_LAST_NAMES.length]}`;
    const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`;
    const phone = i % 9 === 4 ? null : `+1512555${String(1000 + i * 37).slice(-4)}`;
    people.push({ name, email, phone });
    const rhythm = pick([7, 14, 14, 14, 30, 30, 30, 45, 90]);
    const service = i % 11 === 0 ? DEMO_SERVICES[2] : pick(DEMO_SERVICES.slice(0, 2));
    const quietFor = i % 8 === 3 ? 50 + Math.floor(rand() * 60) : Math.floor(rand() * rhythm);
    const visits = rhythm >= 90 ? 1 + Math.floor(rand() * 3) : 2 + Math.floor(rand() * Math.min(24, 360 / rhythm));
    for (let v = 0; v < visits; v += 1) {
      const jitter = Math.floor(rand() * 3) - 1;
      const ago = quietFor + v * rhythm + jitter;
      if (ago > 395 || ago < 0) continue;
      rows.push({
        name,
        email,
        phone,
        serviceDate: isoDate(daysAgo(ago)),
        serviceType: service.type,
        amount: service.min + Math.round(rand() * (service.max - service.min)),
      });
    }
  }
  const recorded = await recordInTransaction(tx, businessId, { rows, source: 'demo' });
  const clientRows = await tx
    .select({ id: clients.id, name: clients.name, phone: clients.phone, referralCode: clients.referralCode })
    .from(clients)
    .where(eq(clients.businessId, businessId));

  // Referrals: converted ones became clients; pending ones wait for a follow-up.
  const referrers = clientRows.filter((_, i) => i % 4 === 0).slice(0, 12);
  const friendNames = ['Hannah Brooks', 'Marcus Lee', 'Priya Natarajan', 'Tom Becker', 'Ava Romero', 'Jamal Carter', 'Lucy Tran', 'Owen Fischer', 'Sofia Alvarez', 'Ben Okafor', 'Chloe Martin', 'Diego Santos', 'Emma Kowalski', 'Felix Grant', 'Grace Liu', 'Henry Walsh'];
  for (let i = 0; i < friendNames.length; i += 1) {
    const referrer = referrers[i % referrers.length];
    const name = friendNames[i];
    const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`;
    const phone = i % 5 === 4 ? null : `+1512555${String(3000 + i * 53).slice(-4)}`;
    const converted = i < 9;
    const createdAt = daysAgo(converted ? 20 + i * 9 : 1 + i * 2);
    const [referral] = await tx
      .insert(referrals)
      .values({
        businessId,
        referrerCode: referrer.referralCode,
        referrerClientId: referrer.id,
        refereeName: name,
        refereeEmail: email,
        refereePhone: phone,
        converted,
        convertedAt: converted ? new Date(createdAt.getTime() + 5 * DAY) : null,
        createdAt,
      })
      .returning({ id: referrals.id });
    if (!converted) continue;
    const bookings: BookingRow[] = [0, 14, 28].map((offset) => ({
      name,
      email,
      phone,
      serviceDate: isoDate(new Date(createdAt.getTime() + (5 + offset) * DAY)),
      serviceType: 'Regular Clean',
      amount: 140,
    })).filter((b) => b.serviceDate <= isoDate(now));
    const friend = await recordInTransaction(tx, businessId, { rows: bookings, source: 'demo' });
    const friendId = friend.clientIds[0];
    await tx
      .update(clients)
      .set({ isReferredClient: true, referredBy: referrer.referralCode, referralId: referral.id })
      .where(and(eq(clients.businessId, businessId), eq(clients.id, friendId)));
    await tx.update(referrals).set({ convertedClientId: friendId }).where(eq(referrals.id, referral.id));
    await tx.insert(referralRewards).values({
      businessId,
      referralId: referral.id,
      rewardGiven: i % 3 !== 0,
      rewardAmount: '$25',
      markedAt: i % 3 !== 0 ? new Date(createdAt.getTime() + 7 * DAY) : null,
    });
    await tx.insert(activityLogs).values({
      businessId,
      type: 'referral_converted',
      description: `${name} booked after a referral from ${referrer.name}`,
      metadata: { client_id: friendId, client_name: name },
      timestamp: new Date(createdAt.getTime() + 5 * DAY),
    });
  }

  // Texts: thank-yous and referral asks went out; a few clients answered.
  const texted = clientRows.filter((c) => c.phone).slice(0, 24);
  const thankYous: { messageId: number; clientId: number; clientName: string; at: Date }[] = [];
  for (let i = 0; i < texted.length; i += 1) {
    const c = texted[i];
    const first = c.name.split(' ')[0];
    const type = i % 3 === 0 ? 'referral' : 'thankYou';
    const body =
      type === 'referral'
        ? `Hi ${first}! Know someone who'd love a sparkling home? Share your link and you both get $25 off: https://referloop.app/refer?code=${c.referralCode}`
        : `Thanks for having us today, ${first}! We hope your home feels amazing. — Sparkle & Shine`;
    const at = daysAgo(1 + i * 2);
    const sid = `SMDEMO${String(i).padStart(6, '0')}`;
    const [message] = await tx
      .insert(smsMessages)
      .values({ businessId, clientId: c.id, direction: 'outbound', fromNumber: '+15125550142', toNumber: c.phone!, messageBody: body, messageType: type, twilioSid: sid, status: i % 7 === 6 ? 'failed' : 'delivered', isRead: true, timestamp: at })
      .returning({ id: smsMessages.id });
    if (type === 'thankYou') thankYous.push({ messageId: message.id, clientId: c.id, clientName: c.name, at });
    await tx.insert(smsLogs).values({ businessId, clientId: c.id, phoneNumber: c.phone!, messageType: type, messageContent: body, status: 'sent', twilioSid: sid, sentAt: at });
    await tx.insert(activityLogs).values({ businessId, type: 'sms_sent', description: `${type === 'referral' ? 'Referral ask' : 'Thank-you'} sent to ${c.name}`, metadata: { phone_number: c.phone!, message_type: type, twilio_sid: sid, client_id: c.id, client_name: c.name }, timestamp: at });
    if (type === 'thankYou') await tx.update(clients).set({ lastThankedAt: at }).where(and(eq(clients.businessId, businessId), eq(clients.id, c.id)));
  }
  for (let i = 0; i < DEMO_REPLIES.length; i += 1) {
    const c = texted[i * 3];
    const at = new Date(now.getTime() - (i * 5 + 1) * 3600_000);
    const sid = `SMDEMOIN${String(i).padStart(4, '0')}`;
    const isRead = i >= 3;
    await tx.insert(smsMessages).values({ businessId, clientId: c.id, direction: 'inbound', fromNumber: c.phone!, toNumber: '+15125550142', messageBody: DEMO_REPLIES[i], messageType: 'reply', twilioSid: sid, status: 'received', isRead, timestamp: at });
  }
  await seedDemoTeamHistory(tx, businessId, { owner, manager, staff }, thankYous, now);
  const gifted = clientRows.slice(2, 6).map((c) => c.id);
  await tx.update(clients).set({ hasReward: true, rewardEarned: '$25 Service Discount', lastGiftedAt: daysAgo(12) }).where(and(eq(clients.businessId, businessId), inArray(clients.id, gifted)));
  await tx.update(clients).set({ thankYouSent: true }).where(and(eq(clients.businessId, businessId), inArray(clients.id, texted.map((c) => c.id))));

  // A lead form on the website, and the leads it and other sources brought in.
  const [form] = await tx
    .insert(forms)
    .values({ businessId, name: 'Website Quote Request', description: 'Get a free cleaning quote in 24 hours.', fields: demoFormFields(), embedToken: randomToken(12), submissionCount: 6, createdAt: daysAgo(60) })
    .returning({ id: forms.id });
  for (let i = 0; i < DEMO_LEADS.length; i += 1) {
    const l = DEMO_LEADS[i];
    const referrer = l.source === 'referral' ? referrers[i % referrers.length] : undefined;
    await tx.insert(leads).values({
      businessId,
      name: l.name,
      email: l.email,
      phone: l.phone,
      source: l.source,
      status: l.status,
      notes: l.notes,
      referrerCode: referrer ? referrer.referralCode : null,
      referrerName: referrer?.name ?? null,
      formId: l.source === 'form' ? form.id : null,
      smsOptIn: l.source === 'form',
      createdAt: daysAgo(l.daysAgo),
      updatedAt: daysAgo(l.daysAgo),
    });
  }

  // The booking tool's webhook and an earlier upload, as the Data Sources screen shows them.
  for (let i = 0; i < 3; i += 1) {
    const p = people[i];
    await tx.insert(webhookLogs).values({ businessId, payload: { client_name: p.name, client_email: p.email, appointment_date: isoDate(daysAgo(i + 1)), status: 'Completed' }, status: 'success', createdAt: daysAgo(i + 1) });
  }
  await tx.insert(csvUploadLogs).values({
    id: `demo-${randomToken(6)}`,
    businessId,
    timestamp: daysAgo(30),
    fileName: 'jobber-export-2026.csv',
    rowsProcessed: rows.length,
    rowsSkipped: 12,
    totalRows: rows.length + 12,
    clientPreviews: people.slice(0, 5).map((p) => ({ name: p.name, email: p.email, phone: p.phone })),
    errors: [],
    phoneStats: { total: people.length, withPhone: people.filter((p) => p.phone).length, withoutPhone: people.filter((p) => !p.phone).length, invalid: 0, coverage: Math.round((people.filter((p) => p.phone).length / people.length) * 1000) / 10 },

    // The demo's clients all came from this file (it had a status column).
    newBookings: recorded.newBookings,
    duplicateBookings: recorded.duplicateBookings,
    newClients: recorded.newClients,
    updatedClients: recorded.updatedClients,
    rowsWithoutStatus: 0,
  });

  await seedDemoReviews(tx, businessId, clientRows.filter((c) => c.phone).map((c) => c.id), now, rand);
  await recomputeClientStats(tx, businessId);
  // A client joined when they first booked, so the "new clients" badge counts only this week's.
  await tx
    .update(clients)
    .set({ createdAt: sql`(${clients.firstBooking} + time '09:00') at time zone 'UTC'` })
    .where(and(eq(clients.businessId, businessId), isNotNull(clients.firstBooking)));
  return businessId;
}
