import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Tx } from '../../../db/client';
import { type ActivityMetadata, recordActivity } from '../../activity-log/service';
import { type Actor, recordAction } from '../../activity-record/service';
import { HttpError } from '../../../platform/errors';
import { publicOrigin } from '../../../platform/public-origin';
import type { SmsProvider } from '../../../providers/sms/types';
import { SmsProviderError } from '../../../providers/sms/types';
import { formatPhone } from '../../../../shared/format';
import { normalizePhone } from '../../../../shared/phone';
import { countSegments } from '../../../../shared/sms-segments';
import { isOptedOut, optOut } from '../numbers/opt-outs';
import { phonesWithConsent } from './texting';
import { noConsentMessage } from '../../../../shared/schemas/texting';
import { noteDelivery, unreachableReason } from './unreachable';
import { deliveryError } from '../../../../shared/sms-errors';
import * as q from './queries';
import { registrationBlock } from '../numbers/registration';
import { firstName, referralLink, renderMessage } from '../../../../shared/sms-template';
import { missingMessage } from './render';
import { earlierSameSend, NOT_SENT_STATUSES, SAME_SEND_MINUTES, sameSendKey } from './same-send';

/** What sending needs from the app: the database, the provider, and the public origin for links and callbacks. */
export type SendContext = {
  database: Database;
  sms: SmsProvider;
  /** APP_URL, or the request's origin: referral links are built on it. */
  origin: string;
  /** APP_URL only: Twilio posts delivery status to APP_URL/api/sms/status (none without it). */
  appUrl?: string;
  /** The person sending by hand (a request's): the message names them and the activity record gets the send. */
  by?: Actor | null;
};

/** The send context of a request: the app's database and provider, links on APP_URL (or the request's origin). */
export function sendContextOf(app: FastifyInstance, request: FastifyRequest): SendContext {
  const { database, sms, config } = app.deps;
  return { database, sms, origin: publicOrigin(request, config.appUrl), appUrl: config.appUrl };
}

export type SendSmsInput = {
  businessId: number;
  /** The client to text (its phone, name and referral code); or `to` for a number that is no client. */
  clientId?: number | null;
  to?: string | null;
  /** Who `to` is (a lead, a referred friend), for the answers; the formatted number otherwise. */
  name?: string;
  /** The text, with placeholders; rendered unless `render` is false. */
  body: string;
  /** thankYou, gift, followUp, referral, review, reply, bulk, lead... (stored with the message). */
  messageType: string;
  render?: boolean;
  /** The activity line written when the text was sent (default: 'sms_sent', 'Text sent to {name}'). */
  activity?: { type: string; description: string | ((recipientName: string) => string); metadata?: ActivityMetadata };
  /** Runs in the transaction that records a sent text (a gift records the reward there). 'thankYou' and 'gift' texts stamp the client there too. */
  onSent?: (tx: Tx, sent: SentText) => Promise<void>;
  /** A gift's reward: recorded on the client (hasReward, rewardEarned) in the transaction that records the text. */
  reward?: string;
  /** Runs once the message is stored as 'pending', before the provider is called (the outbox links its row). */
  onStored?: (messageId: number) => Promise<void>;
  /** The owner's own phone (their notifications, a forwarded reply): no consent basis is asked of it. */
  toOwner?: boolean;
  /**
   * An owner's tap (Send, Thanks, Gift, Follow Up, a reply): the same text of the same kind to the same recipient
   * within minutes is one text, and a repeat answers the first one's result (`repeat`; docs/sms.md).
   */
  ownerTap?: boolean;
  /**
   * The caller's own check that must hold for this text to go, run once the text is stored and its key is this
   * request's, before the provider is called (a follow-up's once-a-day claim). A throw removes the stored text
   * (nothing was sent) and is the answer.
   */
  beforeSend?: () => Promise<void>;
  /** A tapped text going out of the outbox: the person who tapped it, named on the message (recorded when it was tapped). */
  sentBy?: number | null;
};

export type SentText = {
  messageId: number;
  sid: string;
  status: string;
  from: string;
  to: string;
  body: string;
  clientId: number | null;
  recipientName: string;
  segments: number;
  /** The same send was made moments ago (`ownerTap`): this is its result, and nothing was sent or written now. */
  repeat: boolean;
};

/** The provider may or may not have sent the text (no answer in time, a broken connection): its message is 'unknown'. */
export class OutcomeUnknownError extends HttpError {
  constructor(
    message: string,
    public readonly messageId: number,
    public readonly cause: SmsProviderError,
  ) {
    super(502, message);
  }
}

export const MAX_SMS_LENGTH = 1600;
export const NO_NUMBER_MESSAGE = 'Your business has no SMS number yet, so no text was sent. Choose one under SMS Management (Setup) first.';

/** A text that passed the send service's refusals: its recipient and its rendered body. */
export type CheckedText = { sender: q.SenderRow & { number: string }; clientId: number | null; recipientName: string; to: string; body: string };

/**
 * The send service's refusals, before anything is stored (docs/sms.md "Sending", steps 1 and 2): the recipient,
 * the placeholders, the length, the business's number and registration, an unreachable or opted-out number and
 * the consent basis. `sendSms` runs it first; a text queued for later runs it before it is queued.
 */
export async function checkText(ctx: SendContext, input: SendSmsInput): Promise<CheckedText> {
  const db = ctx.database.db;
  const { businessId } = input;
  const sender = await q.selectSender(db, businessId);
  if (!sender) throw new HttpError(404, 'Business not found');

  let clientId: number | null = null;
  let recipientName: string;
  let to: string | null;
  let referralCode: string | null = null;
  if (input.clientId != null) {
    const client = await q.selectRecipient(db, businessId, input.clientId);
    if (!client) throw new HttpError(404, 'Client not found');
    clientId = client.id;
    recipientName = client.name;
    referralCode = client.referralCode;
    to = normalizePhone(input.to ?? client.phone);
    if (!to) throw new HttpError(400, `${client.name} has no valid mobile number, so no text was sent. Add one to the client first.`);
  } else {
    to = normalizePhone(input.to);
    if (!to) throw new HttpError(400, 'Please enter a valid phone number');
    recipientName = input.name ?? formatPhone(to);
  }

  const rendered =
    input.render === false
      ? { text: input.body, missing: [] }
      : renderMessage(input.body, {
          clientName: clientId != null ? firstName(recipientName) : null,
          referralCode,
          referralLink: referralCode ? referralLink(ctx.origin, referralCode) : null,
          referralDiscount: sender.referralDiscount,
          googleReviewLink: sender.googleReviewLink,
          businessName: sender.name,
        });
  if (rendered.missing.length > 0) throw new HttpError(400, missingMessage(rendered.missing));
  const body = rendered.text.trim();
  if (!body) throw new HttpError(400, 'Please enter a message');
  if (body.length > MAX_SMS_LENGTH) throw new HttpError(400, `The message is too long (${MAX_SMS_LENGTH} characters at most)`);

  if (!sender.number) throw new HttpError(409, NO_NUMBER_MESSAGE);
  // US carriers refuse texts from a number outside an approved A2P campaign (docs/sms-registration.md).
  const blocked = await registrationBlock(db, businessId);
  if (blocked) throw new HttpError(409, blocked);
  const unreachable = await unreachableReason(db, businessId, to);
  if (unreachable) throw new HttpError(409, `No text was sent to ${recipientName}: ${unreachable}`);
  if (await isOptedOut(db, businessId, to)) {
    throw new HttpError(409, `${recipientName} has opted out of texts (replied STOP), so no text was sent. They can text START to your number to opt back in.`);
  }
  // Every text to a person needs their consent basis, whatever screen it starts from (docs/sms.md, "Consent to text").
  if (!input.toOwner && !(await phonesWithConsent(db, businessId, [to])).has(to)) throw new HttpError(409, noConsentMessage(recipientName));
  return { sender: { ...sender, number: sender.number }, clientId, recipientName, to, body };
}

/**
 * The one way a text leaves the app (docs/sms.md). Refuses, before anything is stored, when the
 * business has no number, the recipient has no valid phone or has opted out, or a placeholder has no
 * value. Otherwise the message is stored as 'pending', handed to the provider, and then recorded as
 * sent (sms_messages with the provider's sid and status, sms_logs, activity_logs) or as failed, with a
 * 4xx/5xx that says it was not sent. A 21610 refusal puts the number on the opt-out list.
 */
export async function sendSms(ctx: SendContext, input: SendSmsInput, checked?: CheckedText): Promise<SentText> {
  const { database, sms } = ctx;
  const db = database.db;
  const { businessId } = input;
  // `checked`: the caller has just run checkText on this input (a one-tap text deciding its send time).
  const { sender, clientId, recipientName, to, body } = checked ?? (await checkText(ctx, input));

  const from = sender.number;
  const messageType = input.messageType;
  // Stored before the provider is called: a crash in between leaves a 'pending' row, never nothing.
  const outbound = { clientId, from, to, body, messageType, sentBy: ctx.by?.personId ?? input.sentBy ?? null };
  let messageId: number;
  if (input.ownerTap) {
    const sendKey = sameSendKey({ kind: messageType, clientId, to, body });
    const stored = await q.insertKeyedOutbound(db, businessId, { ...outbound, sendKey }, { windowMinutes: SAME_SEND_MINUTES, notSent: NOT_SENT_STATUSES });
    if (stored === null) return { ...(await earlierSameSend(db, businessId, sendKey, recipientName)), clientId, recipientName, repeat: true };
    messageId = stored;
  } else {
    messageId = await q.insertOutbound(db, businessId, outbound);
  }
  if (input.beforeSend) {
    try {
      await input.beforeSend();
    } catch (error) {
      await q.deleteUnsentOutbound(db, businessId, messageId);
      throw error;
    }
  }
  await input.onStored?.(messageId);
  const segments = countSegments(body).segments;
  const baseMetadata: ActivityMetadata = {
    phone_number: to,
    message_type: messageType,
    client_id: clientId ?? undefined,
    client_name: clientId != null ? recipientName : undefined,
    message_id: messageId,
    segments,
  };

  let result: { sid: string; status: string };
  try {
    result = await sms.send({ from, to, body, statusCallbackUrl: ctx.appUrl ? `${ctx.appUrl}/api/sms/status` : undefined });
  } catch (error) {
    const providerError = error instanceof SmsProviderError ? error : null;
    if (providerError?.uncertain) {
      // It may have gone out: never failed (the owner would send it again), never sent again blindly. The
      // reconciliation job asks the provider and records it as sent or not sent (docs/sms-outbox.md).
      await q.finishOutbound(db, businessId, messageId, { sid: null, status: 'unknown' });
      throw new OutcomeUnknownError(
        `We could not confirm that the text to ${recipientName} went out (${providerError.message}). It is being checked with the SMS provider and will not be sent twice; Message History shows the outcome.`,
        messageId,
        providerError,
      );
    }
    await db.transaction(async (tx) => {
      await q.finishOutbound(tx, businessId, messageId, { sid: null, status: 'failed', errorCode: providerError?.code ?? null });
      await noteDelivery(tx, businessId, to, { errorCode: providerError?.code ?? null, delivered: false });
      await q.insertSmsLog(tx, businessId, { clientId, phone: to, messageType, content: body, status: 'failed', sid: null });
      await recordActivity(tx, businessId, 'sms_failed', `Text to ${recipientName} failed`, {
        ...baseMetadata,
        error: providerError?.message ?? 'The SMS provider failed',
        error_code: providerError?.code ?? undefined,
      });
      if (providerError?.optedOut) await optOut(tx, businessId, to, { source: 'provider', detail: String(providerError.code) });
    });
    if (providerError?.optedOut) {
      throw new HttpError(409, `${recipientName} has opted out of texts from your number at the carrier, so no text was sent. They can text START to your number to opt back in.`);
    }
    if (!providerError) throw error;
    // The provider's error rides along: the outbox retries what may pass later (no answer, 5xx, 429).
    const known = deliveryError(providerError.code);
    if (known?.unreachable) throw Object.assign(new HttpError(409, `No text was sent to ${recipientName}: ${known.label}. ${known.advice}`), { cause: providerError });
    throw Object.assign(new HttpError(502, `The text to ${recipientName} was not sent: ${providerError.message}. It is kept as failed in Message History; please try again.`), { cause: providerError });
  }

  const sent: SentText = { messageId, sid: result.sid, status: result.status, from, to, body, clientId, recipientName, segments, repeat: false };
  // The provider took it: recorded first on its own, so a failing onSent cannot leave it 'pending'.
  await q.finishOutbound(db, businessId, messageId, { sid: result.sid, status: result.status });
  await db.transaction(async (tx) => {
    await q.insertSmsLog(tx, businessId, { clientId, phone: to, messageType, content: body, status: result.status, sid: result.sid });
    const activity = input.activity ?? { type: 'sms_sent', description: `Text sent to ${recipientName}` };
    const description = typeof activity.description === 'function' ? activity.description(recipientName) : activity.description;
    await recordActivity(tx, businessId, activity.type, description, {
      ...baseMetadata,
      twilio_sid: result.sid,
      message: body,
      ...activity.metadata,
    });
    if (clientId != null) await q.stampClientText(tx, businessId, clientId, messageType, input.reward);
    await input.onSent?.(tx, sent);
    if (ctx.by) await recordAction(tx, ctx.by, { kind: 'text_sent', summary: description, object: recordObject(clientId, activity.metadata) });
  });
  return sent;
}

/** What a text sent by hand is about in the activity record: its client, or its lead. */
export function recordObject(clientId: number | null, metadata: ActivityMetadata | undefined) {
  if (clientId != null) return { type: 'client' as const, id: clientId };
  const { lead_id: lead, referral_id: referral } = metadata ?? {};
  if (typeof lead === 'number') return { type: 'lead' as const, id: lead };
  return typeof referral === 'number' ? { type: 'referral' as const, id: referral } : undefined;
}

/** The free allowance (spec: the first 100 messages are free). */
export const FREE_MESSAGES = 100;

export async function smsUsage(db: Tx, businessId: number) {
  const used = await q.countSent(db, businessId);
  return { used, free: FREE_MESSAGES, freeRemaining: Math.max(0, FREE_MESSAGES - used) };
}
