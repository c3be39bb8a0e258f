import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { HttpError } from '../../../platform/errors';
import type { SmsProvider } from '../../../providers/sms/types';
import { SmsProviderError } from '../../../providers/sms/types';
import { formatPhone } from '../../../../shared/format';
import { normalizePhone } from '../../../../shared/phone';
import { recordActivity } from '../../activity-log/service';
import { noteDelivery } from '../send/unreachable';
import * as q from './inbound-queries';
import { type Keyword, keywordOf, helpReply, START_CONFIRMATION, STOP_CONFIRMATION } from './keywords';
import { ANSWER_WINDOW_HOURS, optInNumber, optOutNumber, sendAsBusiness, sendCompliance } from './outbound';

// An inbound text, after its signature was checked (webhook-routes.ts). docs/sms-inbox.md "Receiving".

export type InboxContext = {
  database: Database;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  /** APP_URL or the request's origin (referral links in rendered replies). */
  origin: string;
  /** APP_URL: where the provider posts delivery status. */
  appUrl?: string;
};

export type InboundOutcome =
  | { kind: 'stored'; messageId: number; businessId: number; clientId: number | null; keyword: Keyword | null }
  | { kind: 'duplicate' }
  | { kind: 'unknown-number' }
  | { kind: 'relayed'; businessId: number };

/** Stores the text (once per provider id), applies its keyword, then answers it and forwards it as the business says. */
export async function receiveInbound(ctx: InboxContext, params: Record<string, string>): Promise<InboundOutcome> {
  let inbound;
  try {
    inbound = ctx.sms.parseInbound(params);
  } catch (error) {
    if (error instanceof SmsProviderError) throw new HttpError(400, 'The inbound message lacks MessageSid, From or To.');
    throw error;
  }
  const from = normalizePhone(inbound.from) ?? inbound.from.trim();
  const to = normalizePhone(inbound.to) ?? inbound.to.trim();
  const owner = await q.selectNumberOwner(ctx.database.db, to);
  if (!owner) {
    ctx.log.warn({ to }, 'inbound text to a number no business owns');
    return { kind: 'unknown-number' };
  }
  const forwarding = owner.enableForwarding && owner.forwardingNumber ? normalizePhone(owner.forwardingNumber) : null;

  // The owner answering a forwarded text from their own phone: relay it to that client.
  if (forwarding && from === forwarding && !keywordOf(inbound.body)) {
    const context = await q.selectReplyContext(ctx.database.db, owner.businessId, forwarding);
    if (context) return relayOwnerAnswer(ctx, owner, context, { sid: inbound.sid, from, to, body: inbound.body });
  }

  const keyword = keywordOf(inbound.body);
  const stored = await ctx.database.db.transaction(async (tx) => {
    const client = await q.selectClientByPhone(tx, owner.businessId, from);
    // A text from no client is the lead's with that phone, if any: it joins the lead's thread (docs/sms-inbox.md, "Leads").
    const lead = client ? null : await q.selectLeadByPhone(tx, owner.businessId, from);
    const messageId = await q.insertInboundMessage(tx, {
      businessId: owner.businessId,
      clientId: client?.id ?? null,
      leadId: lead?.id ?? null,
      from,
      to,
      body: inbound.body,
      sid: inbound.sid,
      messageType: keyword ? `keyword_${keyword}` : 'reply',
      isRead: false,
    });
    if (messageId === null) return null;
    const who = client?.name ?? (lead ? `${lead.name} (lead)` : formatPhone(from));
    await recordActivity(tx, owner.businessId, 'sms_received', keyword ? `${who} texted ${inbound.body.trim().toUpperCase()}` : `Text from ${who}`, {
      phone_number: from,
      message_type: keyword ? `keyword_${keyword}` : 'reply',
      twilio_sid: inbound.sid,
      ...(client ? { client_id: client.id, client_name: client.name } : {}),
      ...(lead ? { lead_id: lead.id, lead_name: lead.name } : {}),
    });
    if (keyword === 'stop') await optOutNumber(tx, owner.businessId, from, inbound.body.trim().toUpperCase());
    if (keyword === 'start') await optInNumber(tx, owner.businessId, from, inbound.body.trim().toUpperCase());
    return { messageId, client, lead, who };
  });
  if (!stored) return { kind: 'duplicate' };

  // After the commit: answers and forwarding. A failure here is logged; the text itself is kept.
  const clientId = stored.client?.id ?? null;
  try {
    if (keyword === 'stop' && ctx.sms.isSimulator) {
      // Twilio answers STOP itself and refuses a second text (21610); the simulator plays its answer.
      await sendCompliance(ctx, { businessId: owner.businessId, clientId, from: to, to: from, body: STOP_CONFIRMATION, messageType: 'opt_out_confirmation' });
    } else if (keyword === 'start' && ctx.sms.isSimulator) {
      await sendCompliance(ctx, { businessId: owner.businessId, clientId, from: to, to: from, body: START_CONFIRMATION, messageType: 'opt_in_confirmation' });
    } else if (keyword === 'help') {
      await sendAsBusiness(ctx, { businessId: owner.businessId, clientId, to: from, body: helpReply(owner.name), messageType: 'help_reply' });
    } else if (!keyword && forwarding && from !== forwarding) {
      const name = stored.client?.name ?? stored.lead?.name;
      const label = name ? `${name} (${formatPhone(from)})` : formatPhone(from);
      await sendAsBusiness(ctx, {
        businessId: owner.businessId,
        to: forwarding,
        body: `${label}: ${inbound.body}`,
        messageType: 'forwarded_reply',
        toOwner: true,
        activity: { type: 'sms_forwarded', description: `Text from ${name ?? formatPhone(from)} forwarded to your phone` },
      });
      await q.saveReplyContext(ctx.database.db, {
        businessId: owner.businessId,
        clientId,
        clientPhone: from,
        forwardingNumber: forwarding,
        twilioNumber: to,
        lastMessageId: stored.messageId,
        expiresAt: new Date(Date.now() + ANSWER_WINDOW_HOURS * 3_600_000),
      });
    }
  } catch (error) {
    ctx.log.warn({ err: error, businessId: owner.businessId, sid: inbound.sid }, 'inbound text stored; its answer or forward failed');
  }
  return { kind: 'stored', messageId: stored.messageId, businessId: owner.businessId, clientId, keyword };
}

/**
 * The owner's text from the forwarding phone goes to the client of the latest forwarded text. It is kept
 * (read, with no client) so a repeated webhook relays it once.
 */
async function relayOwnerAnswer(
  ctx: InboxContext,
  owner: q.NumberOwner,
  context: { clientId: number | null; clientPhone: string },
  m: { sid: string; from: string; to: string; body: string },
): Promise<InboundOutcome> {
  const id = await q.insertInboundMessage(ctx.database.db, { businessId: owner.businessId, clientId: null, from: m.from, to: m.to, body: m.body, sid: m.sid, messageType: 'owner_answer', isRead: true });
  if (id === null) return { kind: 'duplicate' };
  try {
    await sendAsBusiness(ctx, { businessId: owner.businessId, clientId: context.clientId, to: context.clientPhone, body: m.body, messageType: 'reply' });
  } catch (error) {
    ctx.log.warn({ err: error, businessId: owner.businessId, sid: m.sid }, "the owner's answer from the forwarding phone was not sent");
  }
  return { kind: 'relayed', businessId: owner.businessId };
}

/** A delivery-status callback: the status of a known outbound text moves forward; 21610 opts the number out. */
export async function receiveStatus(ctx: InboxContext, params: Record<string, string>): Promise<void> {
  const sid = params.MessageSid ?? params.SmsSid;
  const status = (params.MessageStatus ?? params.SmsStatus ?? '').trim().toLowerCase();
  if (!sid || !status) throw new HttpError(400, 'The status callback lacks MessageSid or MessageStatus.');
  const code = /^\d{1,9}$/.test((params.ErrorCode ?? '').trim()) ? Number(params.ErrorCode) : null;
  await ctx.database.db.transaction(async (tx) => {
    const updated = await q.updateDeliveryStatus(tx, sid, status, code);
    // Twilio's ErrorCode is kept on the message; a landline or invalid number is marked, a delivery clears it.
    if (updated && (code != null || status === 'delivered')) await noteDelivery(tx, updated.businessId, updated.to, { errorCode: code, delivered: status === 'delivered' });
    if (Number(params.ErrorCode) === 21610) {
      const message = updated ?? (await q.selectOutboundBySid(tx, sid));
      if (message) await optOutNumber(tx, message.businessId, message.to, 'provider error 21610', 'provider');
    }
  });
}
