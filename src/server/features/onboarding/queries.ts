import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { businesses } from '../../db/schema';

// businesses.setup_step (0-based: the step's position minus one) and setup_completed_at, always read
// and written in the same statement that names the signed-in business.

const PROGRESS = { setupStep: businesses.setupStep, setupCompletedAt: businesses.setupCompletedAt };
export type ProgressRow = { setupStep: number; setupCompletedAt: Date | null };

export async function selectProgress(tx: Tx, businessId: number): Promise<ProgressRow | null> {
  const [row] = await tx.select(PROGRESS).from(businesses).where(eq(businesses.id, businessId));
  return row ?? null;
}

/** Saves the step; `complete` stamps setup_completed_at the first time only. */
export async function updateProgress(tx: Tx, businessId: number, stepIndex: number, complete: boolean): Promise<ProgressRow | null> {
  const [row] = await tx
    .update(businesses)
    .set({ setupStep: stepIndex, setupCompletedAt: complete ? sql`coalesce(${businesses.setupCompletedAt}, now())` : undefined })
    .where(eq(businesses.id, businessId))
    .returning(PROGRESS);
  return row ?? null;
}
