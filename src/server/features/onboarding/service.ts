import type { Tx } from '../../db/client';
import { HttpError } from '../../platform/errors';
import { SETUP_STEP_COUNT, type SetupProgress } from '../../../shared/schemas/onboarding';
import * as q from './queries';

// The setup guide's progress (docs/setup-guide.md): the step the owner is on, kept on the server so
// leaving and coming back (another tab, another device) resumes there.

function toProgress(row: q.ProgressRow): SetupProgress {
  // A stored step outside the guide (a shorter guide in future) reads as the nearest real one.
  const step = Math.min(Math.max(row.setupStep + 1, 1), SETUP_STEP_COUNT);
  const completedAt = row.setupCompletedAt == null ? null : new Date(row.setupCompletedAt).toISOString();
  return { step, totalSteps: SETUP_STEP_COUNT, completed: completedAt !== null, completedAt };
}

export async function getSetupProgress(db: Tx, businessId: number): Promise<SetupProgress> {
  const row = await q.selectProgress(db, businessId);
  if (!row) throw new HttpError(404, 'Business not found');
  return toProgress(row);
}

export async function saveSetupProgress(db: Tx, businessId: number, input: { step: number; completed?: boolean }): Promise<SetupProgress> {
  const row = await q.updateProgress(db, businessId, input.step - 1, input.completed === true);
  if (!row) throw new HttpError(404, 'Business not found');
  return toProgress(row);
}
