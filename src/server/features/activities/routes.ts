import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessIdOf } from '../../platform/session';
import { parse } from '../../platform/validate';
import { PENDING_REFERRALS_LIMIT, RECENT_CONVERSIONS_LIMIT, conversionItemSchema, pendingReferralsResponseSchema } from '../../../shared/schemas/referrals';
import { feedQuerySchema, feedSchema, repliesQuerySchema, repliesResponseSchema } from '../../../shared/schemas/sms-inbox';
import * as referrals from '../referrals/service';
import * as inbox from '../sms/service';

/** The dashboard's activity panels: recent conversions, pending referrals, unread replies and the text feed. */
export async function activityRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get('/activities/conversions', { config: { role: 'staff' }, schema: { response: { 200: z.array(conversionItemSchema) } } }, async (request) =>
    referrals.recentConversions(db, businessIdOf(request), RECENT_CONVERSIONS_LIMIT),
  );

  app.get('/activities/pending-referrals', { config: { role: 'staff' }, schema: { response: { 200: pendingReferralsResponseSchema } } }, async (request) =>
    referrals.pendingReferrals(db, businessIdOf(request), PENDING_REFERRALS_LIMIT),
  );

  app.get('/activities/replies', { config: { role: 'staff' }, schema: { response: { 200: repliesResponseSchema } } }, async (request) => {
    const query = parse(repliesQuerySchema, request.query);
    const businessId = businessIdOf(request);
    if (query.unread === 'true' || query.unread === '1') return { count: await inbox.unreadCount(db, businessId) };
    return inbox.unreadReplies(db, businessId, query.limit);
  });

  app.get('/activities/feed', { config: { role: 'staff' }, schema: { response: { 200: feedSchema } } }, async (request) => {
    const query = parse(feedQuerySchema, request.query);
    return inbox.feed(db, businessIdOf(request), query);
  });
}
