import type { Tx } from '../../db/client';
import { SmsProviderError } from '../../providers/sms/types';
import { optIn, optOut, recordSentText, type SendContext, sendSms } from '../sms/service';
import type { InboxContext } from './inbound';
import { markConversationRead } from './queries';

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
  await ctx.database.db.transaction((tx) => recordSentText(tx, m.businessId, { ...m, sid, status }));
}

/** A text from the business's number through the send service (opt-out list, storage, activity): a forward, the owner's relayed answer, HELP. Sent as written. */
export async function sendAsBusiness(
  ctx: InboxContext,
  m: { businessId: number; clientId?: number | null; to: string; body: string; messageType: string; activity?: { type: string; description: string }; toOwner?: boolean },
): Promise<void> {
  await sendSms(sendContext(ctx), {
    businessId: m.businessId,
    clientId: m.clientId ?? null,
    to: m.to,
    body: m.body,
    messageType: m.messageType,
    render: false,
    activity: m.activity,
    toOwner: m.toOwner,
  });
}

export async function optOutNumber(tx: Tx, businessId: number, phone: string, detail: string, source: 'keyword' | 'provider' = 'keyword'): Promise<void> {
  await optOut(tx, businessId, phone, { source, detail });
}

export async function optInNumber(tx: Tx, businessId: number, phone: string, detail: string): Promise<void> {
  await optIn(tx, businessId, phone, { source: 'keyword', detail });
}

/**
 * The owner's reply to a client, sent at once through the send service (placeholders rendered); the stored
 * sms_messages id. Answering reads the conversation: its unread texts become read (badge, Activity, Mark as Read).
 */
export async function replyToClient(ctx: InboxContext, m: { businessId: number; clientId: number; body: string }): Promise<number> {
  const sent = await sendSms(sendContext(ctx), { businessId: m.businessId, clientId: m.clientId, body: m.body, messageType: 'reply', ownerTap: true });
  await markConversationRead(ctx.database.db, m.businessId, m.clientId);
  return sent.messageId;
}

const sendContext = (ctx: InboxContext): SendContext => ({ database: ctx.database, sms: ctx.sms, origin: ctx.origin, appUrl: ctx.appUrl });
