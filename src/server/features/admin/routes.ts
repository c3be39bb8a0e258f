import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessIdOf } from '../../platform/session';
import { parse } from '../../platform/validate';
import { clientActionResponseSchema, sendGiftSchema, sendThanksSchema } from '../../../shared/schemas/clients';
import * as clients from '../clients/service';
import { sendContextOf, type SentText } from '../sms/service';

/** The text a thanks or gift sent, as the reply declares it. */
const smsReply = (sms: SentText) => ({ id: sms.messageId, sid: sms.sid, status: sms.status, to: sms.to, body: sms.body, segments: sms.segments });

/** The owner's actions on a client from the dashboard: a thank-you, a gift, the clients' CSV export. */
export async function adminRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.post('/admin/send-gift', { schema: { response: { 200: clientActionResponseSchema } } }, async (request) => {
    const input = parse(sendGiftSchema, request.body);
    const { client, sms } = await clients.sendGift(sendContextOf(app, request), businessIdOf(request), input);
    return { success: true as const, message: 'Gift sent successfully!', client, sms: smsReply(sms) };
  });

  app.post('/admin/send-thanks', { schema: { response: { 200: clientActionResponseSchema } } }, async (request) => {
    const input = parse(sendThanksSchema, request.body);
    const { client, sms } = await clients.sendThanks(sendContextOf(app, request), businessIdOf(request), input);
    return { success: true as const, message: 'Thank you message sent!', client, sms: smsReply(sms) };
  });

  app.get('/admin/export', async (request, reply) => {
    const csv = await clients.exportClientsCsv(db, businessIdOf(request));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="clients-export.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
