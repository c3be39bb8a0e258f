import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, businessIdOf } from '../../platform/session';
import { parse, parseId } from '../../platform/validate';
import {
  NEW_LEAD_DAYS,
  LEAD_EMAIL_SENT,
  LEAD_NOT_FOUND,
  LEAD_SMS_SENT,
  addLeadSchema,
  leadCommunicationsSchema,
  leadEmailInputSchema,
  leadListQuerySchema,
  leadMessageResponseSchema,
  leadListResponseSchema,
  leadSchema,
  leadSmsInputSchema,
  leadStatsSchema,
  leadStatusInputSchema,
  leadStatusReplySchema,
} from '../../../shared/schemas/leads';
import { sendContextOf } from '../sms/service';
import * as leads from './service';
import * as q from './queries';

// The Lead Inbox's calls (spec part 2 section 7; docs/leads.md).

const idOf = (params: unknown) => parseId((params as { id?: string }).id, LEAD_NOT_FOUND);

export async function leadRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get('/leads', { config: { role: 'staff' }, schema: { response: { 200: leadListResponseSchema } } }, async (request) => {
    const { new: badge, ...query } = parse(leadListQuerySchema, request.query);
    if (badge === 'true' || badge === '1') return { count: await q.countNewLeads(db, businessIdOf(request), NEW_LEAD_DAYS) };
    return leads.listLeads(db, businessIdOf(request), query);
  });

  app.get('/leads/stats', { config: { role: 'staff' }, schema: { response: { 200: leadStatsSchema } } }, async (request) => leads.leadStats(db, businessIdOf(request)));

  // businessId and source in the body are ignored: the business is the session's, the source 'manual'.
  app.post('/leads', { config: { role: 'staff' }, schema: { response: { 201: leadSchema } } }, async (request, reply) => {
    const input = parse(addLeadSchema, request.body);
    const lead = await leads.addLead(db, businessIdOf(request), input);
    return reply.code(201).send(lead);
  });

  app.patch('/leads/:id/status', { config: { role: 'staff' }, schema: { response: { 200: leadStatusReplySchema } } }, async (request) => {
    const id = idOf(request.params);
    const { status } = parse(leadStatusInputSchema, request.body);
    return leads.setLeadStatus(db, businessIdOf(request), id, status);
  });

  app.get('/leads/:id/communications', { config: { role: 'staff' }, schema: { response: { 200: leadCommunicationsSchema } } }, async (request) =>
    leads.communications(db, businessIdOf(request), idOf(request.params)),
  );

  app.post('/leads/:id/sms', { config: { role: 'staff' }, schema: { response: { 200: leadMessageResponseSchema } } }, async (request) => {
    const id = idOf(request.params);
    const { message } = parse(leadSmsInputSchema, request.body);
    const communication = await leads.textLead({ ...sendContextOf(app, request), by: actorOf(request) }, businessIdOf(request), id, message);
    return { success: true as const, message: LEAD_SMS_SENT, communication };
  });

  app.post('/leads/:id/email', { config: { role: 'staff' }, schema: { response: { 200: leadMessageResponseSchema } } }, async (request) => {
    const id = idOf(request.params);
    const input = parse(leadEmailInputSchema, request.body);
    const communication = await leads.emailLead({ db, email: app.deps.email, log: request.log }, businessIdOf(request), id, input);
    return { success: true as const, message: LEAD_EMAIL_SENT, communication };
  });
}
