import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * Serialises writes to one business's clients and bookings (imports, webhook bookings, Add Client, the
 * nightly recompute) until the transaction ends, so two of them cannot create the same client twice or
 * overwrite each other's fresh stats.
 */
export async function lockBusinessClients(tx: Tx, businessId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7301, ${businessId})`);
}
