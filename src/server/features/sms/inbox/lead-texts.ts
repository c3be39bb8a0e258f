import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';

/**
 * A lead's texts follow the lead when it becomes a client (docs/sms-inbox.md, "Leads"): texts with a lead and no
 * client yet move to the business's client that has their phone. Called in the transaction that writes clients
 * (bookings recorded, a client's phone edited). It reads only the texts still waiting (a partial index), so it
 * costs nothing for a business without them, whatever the size of the write.
 */
export async function moveLeadTextsToClients(tx: Tx, businessId: number): Promise<void> {
  await tx.execute(sql`update sms_messages m set client_id = c.id
    from sms_messages w
    cross join lateral (select c.id from clients c
      where c.business_id = w.business_id and c.phone = (case when w.direction = 'inbound' then w.from_number else w.to_number end)
      order by c.id limit 1) c
    where w.business_id = ${businessId} and w.lead_id is not null and w.client_id is null
      and m.id = w.id and m.business_id = w.business_id`);
}
