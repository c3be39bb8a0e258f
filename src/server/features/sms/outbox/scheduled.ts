import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { readRows, rowCount as count } from '../../../db/read-rows';
import type { ScheduledText } from '../../../../shared/schemas/sms-automations';

/**
 * A business's automated texts still to go (not bulk: the Bulk tab shows those), the soonest first
 * (index sms_outbox_scheduled_idx), and their total, counted on the same index, in one statement. `limit + 1` rows are read so the caller knows whether more follow.
 */
export async function selectScheduled(tx: Tx, businessId: number, opts: { limit: number; offset: number }): Promise<{ rows: ScheduledText[]; total: number }> {
  const found = await readRows<{
    total: number; id: number | null; kind: ScheduledText['kind']; recipient_name: string; phone: string | null; client_id: number | null;
    not_before: string | Date; status: ScheduledText['status']; reason: string | null; body: string;
  }>(
    tx,
    sql`
      select f.total, o.* from (select count(*)::int as total from sms_outbox o
        where o.business_id = ${businessId} and o.status in ('queued', 'sending') and o.kind <> 'bulk') f
      left join lateral (
        select o.id, o.kind, coalesce(o.recipient_name, c.name, 'Deleted client') as recipient_name, coalesce(o.to_number, c.phone) as phone,
          o.client_id, o.not_before, o.status, o.reason, o.body
        from sms_outbox o left join clients c on c.id = o.client_id and c.business_id = o.business_id
        where o.business_id = ${businessId} and o.status in ('queued', 'sending') and o.kind <> 'bulk'
        order by o.not_before, o.id
        limit ${count(opts.limit)} offset ${opts.offset}) o on true
      order by o.not_before, o.id`,
  );
  const rows = found.filter((r) => r.id != null);
  return {
    total: Number(found[0]?.total ?? 0),
    rows: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      recipientName: r.recipient_name,
      phone: r.phone,
      clientId: r.client_id,
      dueAt: new Date(r.not_before).toISOString(),
      status: r.status,
      reason: r.reason,
      body: r.body,
    })),
  };
}
