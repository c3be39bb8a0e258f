import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../platform/errors';
import { businessIdOf } from '../../platform/session';
import { parse } from '../../platform/validate';
import {
  bookingTrendPointSchema,
  bookingTrendsQuerySchema,
  clientActionResponseSchema,
  clientListResponseSchema,
  clientSchema,
  clientListQuerySchema,
  dashboardStatsSchema,
  loyaltyDistributionSchema,
  sendGiftSchema,
  sendThanksSchema,
  topClientsQuerySchema,
} from '../../../shared/schemas/clients';
import { z } from 'zod';
import * as clients from './service';
import { sendContextOf, type SentText } from '../sms/service';

/** The text a thanks or gift sent, as the reply declares it. */
const smsReply = (sms: SentText) => ({ id: sms.messageId, sid: sms.sid, status: sms.status, to: sms.to, body: sms.body, segments: sms.segments });

export async function clientRoutes(untyped: FastifyInstance) {
  // Every JSON reply is declared and serialised through its shared schema (docs/platform-rules.md).
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { database } = app.deps;
  const db = database.db;

  app.get('/clients', { schema: { response: { 200: clientListResponseSchema } } }, async (request) => {
    const businessId = businessIdOf(request);
    const query = parse(clientListQuerySchema, request.query);
    if (query.new === 'true' || query.new === '1') return { count: await clients.countNewClients(db, businessId) };
    if (query.page === undefined) {
      // Without page, pageSize has nothing to size: refused rather than silently ignored (docs/clients-api.md).
      if ((request.query as Record<string, unknown>).pageSize !== undefined) throw new HttpError(400, 'pageSize needs page, e.g. ?page=1&pageSize=25');
      return clients.listClientsUnpaged(db, businessId, { search: query.search, sort: query.sort });
    }
    return clients.listClientsPage(db, businessId, { page: query.page, pageSize: query.pageSize, search: query.search, sort: query.sort });
  });

  app.get('/clients/top', { schema: { response: { 200: z.array(clientSchema) } } }, async (request) => {
    const { limit } = parse(topClientsQuerySchema, request.query);
    return clients.topClients(db, businessIdOf(request), limit);
  });

  app.get('/clients/loyalty-distribution', { schema: { response: { 200: loyaltyDistributionSchema } } }, async (request) => clients.loyaltyDistribution(db, businessIdOf(request)));

  app.get('/dashboard/stats', { schema: { response: { 200: dashboardStatsSchema } } }, async (request) => clients.dashboardStats(db, businessIdOf(request)));

  app.get('/analytics/booking-trends', { schema: { response: { 200: z.array(bookingTrendPointSchema) } } }, async (request) => {
    const { days } = parse(bookingTrendsQuerySchema, request.query);
    return clients.bookingTrends(db, businessIdOf(request), days);
  });

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
