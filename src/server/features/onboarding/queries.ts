import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/client';

// businesses.setup_step (0-based: the step's position minus one) and setup_completed_at, always read
// and written in the same statement that names the signed-in business.

export type ProgressRow = { setup_step: number; setup_completed_at: string | Date | null };

export async function selectProgress(tx: Tx, businessId: number): Promise<ProgressRow | null> {
  const [row] = rowsOf<ProgressRow>(await tx.execute(sql`select setup_step, setup_completed_at from businesses where id = ${businessId}`));
  return row ?? null;
}

/** Saves the step; `complete` stamps setup_completed_at the first time only. */
export async function updateProgress(tx: Tx, businessId: number, stepIndex: number, complete: boolean): Promise<ProgressRow | null> {
  const [row] = rowsOf<ProgressRow>(
    await tx.execute(sql`update businesses
      set setup_step = ${stepIndex},
        setup_completed_at = case when ${complete}::boolean then coalesce(setup_completed_at, now()) else setup_completed_at end
      where id = ${businessId}
      returning setup_step, setup_completed_at`),
  );
  return row ?? null;
}
