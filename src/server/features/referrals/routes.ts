import { textReply } from '../../platform/openapi';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, businessIdOf } from '../../platform/session';
import { recorded } from '../activity-record/service';
import { parse, parseId } from '../../platform/validate';
import { z } from 'zod';
import {
  NEW_REFERRAL_DAYS,
  PENDING_REFERRALS_LIMIT,
  RECENT_CONVERSIONS_LIMIT,
  conversionItemSchema,
  pendingReferralsResponseSchema,
  topReferrerSchema,
  topReferrersQuerySchema,
  REFERRAL_NOT_FOUND,
  REMINDER_SENT,
  referralListQuerySchema,
  referralListResponseSchema,
  reminderResponseSchema,
  rewardGivenInputSchema,
  rewardGivenResponseSchema,
} from '../../../shared/schemas/referrals';
import { tapContextOf } from '../sms/service';
import { scheduledFor } from '../../../shared/schemas/send-time';
import * as referrals from './service';
import * as q from './queries';

// The owner's referral calls (docs/referrals.md, "Owner side").

export async function referralRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get('/referrals', { config: { role: 'staff' }, schema: { response: { 200: referralListResponseSchema } } }, async (request) => {
    const businessId = businessIdOf(request);
    const query = parse(referralListQuerySchema, request.query);
    if (query.new === 'true' || query.new === '1') return { count: await q.countNewReferrals(db, businessId, NEW_REFERRAL_DAYS) };
    return referrals.listReferrals(db, businessId, query);
  });

  app.get('/referrals/export', { schema: { response: { 200: textReply('The referrals as a CSV file') } } }, async (request, reply) => {
    const exported = { kind: 'export', summary: 'Exported the referrals (CSV)', object: { type: 'business' } } as const;
    const csv = await recorded(db, actorOf(request), exported, (tx) => referrals.exportReferralsCsv(tx, businessIdOf(request)));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="referrals-export.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.post('/referrals/send-reminder/:id', { config: { role: 'staff' }, schema: { response: { 200: reminderResponseSchema } } }, async (request) => {
    const id = parseId((request.params as { id?: string }).id, REFERRAL_NOT_FOUND);
    const { sent, scheduled, lastReminderAt } = await referrals.sendReminder(tapContextOf(app, request), businessIdOf(request), id);
    return {
      success: true as const,
      message: scheduled ? scheduledFor('Reminder', scheduled) : REMINDER_SENT,
      lastReminderAt: lastReminderAt.toISOString(),
      sms: sent && { id: sent.messageId, sid: sent.sid, status: sent.status, to: sent.to, body: sent.body, segments: sent.segments },
      scheduled,
    };
  });

  app.put('/referrals/:id/reward', { schema: { response: { 200: rewardGivenResponseSchema } } }, async (request) => {
    const id = parseId((request.params as { id?: string }).id, REFERRAL_NOT_FOUND);
    const { rewardGiven } = parse(rewardGivenInputSchema, request.body);
    return { referralId: id, referralReward: await referrals.setRewardGiven(db, businessIdOf(request), id, rewardGiven) };
  });

  // The dashboard's referral panels: the top referrers chart, recent conversions and pending referrals.
  app.get('/analytics/top-referrers', { config: { role: 'staff' }, schema: { response: { 200: z.array(topReferrerSchema) } } }, async (request) => {
    const { limit } = parse(topReferrersQuerySchema, request.query);
    return q.selectTopReferrers(db, businessIdOf(request), limit);
  });

  app.get('/activities/conversions', { config: { role: 'staff' }, schema: { response: { 200: z.array(conversionItemSchema) } } }, async (request) =>
    q.selectRecentConversions(db, businessIdOf(request), RECENT_CONVERSIONS_LIMIT),
  );

  app.get('/activities/pending-referrals', { config: { role: 'staff' }, schema: { response: { 200: pendingReferralsResponseSchema } } }, async (request) =>
    referrals.pendingReferrals(db, businessIdOf(request), PENDING_REFERRALS_LIMIT),
  );
}
