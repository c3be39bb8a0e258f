import type { Database, Tx } from '../../db/client';
import type { OutboxKind } from '../../db/schema/sms-outbox';
import type { JobQueue } from '../../platform/jobs/index';
import { countSegments } from '../../../shared/sms-segments';
import { deliverTextJob, deliveryKey } from './jobs';
import * as q from './queries';

export type TextToQueue = {
  /** The client to text; null for a recipient who is not a client (then `toNumber` and `recipientName`). */
  clientId: number | null;
  toNumber?: string | null;
  recipientName?: string | null;
  /** A referral follow-up's referral (skipped at delivery once it converted). */
  referralId?: number | null;
  kind: OutboxKind;
  /** Names the work: the same key for a business is queued once (thank-you:booking:<id>, bulk:<batch>:<client>). */
  key: string;
  body: string;
  batchId?: number | null;
  /** Recorded as skipped at once, with this reason (a bulk recipient without a phone). */
  skipReason?: string;
};

/**
 * Queues texts to go out later, paced on the business's number (one segment a second), each a durable job
 * due at its slot. Rows and slots are written in one transaction; the jobs after it (a job lost in between
 * is found by the sweep). Returns the rows queued now (known keys are left alone).
 */
export async function queueTexts(
  ctx: { database: Database; jobs: JobQueue },
  businessId: number,
  /** The texts, or a function that writes what goes with them (a bulk batch) in the same transaction and returns them. */
  textsOrWrite: TextToQueue[] | ((tx: Tx) => Promise<TextToQueue[]>),
  opts: { notBefore?: Date; now?: Date } = {},
): Promise<q.OutboxRow[]> {
  const now = opts.now ?? new Date();
  const earliest = opts.notBefore && opts.notBefore > now ? opts.notBefore : now;
  const queued = await ctx.database.db.transaction(async (tx) => {
    const texts = typeof textsOrWrite === 'function' ? await textsOrWrite(tx) : textsOrWrite;
    const rows = await q.insertOutbox(
      tx,
      businessId,
      texts.map((t) => ({
        clientId: t.clientId,
        batchId: t.batchId ?? null,
        toNumber: t.toNumber ?? null,
        recipientName: t.recipientName ?? null,
        referralId: t.referralId ?? null,
        kind: t.kind,
        key: t.key,
        body: t.body,
        status: t.skipReason ? 'skipped' : 'queued',
        reason: t.skipReason ?? null,
        notBefore: earliest,
      })),
    );
    const open = rows.filter((r) => r.status === 'queued');
    const sender = await q.selectSenderFacts(tx, businessId);
    if (!sender?.number || open.length === 0) return open;
    // The rendered text is not known yet (placeholders differ per client): the template's segments are the estimate.
    const seconds = open.map((r) => countSegments(r.body).segments);
    const start = await q.reserveSlots(tx, sender.number, earliest, seconds.reduce((a, b) => a + b, 0));
    let offset = 0;
    const slotted = open.map((r, i) => {
      const notBefore = new Date(start.getTime() + offset * 1000);
      offset += seconds[i];
      return { ...r, notBefore };
    });
    await q.setNotBefore(tx, businessId, slotted);
    return slotted;
  });
  await ctx.jobs.sendMany(
    deliverTextJob,
    queued.map((r) => ({ data: { businessId, outboxId: r.id }, key: deliveryKey(r), startAfter: r.notBefore })),
  );
  return queued;
}
