import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { smsBulkBatches } from '../../../db/schema';
import { readRows, rowCount as count } from '../../../db/read-rows';

// The bulk screen's batches: a new batch (or the same send's earlier one) and the batches as one read
// (docs/sms-outbox.md "Kept"); the outbox's texts are in queries.ts.

export type BatchCounts = {
  id: number;
  message: string;
  createdAt: string;
  total: number;
  queued: number;
  held: number;
  sending: number;
  sent: number;
  failed: number;
  skipped: number;
  nextAt: string | null;
};

export type BatchProblem = { clientId: number | null; name: string; status: 'failed' | 'skipped'; reason: string };
export type BatchWait = { count: number; at: string; timeZone: string | null };
/** Groups of texts waiting for their window, by time zone and opening: the first this many, soonest first. */
const WAIT_GROUPS = 10;

/**
 * The newest batches of the business (or one) in one statement: their kept counts (docs/sms-outbox.md
 * "Kept"), the next due time (the first queued row of sms_outbox_batch_status_idx) and their first
 * `perBatch` failed or skipped texts (sms_outbox_batch_problems_idx), not all of them.
 */
export async function selectBatches(
  tx: Tx,
  businessId: number,
  opts: { id?: number; limit: number; perBatch: number },
): Promise<(BatchCounts & { problems: BatchProblem[]; waits: BatchWait[] })[]> {
  const rows = await readRows<{
    id: number; message: string; created_at: string | Date; total: number; queued: number; held: number;
    sending: number; sent: number; failed: number; skipped: number; next_at: string | Date | null; problems: BatchProblem[] | null;
    waits: BatchWait[] | null;
  }>(
    tx,
    sql`
      select b.id, b.message, b.created_at, b.total, b.queued, b.held, b.sending, b.sent, b.failed, b.skipped,
        case when b.queued > 0 then (select min(w.not_before) from sms_outbox w where w.batch_id = b.id and w.status = 'queued') end as next_at,
        case when b.failed + b.skipped > 0 then (
          select json_agg(json_build_object('clientId', o.client_id, 'name', coalesce(c.name, 'Deleted client'), 'status', o.status,
              'reason', coalesce(o.reason, '')) order by o.id)
          from (select p.client_id, p.status, p.reason, p.id from sms_outbox p
                 where p.business_id = ${businessId} and p.batch_id = b.id and p.status in ('failed', 'skipped')
                 order by p.id limit ${count(opts.perBatch)}) o
          left join clients c on c.id = o.client_id and c.business_id = ${businessId}) end as problems,
        case when b.held > 0 then (
          select json_agg(json_build_object('count', w.n, 'at', w.not_before, 'timeZone', w.time_zone) order by w.not_before, w.time_zone)
          from (select h.time_zone, h.not_before, count(*)::int as n from sms_outbox h
                 where h.batch_id = b.id and h.status = 'queued' and h.reason is not null
                 group by h.time_zone, h.not_before order by h.not_before, h.time_zone limit ${WAIT_GROUPS}) w) end as waits
      from sms_bulk_batches b
      where b.business_id = ${businessId} ${opts.id !== undefined ? sql`and b.id = ${opts.id}` : sql``}
      order by b.id desc limit ${count(opts.limit)}`,
  );
  return rows.map((r) => ({
    id: r.id,
    message: r.message,
    createdAt: new Date(r.created_at).toISOString(),
    total: r.total,
    queued: r.queued,
    held: r.held,
    sending: r.sending,
    sent: r.sent,
    failed: r.failed,
    skipped: r.skipped,
    nextAt: r.next_at ? new Date(r.next_at).toISOString() : null,
    problems: r.problems ?? [],
    waits: r.waits ?? [],
  }));
}

/**
 * A new batch; with an idempotency key the business used before, or the content key of a batch still live
 * (started under `windowMinutes` ago, or with texts still to go), nothing is written and the earlier batch is
 * answered instead (`repeat`). First frees the content key of a batch that no longer counts. Two requests with
 * one key at once: the second waits for the first's transaction on the unique index and then finds its batch.
 */
export async function insertBatch(
  tx: Tx,
  businessId: number,
  batch: { message: string; total: number; idempotencyKey: string | null; contentKey: string; windowMinutes: number },
): Promise<{ id: number; repeat: null } | { id: number; repeat: { message: string; total: number } }> {
  await tx
    .update(smsBulkBatches)
    .set({ contentKey: null })
    .where(
      and(
        eq(smsBulkBatches.businessId, businessId),
        eq(smsBulkBatches.contentKey, batch.contentKey),
        sql`${smsBulkBatches.createdAt} < now() - make_interval(mins => ${batch.windowMinutes}::int)`,
        sql`${smsBulkBatches.queued} + ${smsBulkBatches.sending} = 0`,
      ),
    );
  const [row] = await tx
    .insert(smsBulkBatches)
    .values({ businessId, message: batch.message, total: batch.total, idempotencyKey: batch.idempotencyKey, contentKey: batch.contentKey })
    .onConflictDoNothing()
    .returning({ id: smsBulkBatches.id });
  if (row) return { id: row.id, repeat: null };
  // One of the two keys conflicted: the caller's key first (it may name another message), else the content's.
  const earlierBy = async (key: 'idempotencyKey' | 'contentKey', value: string | null) => {
    if (value === null) return undefined;
    const [found] = await tx
      .select({ id: smsBulkBatches.id, message: smsBulkBatches.message, total: smsBulkBatches.total })
      .from(smsBulkBatches)
      .where(and(eq(smsBulkBatches.businessId, businessId), eq(smsBulkBatches[key], value)));
    return found;
  };
  const earlier = (await earlierBy('idempotencyKey', batch.idempotencyKey)) ?? (await earlierBy('contentKey', batch.contentKey));
  if (!earlier) throw new Error('A bulk batch conflicted on no key');
  return { id: earlier.id, repeat: { message: earlier.message, total: earlier.total } };
}
