import type { Database } from '../../../db/client';
import { HttpError } from '../../../platform/errors';
import type { JobQueue } from '../../../platform/jobs/index';
import { normalizePhone } from '../../../../shared/phone';
import type { BulkBatch } from '../../../../shared/schemas/sms-bulk';
import { unsetSettingsSentence, unsetSettingsValues } from '../../../../shared/sms-template';
import { decideSendTime } from './send-window/index';
import { getOutreachSettings } from '../numbers/settings';
import { marketingBlock, textingOf } from '../send/texting';
import { NO_NUMBER_MESSAGE } from '../send/send';
import { registrationBlock } from '../numbers/registration';
import { SAME_SEND_MINUTES, sameSendKey } from '../send/same-send';
import { type Actor, recordAction } from '../../activity-record/service';
import { queueTexts, type TextToQueue } from './enqueue';
import * as q from './queries';
import { insertBatch, selectBatches } from './batch-queries';

// Bulk sends (docs/sms-outbox.md): the selection is checked whole, then every text is a queued outbox row
// that goes out paced and inside its recipient's window, whatever happens to the browser that asked.

export const BULK_NOT_FOUND = 'Bulk send not found';
/** A batch's texts that failed or were skipped, with why: the first 50 for the batch the tab follows. */
const PROBLEMS_SHOWN = 50;
/**
 * In the list of the newest batches only the first 3 (the end toast names the first): the list only picks the
 * batch the tab follows, which is then read whole. 50 for each of 5 batches made the list 23 KB.
 */
export const PROBLEMS_LISTED = 3;

export const KEY_REUSED = 'This send was already started with another message or selection. Reload the page and start a new send.';

export type BulkContext = { database: Database; jobs: JobQueue; now?: Date; sendWindowOff?: boolean; /** Who started it, for the activity record. */ by?: Actor };

/**
 * Queues one text per client. Recipients whose window is open now get the number's next seconds; the others
 * wait for their window's opening and reserve nothing before it. The same send again (the same message to the
 * same clients, while the first is live: docs/sms-outbox.md "The same send is one batch"), or an idempotency
 * key the business used before, queues nothing and answers that batch (`repeat`).
 */
export async function startBulkSend(
  ctx: BulkContext,
  businessId: number,
  input: { clientIds: number[]; message: string; idempotencyKey?: string | null },
): Promise<{ batch: BulkBatch; repeat: boolean }> {
  const db = ctx.database.db;
  const sender = await q.selectSenderFacts(db, businessId);
  if (!sender?.number) throw new HttpError(409, NO_NUMBER_MESSAGE);
  const blocked = await registrationBlock(db, businessId);
  if (blocked) throw new HttpError(409, blocked);
  const unset = unsetSettingsValues(input.message, await getOutreachSettings(db, businessId));
  if (unset.length > 0) throw new HttpError(400, unsetSettingsSentence(unset));
  const found = await q.selectClients(db, businessId, input.clientIds);
  if (found.length !== input.clientIds.length) {
    const missing = input.clientIds.length - found.length;
    throw new HttpError(400, `${missing === 1 ? 'One selected client was' : `${missing} selected clients were`} not found. Reload the list and try again.`);
  }
  const withoutPhone = found.filter((c) => !normalizePhone(c.phone));
  if (withoutPhone.length > 0) {
    const names = withoutPhone.slice(0, 3).map((c) => c.name).join(', ');
    throw new HttpError(400, `Only clients with a valid mobile number can be texted; remove ${names}${withoutPhone.length > 3 ? ` and ${withoutPhone.length - 3} more` : ''}.`);
  }
  // Left out, with the reason shown: opted out, a number that cannot take texts, no basis to text.
  const texting = await textingOf(db, businessId, found);
  const byId = new Map(found.map((c) => [c.id, c]));
  const now = ctx.now ?? new Date();
  let batchId = 0;
  let repeat = false;
  await queueTexts(
    ctx,
    businessId,
    async (tx) => {
      const batch = await insertBatch(tx, businessId, {
        message: input.message,
        total: input.clientIds.length,
        idempotencyKey: input.idempotencyKey ?? null,
        contentKey: sameSendKey({ kind: 'bulk', clientIds: [...input.clientIds].sort((a, b) => a - b), message: input.message }),
        windowMinutes: SAME_SEND_MINUTES,
      });
      batchId = batch.id;
      if (batch.repeat) {
        if (batch.repeat.message !== input.message || batch.repeat.total !== input.clientIds.length) throw new HttpError(409, KEY_REUSED);
        repeat = true;
        return [];
      }
      if (ctx.by) await recordAction(tx, ctx.by, { kind: 'bulk_sent', summary: bulkSummary(input.clientIds.length, input.message), object: { type: 'batch', id: batchId } });
      return input.clientIds.map((clientId): TextToQueue => {
        const phone = normalizePhone(byId.get(clientId)!.phone)!;
        return {
          clientId,
          kind: 'bulk',
          key: `bulk:${batchId}:${clientId}`,
          body: input.message,
          batchId,
          skipReason: marketingBlock(texting.get(clientId)!) ?? undefined,
          held: ctx.sendWindowOff ? undefined : heldUntil(phone, now, sender.timeZone),
        };
      });
    },
    { now },
  );
  return { batch: (await bulkBatches(db, businessId, { id: batchId, limit: 1 }))[0], repeat };
}

/** When the recipient's window is closed now: its opening (daily caps are checked when the text is due). */
function heldUntil(to: string, now: Date, businessTimeZone: string): TextToQueue['held'] {
  const decision = decideSendTime({ to, now, businessTimeZone, kind: 'marketing', recentMarketingSentAt: [] });
  return decision.sendNow ? undefined : { until: decision.notBefore, reason: decision.explanation, timeZone: decision.timeZone };
}

const bulkSummary = (n: number, message: string) =>
  `Bulk text to ${n} ${n === 1 ? 'client' : 'clients'}: "${message.length > 60 ? `${message.slice(0, 60)}…` : message}"`;

export async function bulkBatches(db: Database['db'], businessId: number, opts: { id?: number; limit: number; perBatch?: number }): Promise<BulkBatch[]> {
  const batches = await selectBatches(db, businessId, { ...opts, perBatch: opts.perBatch ?? PROBLEMS_SHOWN });
  return batches.map(({ problems, waits, ...b }) => ({
    ...b,
    waits: waits.map((w) => ({ count: w.count, at: new Date(w.at).toISOString(), timeZone: w.timeZone })),
    finished: b.queued + b.sending === 0,
    problems: problems.map(({ clientId, name, status, reason }) => ({ clientId, name, status, reason })),
  }));
}

export async function bulkBatch(db: Database['db'], businessId: number, id: number): Promise<BulkBatch> {
  const [batch] = await bulkBatches(db, businessId, { id, limit: 1 });
  if (!batch) throw new HttpError(404, BULK_NOT_FOUND);
  return batch;
}
