import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthDownSchema, healthOkSchema } from '../../shared/schemas/health';
import { RETRY_AFTER_SECONDS } from './database-outage';

/**
 * On PostgreSQL a health check that waits longer than this for the database reports it down (a load
 * balancer's own timeout is often 2-5 s). PGlite runs in this process: a long import makes it busy,
 * not down, so there the check waits.
 */
export const HEALTH_DATABASE_TIMEOUT_MS = 2_000;

export async function healthRoutes(app: FastifyInstance) {
  const schema = { response: { 200: healthOkSchema, 503: healthDownSchema } };
  app.withTypeProvider<ZodTypeProvider>().get('/health', { config: { access: 'public' }, schema }, async (_request, reply) => {
    const started = performance.now();
    const kind = app.deps.database.kind;
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = app.deps.database.query('select 1');
      if (kind === 'pg') {
        const timeout = new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('health check timed out')), HEALTH_DATABASE_TIMEOUT_MS);
        });
        await Promise.race([answer, timeout]);
      } else {
        await answer;
      }
      return { status: 'ok' as const, database: { kind, status: 'ok' as const, latencyMs: Math.round(performance.now() - started) } };
    } catch {
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: 'degraded', message: 'The database is not answering', database: { kind, status: 'down' } });
    } finally {
      clearTimeout(timer);
    }
  });
}
