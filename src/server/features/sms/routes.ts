import type { FastifyInstance } from 'fastify';

/** SMS number set-up, sending and outreach settings (issue 10). */
export async function smsRoutes(_app: FastifyInstance) {}
