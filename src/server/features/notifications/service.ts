import type { Tx } from '../../db/client';
import { HttpError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/index';
import { normalizePhone } from '../../../shared/phone';
import { NOTIFY_PHONE_INVALID, type NotificationSettings, type NotificationSettingsInput } from '../../../shared/schemas/notifications';
import { notifyOwnerJob } from './jobs';
import type { Kind } from './messages';
import * as q from './queries';

// The owner's notification settings and the one call every feature makes when new business comes in.

export async function settings(db: Tx, businessId: number): Promise<NotificationSettings> {
  const s = await q.selectSettings(db, businessId);
  if (!s) throw new HttpError(404, 'Business not found');
  return s;
}

export async function saveSettings(db: Tx, businessId: number, input: NotificationSettingsInput): Promise<NotificationSettings> {
  let phone: string | null = null;
  if (input.phone) {
    phone = normalizePhone(input.phone);
    if (!phone) throw new HttpError(400, NOTIFY_PHONE_INVALID);
  }
  return q.updateSettings(db, businessId, { email: input.email, phone });
}

/**
 * Tells the owner about a new lead, referral claim or text, after the write committed. Enqueued once per event;
 * a queue that cannot take it is logged and the request still succeeds (the lead is saved either way).
 */
export async function notifyOwner(jobs: JobQueue, log: { warn(obj: unknown, msg: string): void }, kind: Kind, id: number): Promise<void> {
  try {
    await jobs.send(notifyOwnerJob, { kind, id }, { key: `${kind}:${id}` });
  } catch (error) {
    log.warn({ err: error, kind, id }, 'owner notification not enqueued');
  }
}
