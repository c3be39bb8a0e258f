import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessIdOf } from '../../platform/session';
import { parse } from '../../platform/validate';
import { feedQuerySchema, feedSchema, repliesQuerySchema, repliesResponseSchema } from '../../../shared/schemas/sms-inbox';
import * as inbox from '../sms/service';

/** The dashboard's activity panels of texts: unread replies and the text feed (the referral panels are the referrals feature's). */
export async function activityRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

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
