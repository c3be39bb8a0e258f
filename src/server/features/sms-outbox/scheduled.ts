import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { readRows } from './read-query';
import type { ScheduledText } from '../../../shared/schemas/sms-automations';

/**
 * A business's automated texts still to go (not bulk: the Bulk tab shows those), the soonest first
 * (index sms_outbox_scheduled_idx). `limit + 1` rows are read so the caller knows whether more follow.
 */
export async function selectScheduled(tx: Tx, businessId: number, opts: { limit: number; offset: number }): Promise<{ rows: ScheduledText[]; total: number }> {
  const rows = await readRows<{
    id: number; kind: ScheduledText['kind']; recipient_name: string; phone: string | null; client_id: number | null;
    not_before: string | Date; status: ScheduledText['status']; reason: string | null; body: string;
  }>(
    tx,
    sql`
      select o.id, o.kind, coalesce(o.recipient_name, c.name, 'Deleted client') as recipient_name, coalesce(o.to_number, c.phone) as phone,
        o.client_id, o.not_before, o.status, o.reason, o.body
      from sms_outbox o left join clients c on c.id = o.client_id and c.business_id = o.business_id
      where o.business_id = ${businessId} and o.status in ('queued', 'sending') and o.kind <> 'bulk'
      order by o.not_before, o.id
      limit ${opts.limit} offset ${opts.offset}`,
  );
  const [count] = await readRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from sms_outbox
      where business_id = ${businessId} and status in ('queued', 'sending') and kind <> 'bulk'`,
  );
  return {
    total: count.n,
    rows: rows.map((r) => ({
      id: r.id,
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
