import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessIdOf } from '../../platform/session';
import { parse } from '../../platform/validate';
import { bookingTrendPointSchema, bookingTrendsQuerySchema } from '../../../shared/schemas/clients';
import { topReferrerSchema, topReferrersQuerySchema } from '../../../shared/schemas/referrals';
import * as clients from '../clients/service';
import * as referrals from '../referrals/service';

/** The dashboard's charts: bookings over time and the top referrers, each read by the feature that owns the data. */
export async function analyticsRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get('/analytics/booking-trends', { config: { role: 'staff' }, schema: { response: { 200: z.array(bookingTrendPointSchema) } } }, async (request) => {
    const { days } = parse(bookingTrendsQuerySchema, request.query);
    return clients.bookingTrends(db, businessIdOf(request), days);
  });

  app.get('/analytics/top-referrers', { config: { role: 'staff' }, schema: { response: { 200: z.array(topReferrerSchema) } } }, async (request) => {
    const { limit } = parse(topReferrersQuerySchema, request.query);
    return referrals.topReferrers(db, businessIdOf(request), limit);
  });
}
