import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessIdOf } from '../../../platform/session';
import { parse } from '../../../platform/validate';
import { SCHEDULED_PAGE_SIZE, scheduledQuerySchema, scheduledTextsSchema } from '../../../../shared/schemas/sms-automations';
import { selectScheduled } from '../outbox/scheduled';

/** The automated texts still to go, shown above Message History (docs/sms-automations.md). */
export async function smsAutomationRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { database } = app.deps;

  app.get('/sms/scheduled', { schema: { response: { 200: scheduledTextsSchema } } }, async (request) => {
    const { page } = parse(scheduledQuerySchema, request.query);
    const { rows, total } = await selectScheduled(database.db, businessIdOf(request), { limit: SCHEDULED_PAGE_SIZE + 1, offset: (page - 1) * SCHEDULED_PAGE_SIZE });
    return { texts: rows.slice(0, SCHEDULED_PAGE_SIZE), page, pageSize: SCHEDULED_PAGE_SIZE, total, hasMore: rows.length > SCHEDULED_PAGE_SIZE };
  });
}
