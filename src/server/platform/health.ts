import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
    const started = performance.now();
    try {
      await app.deps.database.query('select 1');
      return { status: 'ok', database: { kind: app.deps.database.kind, status: 'ok', latencyMs: Math.round(performance.now() - started) } };
    } catch {
      return reply.status(503).send({ status: 'degraded', message: 'The database is not answering', database: { kind: app.deps.database.kind, status: 'down' } });
    }
  });
}
