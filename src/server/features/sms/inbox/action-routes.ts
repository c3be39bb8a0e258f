import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../../platform/errors';
import { businessIdOf } from '../../../platform/session';
import { parse } from '../../../platform/validate';
import { simulateInboundSchema, smsMessageSchema, smsReplyResultSchema, smsReplySchema } from '../../../../shared/schemas/sms-inbox';
import { z } from 'zod';
import { normalizePhone } from '../../../../shared/phone';
import * as iq from './inbound-queries';
import { selectMessage } from './queries';
import { replyToClient } from './outbound';
import { tapContextOf } from '../outbox/owner-tap';
import { scheduledFor } from '../../../../shared/schemas/send-time';
import { inboxContext, receiveAndNotify } from './webhook-routes';

/** The owner's actions on the inbox: reply to a client, and (simulator only) play a client's or a lead's text. */
export async function actionRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { database, sms } = app.deps;

  app.post('/sms/reply', { config: { role: 'staff' }, schema: { response: { 200: smsReplyResultSchema } } }, async (request) => {
    const input = parse(smsReplySchema, request.body);
    const businessId = businessIdOf(request);
    const { sent, scheduled } = await replyToClient(inboxContext(untyped, request), tapContextOf(untyped, request), { businessId, clientId: input.clientId, body: input.message });
    if (scheduled) return { success: true as const, message: scheduledFor('Reply', scheduled), sms: null, scheduled };
    const sms_ = await selectMessage(database.db, businessId, sent.messageId);
    if (!sms_) throw new HttpError(500, 'The reply was sent but could not be read back.');
    return { success: true as const, message: 'Reply sent successfully', sms: sms_, scheduled: null };
  });

  app.post('/sms/simulate-inbound', { schema: { response: { 201: z.object({ success: z.literal(true), sms: smsMessageSchema }) } } }, async (request, reply) => {
    const input = parse(simulateInboundSchema, request.body);
    const businessId = businessIdOf(request);
    if (!sms.isSimulator) throw new HttpError(404, 'Playing a client\'s reply is only possible with the local SMS simulator.');
    const from = input.leadId !== undefined ? await leadPhone(businessId, input.leadId) : await clientPhone(businessId, input.clientId!);
    const number = await iq.selectBusinessNumber(database.db, businessId);
    if (!number) throw new HttpError(400, 'Choose your business SMS number first (SMS Management, Setup).');
    // The same inbound path as the provider's webhook (notifications included).
    const outcome = await receiveAndNotify(untyped, request, { MessageSid: `SMsim${randomBytes(15).toString('hex')}`, From: from, To: number, Body: input.message });
    if (outcome.kind !== 'stored' || outcome.businessId !== businessId) throw new HttpError(409, 'The text was not stored as a reply.');
    const message = await selectMessage(database.db, businessId, outcome.messageId);
    if (!message) throw new HttpError(500, 'The text was stored but could not be read back.');
    return reply.status(201).send({ success: true as const, sms: message });
  });

  async function clientPhone(businessId: number, clientId: number): Promise<string> {
    const client = await iq.selectClient(database.db, businessId, clientId);
    if (!client) throw new HttpError(404, 'Client not found');
    if (!client.phone) throw new HttpError(400, 'This client has no phone number.');
    return client.phone;
  }

  /** A lead's text arrives from its phone as the provider would send it (E.164), so the inbound path finds the lead. */
  async function leadPhone(businessId: number, leadId: number): Promise<string> {
    const lead = await iq.selectLead(database.db, businessId, leadId);
    if (!lead) throw new HttpError(404, 'Lead not found');
    if (!lead.phone?.trim()) throw new HttpError(400, 'This lead has no phone number.');
    const phone = normalizePhone(lead.phone);
    if (!phone) throw new HttpError(400, `${lead.name}'s phone number (${lead.phone}) is not a valid mobile number.`);
    return phone;
  }
}
