import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessIdOf } from '../../../platform/session';
import { parse } from '../../../platform/validate';
import {
  markReadResultSchema,
  markReadSchema,
  smsConversationsQuerySchema,
  smsConversationsSchema,
  smsHistoryQuerySchema,
  smsHistorySchema,
  smsLeadConversationsSchema,
} from '../../../../shared/schemas/sms-inbox';
import * as reads from './reads';
import { webhookScope } from './webhook-routes';
import { actionRoutes } from './action-routes';

/** Receiving texts: the provider's webhooks, conversations and marking them read (docs/sms-inbox.md). */
export async function smsInboxRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  await app.register(webhookScope);
  await actionRoutes(untyped);

  app.get('/sms/conversations', { config: { role: 'staff' }, schema: { response: { 200: smsConversationsSchema } } }, async (request) => {
    const query = parse(smsConversationsQuerySchema, request.query);
    return reads.conversations(db, businessIdOf(request), { page: query.page, pageSize: query.pageSize, search: query.search || undefined });
  });

  app.get('/sms/lead-conversations', { config: { role: 'staff' }, schema: { response: { 200: smsLeadConversationsSchema } } }, async (request) =>
    reads.leadConversations(db, businessIdOf(request)),
  );

  app.get('/sms/messages', { config: { role: 'staff' }, schema: { response: { 200: smsHistorySchema } } }, async (request) => {
    const query = parse(smsHistoryQuerySchema, request.query);
    return reads.history(db, businessIdOf(request), query);
  });

  app.post('/sms/mark-read', { config: { role: 'staff' }, schema: { response: { 200: markReadResultSchema } } }, async (request) => {
    const { messageIds } = parse(markReadSchema, request.body);
    return { success: true as const, updated: await reads.markRead(db, businessIdOf(request), messageIds) };
  });
}
