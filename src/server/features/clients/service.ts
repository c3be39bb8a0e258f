import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { intArray } from '../../db/sql-values';
import type { Tx } from '../../db/client';
import { HttpError } from '../../platform/errors';
import { giftLabel, giftMessage, type Client, type ClientPage, type SendGiftInput } from '../../../shared/schemas/clients';
import type { ClientSort } from '../../../shared/constants';
import * as q from './queries';
import { toCsv } from './export-csv';
import { loyaltyScoreSql } from './loyalty-score';
import { sendOrSchedule, type TapContext, type TapResult } from '../sms/service';

/** GET /api/clients without `page` answers at most this many, in the asked order and search (docs/clients-api.md). */
export const UNPAGED_CLIENT_LIMIT = 1000;
/** A client counts as new in the sidebar badge for this many days after it was created. */
export const NEW_CLIENT_DAYS = 7;

export async function listClientsUnpaged(db: Tx, businessId: number, opts: { search?: string; sort: ClientSort }): Promise<Client[]> {
  const page = await q.selectClientsPage(db, businessId, { sort: opts.sort, limit: UNPAGED_CLIENT_LIMIT, offset: 0, search: opts.search || undefined });
  return page.clients;
}

export async function listClientsPage(
  db: Tx,
  businessId: number,
  opts: { page: number; pageSize: number; search?: string; sort: ClientSort },
): Promise<ClientPage> {
  const search = opts.search || undefined;
  const { clients, ...counted } = await q.selectClientsPage(db, businessId, {
    sort: opts.sort,
    limit: opts.pageSize,
    offset: (opts.page - 1) * opts.pageSize,
    search,
  });
  return { clients, ...counted, page: opts.page, pageSize: opts.pageSize };
}


/**
 * Send Gift: texts the client the gift and, once the provider took the text, records the reward on the
 * client (hasReward, rewardEarned: the send service, with the text) and the activity, in one transaction. At a
 * closed hour for the client it is queued for their hours and recorded when it goes (`scheduled`). When no
 * text goes out (no business number, no valid phone, opted out, provider failure) nothing is recorded and the
 * answer says so.
 */
export async function sendGift(
  ctx: TapContext,
  businessId: number,
  input: { clientId: number; giftType: SendGiftInput['giftType']; amount: number },
): Promise<ClientSend> {
  const label = giftLabel(input.giftType, input.amount);
  let client: Client | null = null;
  const result = await notRecordedUnlessSent('The gift was not recorded.', () =>
    sendOrSchedule(ctx, {
      businessId,
      clientId: input.clientId,
      body: giftMessage(label),
      messageType: 'gift',
      reward: label,
      ownerTap: true,
      activity: {
        type: 'gift_sent',
        description: (name) => `${label} sent to ${name}`,
        metadata: { gift_type: input.giftType, amount: input.amount, reward: label },
      },
      onSent: async (tx) => {
        client = await clientOrNotFound(tx, businessId, input.clientId);
      },
    }),
  );
  return { client: client ?? (await clientOrNotFound(ctx.database.db, businessId, input.clientId)), ...result };
}

/** Send Thanks: texts the owner's message; once the provider took it, sets thankYouSent (same transaction as the record). Queued like a gift at a closed hour. */
export async function sendThanks(ctx: TapContext, businessId: number, input: { clientId: number; message: string }): Promise<ClientSend> {
  let client: Client | null = null;
  const result = await sendOrSchedule(ctx, {
    businessId,
    clientId: input.clientId,
    body: input.message,
    messageType: 'thankYou',
    ownerTap: true,
    activity: { type: 'thank_you_sent', description: (name) => `Thank-you message sent to ${name}` },
    onSent: async (tx) => {
      if (!(await q.markThanked(tx, businessId, input.clientId))) throw new HttpError(404, 'Client not found');
      client = await q.selectClientById(tx, businessId, input.clientId);
    },
  });
  return { client: client ?? (await clientOrNotFound(ctx.database.db, businessId, input.clientId)), ...result };
}

type ClientSend = TapResult & { client: Client };

/** One client of the business as the API answers it; another business's or a deleted one answers 404. */
export async function clientOrNotFound(tx: Tx, businessId: number, clientId: number): Promise<Client> {
  const client = await q.selectClientById(tx, businessId, clientId);
  if (!client) throw new HttpError(404, 'Client not found');
  return client;
}

/** A refusal of the send service, with what else did not happen. */
async function notRecordedUnlessSent<T>(also: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof HttpError && error.status !== 404) throw new HttpError(error.status, `${error.message} ${also}`);
    throw error;
  }
}

export async function exportClientsCsv(db: Tx, businessId: number): Promise<string> {
  return toCsv(await q.selectExportRows(db, businessId));
}

/**
 * Serialises writes to one business's clients and bookings (imports, webhook bookings, Add Client, the
 * nightly recompute) until the transaction ends, so two of them cannot create the same client twice or
 * overwrite each other's fresh stats.
 */
export async function lockBusinessClients(tx: Tx, businessId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7301, ${businessId})`);
}

// No 0/O, 1/I/L: codes are read aloud and typed from a text message.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A readable referral code such as 'JANE-7K3QX': the first name and 5 random characters (~28M per name). */
export function generateReferralCode(name: string): string {
  const first = (name.normalize('NFKD').replace(/[^A-Za-z\s]/g, '').trim().split(/\s+/)[0] ?? '').toUpperCase().slice(0, 8);
  let suffix = '';
  for (let i = 0; i < 5; i += 1) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `${first || 'CLIENT'}-${suffix}`;
}

/**
 * The CTEs `facts`, `today`, `f` and `fresh` that turn a CTE `stream` (id, service_date, amount, gap,
 * converted: one row per completed booking and one per referral) into each id's figures, `fresh` (id,
 * total_bookings, first_booking, last_booking, frequency, loyalty_score, total_spent). Shared by this recompute and
 * the import's insert of new clients (bookings/write-bookings.ts), so both compute the same figures.
 */
export const figuresOfStream = (businessId: number) => sql`facts as (
      -- no join between the two: one group per client
      select id,
        nullif(count(service_date), 0)::int as total, min(service_date) as first_date, max(service_date) as last_date,
        coalesce(sum(amount), 0)::numeric(14, 2) as spent,
        percentile_cont(0.5) within group (order by gap) as median_gap,
        avg(gap)::float8 as mean_gap,
        coalesce(stddev_pop(gap), 0)::float8 as sd_gap,
        nullif(count(gap), 0)::int as gap_count,
        count(*) filter (where converted)::int as converted,
        count(*) filter (where not converted)::int as pending
      from stream group by id
    ),
    today as (select (now() at time zone b.time_zone)::date as d from businesses b where b.id = ${businessId}),
    f as (select facts.*, today.d as today from facts cross join today),
    fresh as (
      select f.id, coalesce(f.total, 0) as total_bookings, f.first_date as first_booking, f.last_date as last_booking,
        round(f.median_gap)::int as frequency, ${loyaltyScoreSql} as loyalty_score, f.spent as total_spent
      from f
    )`;

/**
 * Recomputes first/last booking, total bookings, total spent, frequency and loyalty score of a business's clients
 * (all of them, or only `clientIds`) in one set-based statement. The loyalty rule is written down in
 * docs/loyalty-score.md and implemented once, in loyalty-score.ts.
 *
 * Linear in the clients it recomputes, whatever the plan (custom or generic) and the statistics (an import
 * runs it on rows its own transaction just wrote, which no ANALYZE has seen). The target ids are a set
 * (`targets`, one unnest), never an array that rows are compared with (a generic plan searches such an
 * array linearly for every row: quadratic on a re-upload). Each target's bookings and referrals are
 * read through indexes in lateral subqueries fenced by `offset 0`, which leaves the planner no join to
 * misplan on stale estimates (a join of the targets with the business's bookings, planned for the 54
 * clients the statistics knew, took minutes for 20,000). Bookings and referrals meet in one stream
 * grouped by client, and there is no `or` join. docs/read-model.md, "Uploads".
 */
export async function recomputeClientStats(tx: Tx, businessId: number, clientIds?: number[]): Promise<void> {
  if (clientIds && clientIds.length === 0) return;
  const targets = clientIds
    ? sql`select c.id, c.referral_code from (select distinct unnest(${intArray(clientIds)}) as id) t
        cross join lateral (select c.id, c.referral_code from clients c where c.id = t.id and c.business_id = ${businessId} offset 0) c`
    : sql`select c.id, c.referral_code from clients c where c.business_id = ${businessId}`;
  await tx.execute(sql`
    with targets as materialized (${targets}),
    stream as (
      -- one row per completed booking of each target client (a row with no date when it has none).
      -- gap: days since the previous distinct service date (null on the first date and on a repeated date).
      select t.id, d.service_date, d.amount_charged as amount,
        nullif(d.service_date - lag(d.service_date) over (partition by t.id order by d.service_date), 0) as gap,
        null::boolean as converted
      from targets t
      left join lateral (
        select b.service_date, b.amount_charged from bookings b where b.client_id = t.id and b.status = 'completed' offset 0
      ) d on true
      union all
      -- one row per referral the client made (naming the client, or carrying its referral code): two
      -- equality lookups, each on an index, united so a referral that matches both counts once
      select t.id, null, null, null, r.converted
      from targets t
      cross join lateral (
        select r.id, r.converted from referrals r where r.business_id = ${businessId} and r.referrer_client_id = t.id
        union
        select r.id, r.converted from referrals r where r.business_id = ${businessId} and r.referrer_code = t.referral_code
      ) r
    ),
    ${figuresOfStream(businessId)}
    update clients c set
      total_bookings = n.total_bookings,
      first_booking = n.first_booking,
      last_booking = n.last_booking,
      frequency = n.frequency,
      loyalty_score = n.loyalty_score,
      total_spent = n.total_spent
    from fresh n
    where c.id = n.id and c.business_id = ${businessId}
      -- a client whose figures did not change is not rewritten (re-imports, the nightly refresh)
      and (c.total_bookings, c.first_booking, c.last_booking, c.frequency, c.loyalty_score, c.total_spent)
        is distinct from (n.total_bookings, n.first_booking, n.last_booking, n.frequency, n.loyalty_score, n.total_spent)
  `);
}
