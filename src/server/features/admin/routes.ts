import { textReply } from '../../platform/openapi';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, businessIdOf } from '../../platform/session';
import { recorded } from '../activity-record/service';
import { parse } from '../../platform/validate';
import { clientActionResponseSchema, sendGiftSchema, sendThanksSchema } from '../../../shared/schemas/clients';
import * as clients from '../clients/service';
import { type SentText, tapContextOf } from '../sms/service';
import { scheduledFor } from '../../../shared/schemas/send-time';

/** The text a thanks or gift sent, as the reply declares it. */
const smsReply = (sms: SentText) => ({ id: sms.messageId, sid: sms.sid, status: sms.status, to: sms.to, body: sms.body, segments: sms.segments });

/** The owner's actions on a client from the dashboard: a thank-you, a gift (each sent now or at the client's hours), the clients' CSV export. */
export async function adminRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.post('/admin/send-gift', { config: { role: 'staff' }, schema: { response: { 200: clientActionResponseSchema } } }, async (request) => {
    const input = parse(sendGiftSchema, request.body);
    const { client, sent, scheduled } = await clients.sendGift(tapContextOf(app, request), businessIdOf(request), input);
    return { success: true as const, message: scheduled ? scheduledFor('Gift', scheduled) : 'Gift sent successfully!', client, sms: sent && smsReply(sent), scheduled };
  });

  app.post('/admin/send-thanks', { config: { role: 'staff' }, schema: { response: { 200: clientActionResponseSchema } } }, async (request) => {
    const input = parse(sendThanksSchema, request.body);
    const { client, sent, scheduled } = await clients.sendThanks(tapContextOf(app, request), businessIdOf(request), input);
    return { success: true as const, message: scheduled ? scheduledFor('Thank you message', scheduled) : 'Thank you message sent!', client, sms: sent && smsReply(sent), scheduled };
  });

  app.get('/admin/export', { schema: { response: { 200: textReply('The clients as a CSV file') } } }, async (request, reply) => {
    const exported = { kind: 'export', summary: 'Exported the clients (CSV)', object: { type: 'business' } } as const;
    const csv = await recorded(db, actorOf(request), exported, (tx) => clients.exportClientsCsv(tx, businessIdOf(request)));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="clients-export.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
