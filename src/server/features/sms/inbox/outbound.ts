import type { Tx } from '../../../db/client';
import { SmsProviderError } from '../../../providers/sms/types';
import { optIn, optOut } from '../numbers/opt-outs';
import { insertSentText } from '../send/queries';
import { type SendContext, sendSms } from '../send/send';
import type { InboxContext } from './inbound';
import { sendOrSchedule, type TapContext, type TapResult } from '../outbox/owner-tap';
import { clientWroteSince, markConversationRead } from './queries';

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
  await ctx.database.db.transaction((tx) => insertSentText(tx, m.businessId, { ...m, sid, status }));
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
 * How long a client's text keeps the owner's answer a reply: it goes at once, whatever the hour
 * (docs/sms-send-window.md), and the owner's forwarding phone keeps answering that client (docs/sms-inbox.md).
 */
export const ANSWER_WINDOW_HOURS = 24;

/**
 * The owner's reply to a client through the send service (placeholders rendered). To a client who texted in the
 * last 24 hours it goes at once: it answers them. Otherwise the owner starts the exchange, and it is timed like
 * a one-tap text: at once inside the client's window, else queued for its start. Answering reads the
 * conversation: its unread texts become read (badge, Activity, Mark as Read).
 */
export async function replyToClient(ctx: InboxContext, tap: TapContext, m: { businessId: number; clientId: number; body: string }): Promise<TapResult> {
  const input = { businessId: m.businessId, clientId: m.clientId, body: m.body, messageType: 'reply' as const, ownerTap: true };
  const since = new Date(tap.now.getTime() - ANSWER_WINDOW_HOURS * 3_600_000);
  const result: TapResult = (await clientWroteSince(ctx.database.db, m.businessId, m.clientId, since))
    ? { sent: await sendSms(tap.send, input), scheduled: null }
    : await sendOrSchedule(tap, input);
  await markConversationRead(ctx.database.db, m.businessId, m.clientId);
  return result;
}

const sendContext = (ctx: InboxContext): SendContext => ({ database: ctx.database, sms: ctx.sms, origin: ctx.origin, appUrl: ctx.appUrl });
