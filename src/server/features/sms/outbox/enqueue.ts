import type { Database, Tx } from '../../../db/client';
import type { OutboxKind, OwnerTap } from '../../../db/schema/sms-outbox';
import type { JobQueue } from '../../../platform/jobs/index';
import { countSegments } from '../../../../shared/sms-segments';
import { registrationBlock } from '../numbers/registration';
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
  /** Outside the recipient's window now: waits until then, reserving no second on the number before. */
  held?: { until: Date; reason: string; timeZone: string };
  /** The owner tapped it out: no automation toggle or cool-down, and what its sending records. */
  ownerTap?: OwnerTap;
  /** The person who tapped it out: its message names them when it goes. */
  sentBy?: number | null;
};

/**
 * Queues texts to go out later, each a durable job. Texts due now get consecutive seconds of the business's
 * number at its rate (one segment a second by default); texts held for their window or due later reserve
 * nothing and take their second when they are due (deliver.ts). Rows and slots are written in one
 * transaction; the jobs after it (a job lost in between is found by the sweep). Returns the rows queued now
 * (known keys are left alone).
 */
export async function queueTexts(
  ctx: { database: Database; jobs: JobQueue },
  businessId: number,
  /** The texts, or a function that writes what goes with them (a bulk batch) in the same transaction and returns them. */
  textsOrWrite: TextToQueue[] | ((tx: Tx) => Promise<TextToQueue[]>),
  opts: { notBefore?: Date; now?: Date } = {},
): Promise<q.OutboxRow[]> {
  // Not registered for texting (A2P): nothing is queued, so nothing goes out on its own once it is approved.
  if (await registrationBlock(ctx.database.db, businessId)) return [];
  const now = opts.now ?? new Date();
  const later = opts.notBefore && opts.notBefore > now ? opts.notBefore : null;
  const earliest = later ?? now;
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
        reason: t.skipReason ?? t.held?.reason ?? null,
        notBefore: t.held && !t.skipReason ? t.held.until : earliest,
        timeZone: t.held?.timeZone ?? null,
        ownerTap: t.ownerTap ?? null,
        sentBy: t.sentBy ?? null,
      })),
    );
    const open = rows.filter((r) => r.status === 'queued');
    const dueNow = later ? [] : open.filter((r) => r.reason == null);
    const sender = await q.selectSenderFacts(tx, businessId);
    if (!sender?.number || dueNow.length === 0) return open;
    // The rendered text is not known yet (placeholders differ per client): the template's segments are the estimate.
    const segments = dueNow.map((r) => countSegments(r.body).segments);
    const { start, perSecond } = await q.reserveSlots(tx, sender.number, now, segments.reduce((a, b) => a + b, 0));
    let offset = 0;
    const slots = new Map<number, Date>();
    dueNow.forEach((r, i) => {
      slots.set(r.id, new Date(start.getTime() + Math.round((offset * 1000) / perSecond)));
      offset += segments[i];
    });
    await q.setSlots(tx, businessId, [...slots].map(([id, notBefore]) => ({ id, notBefore })));
    return open.map((r) => (slots.has(r.id) ? { ...r, notBefore: slots.get(r.id)!, paced: true } : r));
  });
  const places = placesInLine(queued);
  await ctx.jobs.sendMany(
    deliverTextJob,
    queued.map((r, i) => ({ data: { businessId, outboxId: r.id }, key: deliveryKey(r), startAfter: r.notBefore, priority: -places[i] })),
  );
  return queued;
}

/**
 * Fair queue (docs/sms-outbox.md "Fair queue"): each text's place among this business's texts due in the same
 * second (0 for the first). Its delivery job gets minus that as its priority, so when a bulk's texts fall due
 * together (a window opening, a fast number) every other business's first text is fetched before its second.
 */
export function placesInLine(rows: { notBefore: Date }[]): number[] {
  const seen = new Map<number, number>();
  return rows.map((r) => {
    const second = Math.floor(r.notBefore.getTime() / 1000);
    const place = seen.get(second) ?? 0;
    seen.set(second, place + 1);
    return Math.min(place, MAX_PLACE);
  });
}
const MAX_PLACE = 1_000_000;
