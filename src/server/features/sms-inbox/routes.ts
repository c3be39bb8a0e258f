import type { FastifyInstance } from 'fastify';

/** Receiving texts: the provider's webhooks, conversations, replies and the activity feed (issue 10). */
export async function smsInboxRoutes(_app: FastifyInstance) {}
