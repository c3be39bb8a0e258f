import { and, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client';
import { clients, reviewRequests } from '../../db/schema';
import { intArray } from '../../db/sql-values';
import { sendingNumber } from '../../db/sending-number';

const DAY_MS = 86_400_000;

// SQL of tracked review requests (docs/reviews.md). Per-business statements filter by business_id; the link
// lookup is by its random token (the token names the business), and the scan reads across businesses.

export async function insertRequests(tx: Tx, businessId: number, rows: { clientId: number; key: string; token: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(reviewRequests)
    .values(rows.map((r) => ({ businessId, clientId: r.clientId, requestKey: r.key, token: r.token })))
    .onConflictDoNothing();
}

export type LinkFacts = { id: number; businessName: string; link: string | null; createdAt: Date; expired: boolean };

/** A token's request, its business's name and stored review link; expired after the link's lifetime. */
export async function selectByToken(tx: Tx, token: string, lifetimeDays: number): Promise<LinkFacts | null> {
  const [row] = rowsOf<LinkFacts>(
    await tx.execute(sql`
      select r.id, b.name as "businessName", coalesce(o.google_review_link, b.google_review_link) as link, r.created_at as "createdAt",
        r.created_at < now() - ${lifetimeDays} * interval '1 day' as expired
      from review_requests r join businesses b on b.id = r.business_id left join outreach_settings o on o.business_id = r.business_id
      where r.token = ${token}`),
  );
  return row ?? null;
}

/** One open of the link: counted every time, the first one's time kept. */
export async function recordOpen(tx: Tx, id: number): Promise<void> {
  const r = reviewRequests;
  await tx
    .update(r)
    .set({ openCount: sql`${r.openCount} + 1`, firstOpenedAt: sql`coalesce(${r.firstOpenedAt}, now())`, lastOpenedAt: sql`now()` })
    .where(eq(r.id, id));
}

/**
 * The businesses that may have a reminder or a referral ask due: review requests sent (or opened) in the last `maxDays`
 * not yet reminded or asked. A superset: each business's job applies the rest.
 */
export async function selectBusinessesWithFollowUps(tx: Tx, now: Date, maxDays: number): Promise<number[]> {
  const r = reviewRequests;
  const rows = await tx
    .selectDistinct({ id: r.businessId })
    .from(r)
    .where(
      and(
        gt(sql`coalesce(${r.firstOpenedAt}, ${r.sentAt})`, new Date(now.getTime() - maxDays * DAY_MS)),
        isNotNull(r.token),
        isNull(r.markedReviewedAt),
        or(and(isNull(r.firstOpenedAt), isNull(r.reminderKey)), and(isNotNull(r.firstOpenedAt), isNull(r.referralKey))),
      ),
    )
    .orderBy(r.businessId);
  return rows.map((row) => row.id);
}

export type DueFollowUp = { id: number; clientId: number };

/**
 * Requests due a reminder: sent at least `afterDays` ago (and at most `untilDays`), never opened, not marked
 * reviewed, no reminder queued, of a business with a number; the client has no reminder of another request
 * queued in the cool-down.
 */
export async function selectDueReminders(tx: Tx, businessId: number, now: Date, afterDays: number, untilDays: number, cooldownDays: number): Promise<DueFollowUp[]> {
  const at = now.toISOString();
  return rowsOf<DueFollowUp>(
    await tx.execute(sql`
      select r.id, r.client_id as "clientId" from review_requests r
      join businesses b on b.id = r.business_id left join outreach_settings o on o.business_id = r.business_id
      where r.business_id = ${businessId} and r.token is not null and r.first_opened_at is null and r.marked_reviewed_at is null
        and r.reminder_key is null and ${sendingNumber('b', 'o')} is not null
        and r.sent_at <= ${at}::timestamptz - ${afterDays} * interval '1 day'
        and r.sent_at > ${at}::timestamptz - ${untilDays} * interval '1 day'
        and not exists (select 1 from review_requests p where p.business_id = r.business_id and p.client_id = r.client_id
          and p.reminder_key is not null and p.created_at > ${at}::timestamptz - ${cooldownDays} * interval '1 day')
      order by r.sent_at, r.id limit 2000`),
  );
}

/** Requests whose link was first opened at least `afterDays` ago (at most `untilDays`), no referral ask queued for the client in the cool-down. */
export async function selectDueReferralAsks(tx: Tx, businessId: number, now: Date, afterDays: number, untilDays: number, cooldownDays: number): Promise<DueFollowUp[]> {
  const at = now.toISOString();
  return rowsOf<DueFollowUp>(
    await tx.execute(sql`
      select r.id, r.client_id as "clientId" from review_requests r
      join businesses b on b.id = r.business_id left join outreach_settings o on o.business_id = r.business_id
      where r.business_id = ${businessId} and r.referral_key is null and ${sendingNumber('b', 'o')} is not null
        and r.first_opened_at <= ${at}::timestamptz - ${afterDays} * interval '1 day'
        and r.first_opened_at > ${at}::timestamptz - ${untilDays} * interval '1 day'
        and not exists (select 1 from review_requests p where p.business_id = r.business_id and p.client_id = r.client_id
          and p.referral_key is not null and p.created_at > ${at}::timestamptz - ${cooldownDays} * interval '1 day')
      order by r.first_opened_at, r.id limit 2000`),
  );
}

/**
 * Names the outbox text of each request's reminder or referral ask, `<prefix><id>` (before it is queued, so its
 * delivery finds it); answers the ids named now (a second scan names none again).
 */
export async function setFollowUpKeys(tx: Tx, businessId: number, column: 'reminder_key' | 'referral_key', prefix: string, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const r = reviewRequests;
  const key = column === 'reminder_key' ? r.reminderKey : r.referralKey;
  const rows = await tx
    .update(r)
    .set({ [column === 'reminder_key' ? 'reminderKey' : 'referralKey']: sql`${prefix} || ${r.id}` })
    .where(and(eq(r.businessId, businessId), sql`${r.id} = any(${intArray(ids)})`, isNull(key)))
    .returning({ id: r.id });
  return rows.map((row) => row.id);
}


/** Each client's latest review request that went out, or that the owner marked reviewed. */
export async function selectStates(tx: Tx, businessId: number, clientIds: number[]) {
  if (clientIds.length === 0) return [];
  const r = reviewRequests;
  const when = sql`coalesce(${r.sentAt}, ${r.markedReviewedAt})`;
  return tx
    .selectDistinctOn([r.clientId], {
      clientId: r.clientId,
      sentAt: r.sentAt,
      firstOpenedAt: r.firstOpenedAt,
      openCount: r.openCount,
      remindedAt: r.remindedAt,
      markedReviewedAt: r.markedReviewedAt,
      referralAskedAt: r.referralAskedAt,
    })
    .from(r)
    .where(and(eq(r.businessId, businessId), sql`${r.clientId} = any(${intArray(clientIds)})`, or(isNotNull(r.sentAt), isNotNull(r.markedReviewedAt))))
    .orderBy(r.clientId, desc(when), desc(r.id));
}

export type ReviewStateRow = Awaited<ReturnType<typeof selectStates>>[number];

/**
 * Marks a client as reviewed: their latest request that went out, or a row of its own (no token) when they were
 * never asked. False: no such client in the business.
 */
export async function markReviewed(tx: Tx, businessId: number, clientId: number, reviewed: boolean): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      with client as (select id from clients where business_id = ${businessId} and id = ${clientId}),
      latest as (
        select r.id from review_requests r join client c on c.id = r.client_id
        where r.business_id = ${businessId} and (r.sent_at is not null or r.marked_reviewed_at is not null)
        order by coalesce(r.sent_at, r.marked_reviewed_at) desc, r.id desc limit 1),
      updated as (
        update review_requests set marked_reviewed_at = case when ${reviewed} then coalesce(marked_reviewed_at, now()) else null end
        where id in (select id from latest) returning id),
      inserted as (
        insert into review_requests (business_id, client_id, marked_reviewed_at)
        select ${businessId}, c.id, now() from client c
        where ${reviewed} and not exists (select 1 from latest)
        returning id)
      select id from client`),
  );
  return rows.length > 0;
}

export async function selectClient(tx: Tx, businessId: number, clientId: number): Promise<{ name: string; phone: string | null } | null> {
  const [row] = await tx.select({ name: clients.name, phone: clients.phone }).from(clients).where(and(eq(clients.businessId, businessId), eq(clients.id, clientId)));
  return row ?? null;
}

/** Moves a business's review requests `days` into the past, as if that time had gone by (the browser tests' hook only). */
export async function ageRequests(tx: Tx, businessId: number, days: number): Promise<void> {
  const r = reviewRequests;
  const back = (c: AnyPgColumn) => sql`${c} - ${days} * interval '1 day'`;
  await tx
    .update(r)
    .set({ sentAt: back(r.sentAt), firstOpenedAt: back(r.firstOpenedAt), lastOpenedAt: back(r.lastOpenedAt), remindedAt: back(r.remindedAt), referralAskedAt: back(r.referralAskedAt), createdAt: back(r.createdAt) })
    .where(eq(r.businessId, businessId));
}
