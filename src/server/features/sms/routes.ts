import type { FastifyInstance } from 'fastify';
import { numberRoutes } from './numbers/routes';
import { smsInboxRoutes } from './inbox/routes';
import { smsOutboxRoutes } from './outbox/routes';
import { smsAutomationRoutes } from './automations/routes';

/** Every SMS route, each part's own (ARCHITECTURE.md, "SMS"): the number, texts received, the outbox, the automations. */
export async function smsRoutes(app: FastifyInstance) {
  for (const part of [numberRoutes, smsInboxRoutes, smsOutboxRoutes, smsAutomationRoutes]) await part(app);
}
