import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import { reviewRequests } from '../../db/schema';
import { intArray } from '../../db/sql-values';
import { sendingNumber } from '../../db/sending-number';

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
  await tx.execute(sql`
    update review_requests set open_count = open_count + 1, first_opened_at = coalesce(first_opened_at, now()), last_opened_at = now()
    where id = ${id}`);
}

/**
 * The businesses that may have a reminder or a referral ask due: review requests sent (or opened) in the last `maxDays`
 * not yet reminded or asked. A superset: each business's job applies the rest.
 */
export async function selectBusinessesWithFollowUps(tx: Tx, now: Date, maxDays: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select distinct r.business_id as id from review_requests r
      where coalesce(r.first_opened_at, r.sent_at) > ${now.toISOString()}::timestamptz - ${maxDays} * interval '1 day'
        and r.token is not null and r.marked_reviewed_at is null
        and ((r.first_opened_at is null and r.reminder_key is null) or (r.first_opened_at is not null and r.referral_key is null))
      order by 1`),
  );
  return rows.map((r) => Number(r.id));
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
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update review_requests set ${sql.raw(column)} = ${prefix} || id
      where business_id = ${businessId} and id = any(${intArray(ids)}) and ${sql.raw(column)} is null
      returning id`),
  );
  return rows.map((r) => Number(r.id));
}

export type ReviewStateRow = {
  clientId: number;
  sentAt: Date | null;
  firstOpenedAt: Date | null;
  openCount: number;
  remindedAt: Date | null;
  markedReviewedAt: Date | null;
  referralAskedAt: Date | null;
};

/** Each client's latest review request that went out, or that the owner marked reviewed. */
export async function selectStates(tx: Tx, businessId: number, clientIds: number[]): Promise<ReviewStateRow[]> {
  if (clientIds.length === 0) return [];
  return rowsOf<ReviewStateRow>(
    await tx.execute(sql`
      select distinct on (r.client_id) r.client_id as "clientId", r.sent_at as "sentAt", r.first_opened_at as "firstOpenedAt",
        r.open_count as "openCount", r.reminded_at as "remindedAt", r.marked_reviewed_at as "markedReviewedAt",
        r.referral_asked_at as "referralAskedAt"
      from review_requests r
      where r.business_id = ${businessId} and r.client_id = any(${intArray(clientIds)})
        and (r.sent_at is not null or r.marked_reviewed_at is not null)
      order by r.client_id, coalesce(r.sent_at, r.marked_reviewed_at) desc, r.id desc`),
  );
}

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
  const [row] = rowsOf<{ name: string; phone: string | null }>(await tx.execute(sql`select name, phone from clients where business_id = ${businessId} and id = ${clientId}`));
  return row ?? null;
}

/** Moves a business's review requests `days` into the past, as if that time had gone by (the browser tests' hook only). */
export async function ageRequests(tx: Tx, businessId: number, days: number): Promise<void> {
  await tx.execute(sql`
    update review_requests set sent_at = sent_at - ${days} * interval '1 day', first_opened_at = first_opened_at - ${days} * interval '1 day',
      last_opened_at = last_opened_at - ${days} * interval '1 day', reminded_at = reminded_at - ${days} * interval '1 day',
      referral_asked_at = referral_asked_at - ${days} * interval '1 day', created_at = created_at - ${days} * interval '1 day'
    where business_id = ${businessId}`);
}
