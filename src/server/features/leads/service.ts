import type { Tx } from '../../db/client';
import { HttpError } from '../../platform/errors';
import type { EmailProvider } from '../../providers/email/types';
import { normalizePhone } from '../../../shared/phone';
import {
  LEAD_COMMUNICATIONS_LIMIT,
  LEAD_INVALID_PHONE,
  LEAD_NO_EMAIL,
  LEAD_NO_PHONE,
  LEAD_NOT_FOUND,
  LEAD_TOP_REFERRERS,
  type Lead,
  type LeadCommunication,
  type LeadPage,
  type LeadStats,
  type LeadStatus,
  type LeadStatusReply,
} from '../../../shared/schemas/leads';
import { type SendContext, consentOfPhones, sendSms } from '../sms/service';
import { firstName } from '../../../shared/sms-template';
import * as q from './queries';

// The Lead Inbox's rules (docs/leads.md).

export async function listLeads(db: Tx, businessId: number, opts: q.LeadFilters & { page: number; pageSize: number }): Promise<LeadPage> {
  const found = await q.selectLeadPage(db, businessId, opts, opts.pageSize, (opts.page - 1) * opts.pageSize);
  return { ...found, leads: await withConsent(db, businessId, found.leads), page: opts.page, pageSize: opts.pageSize };
}


/** Percent to 1 decimal (0 with nothing to divide). */
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

export async function leadStats(db: Tx, businessId: number): Promise<LeadStats> {
  const { topReferrers, ...counts } = await q.selectLeadStats(db, businessId, LEAD_TOP_REFERRERS);
  return {
    totalLeadsThisWeek: counts.thisWeek,
    conversionRate: percent(counts.converted, counts.total),
    referralPercentage: percent(counts.referral, counts.total),
    topReferrers,
  };
}

/** Adds a lead by hand: always source 'manual' and status 'new'; a phone must be one the app can text. */
export async function addLead(db: Tx, businessId: number, input: { name: string; email: string | null; phone: string | null; notes: string | null }): Promise<Lead> {
  let phone: string | null = null;
  if (input.phone) {
    phone = normalizePhone(input.phone);
    if (!phone) throw new HttpError(400, LEAD_INVALID_PHONE);
  }
  const [lead] = await withConsent(db, businessId, [await q.insertManualLead(db, businessId, { name: input.name, email: input.email ? input.email.toLowerCase() : null, phone, notes: input.notes })]);
  return lead;
}

/**
 * Sets a lead's status. A lead set to converted that came with a pending referral names it, so the screen can
 * offer to convert the referral too (docs/leads.md, "Status").
 */
export async function setLeadStatus(db: Tx, businessId: number, id: number, status: LeadStatus): Promise<LeadStatusReply> {
  const updated = await q.updateLeadStatus(db, businessId, id, status);
  if (!updated) throw new HttpError(404, LEAD_NOT_FOUND);
  const [lead] = await withConsent(db, businessId, [updated]);
  return { ...lead, pendingReferral: status === 'converted' ? await q.selectPendingReferralOfLead(db, businessId, id) : null };
}

export async function communications(db: Tx, businessId: number, leadId: number): Promise<LeadCommunication[]> {
  const list = await q.selectCommunications(db, businessId, leadId, LEAD_COMMUNICATIONS_LIMIT);
  if (!list) throw new HttpError(404, LEAD_NOT_FOUND);
  return list;
}

/** Each lead with whether its phone may be texted (the send service's own rule, docs/sms.md "Consent to text"). */
async function withConsent(db: Tx, businessId: number, list: q.LeadRecord[]): Promise<Lead[]> {
  const agreed = await consentOfPhones(db, businessId, list.map((l) => l.phone));
  return list.map((l, i) => ({ ...l, agreedToTexts: agreed[i] }));
}

async function leadOf(db: Tx, businessId: number, id: number): Promise<q.LeadRecord> {
  const lead = await q.selectLead(db, businessId, id);
  if (!lead) throw new HttpError(404, LEAD_NOT_FOUND);
  return lead;
}

/**
 * Texts a lead through the SMS send service (which refuses no business number, an opted-out number and
 * unfilled placeholders). {clientName} is the lead's first name. The communication is recorded in the
 * transaction that records the sent text, so it exists only when the provider took the text.
 */
export async function textLead(ctx: SendContext, businessId: number, leadId: number, message: string): Promise<LeadCommunication> {
  const db = ctx.database.db;
  const lead = await leadOf(db, businessId, leadId);
  if (!lead.phone?.trim()) throw new HttpError(400, LEAD_NO_PHONE);
  const to = normalizePhone(lead.phone);
  if (!to) throw new HttpError(400, `${lead.name}'s phone number (${lead.phone}) is not a valid mobile number, so no text was sent`);
  let communication: LeadCommunication | null = null;
  const sent = await sendSms(ctx, {
    businessId,
    to,
    name: lead.name,
    body: message.replaceAll('{clientName}', firstName(lead.name)),
    messageType: 'lead',
    ownerTap: true,
    activity: { type: 'sms_sent', description: `Text sent to ${lead.name} (lead)`, metadata: { lead_id: lead.id, lead_name: lead.name } },
    // In the lead's thread (its communications and SMS Conversations), whatever the provider answers.
    onStored: (messageId) => q.linkTextToLead(db, businessId, messageId, lead.id),
    onSent: async (tx, sent) => {
      communication = await q.insertCommunication(tx, businessId, lead.id, { type: 'sms', subject: null, content: sent.body, status: 'sent' });
    },
  });
  if (communication) return communication;
  // The same text moments ago (`repeat`): its communication, the lead's newest with that text.
  const earlier = (await q.selectCommunications(db, businessId, lead.id, 20))?.find((c) => c.type === 'sms' && c.direction === 'outbound' && c.content === sent.body);
  if (!earlier) throw new HttpError(409, `This text to ${lead.name} was just sent; reload the lead to see it.`);
  return earlier;
}

export type MailContext = { db: Tx; email: EmailProvider; log: { error(obj: unknown, msg: string): void } };

/**
 * E-mails a lead through the mail provider (SMTP, or the .eml outbox), replies going to the business's
 * e-mail. Recorded only once the provider accepted it; a failure says it was not sent and records nothing.
 */
export async function emailLead(ctx: MailContext, businessId: number, leadId: number, input: { subject: string; message: string }): Promise<LeadCommunication> {
  const lead = await leadOf(ctx.db, businessId, leadId);
  if (!lead.email?.trim()) throw new HttpError(400, LEAD_NO_EMAIL);
  const business = await q.selectSenderOf(ctx.db, businessId);
  try {
    // From "{Business name} <MAIL_FROM's address>", answers to the owner (docs/leads.md, "E-mailing a lead").
    await ctx.email.send({ to: lead.email.trim(), subject: input.subject, text: input.message, replyTo: business?.email ?? undefined, fromName: business?.name });
  } catch (error) {
    ctx.log.error({ err: error, leadId }, 'lead e-mail failed');
    throw new HttpError(502, `The email to ${lead.name} was not sent: the mail server did not accept it. Please try again.`);
  }
  return q.insertCommunication(ctx.db, businessId, lead.id, { type: 'email', subject: input.subject, content: input.message, status: 'sent' });
}
