import type { Tx } from '../../db/client';
import { activityLogs } from '../../db/schema';
import type { ActivityMetadata } from '../../db/schema/messaging';

// The activity feed's log (activity_logs): the features that do something an owner sees in the feed
// (texts sent and received, referrals claimed, forms submitted) write one line here, in their transaction.

export type { ActivityMetadata };

/** Writes one line of the activity feed. */
export async function recordActivity(tx: Tx, businessId: number, type: string, description: string, metadata: ActivityMetadata): Promise<void> {
  await tx.insert(activityLogs).values({ businessId, type, description, metadata });
}
