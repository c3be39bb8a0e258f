import { z } from 'zod';

// GET /api/health (public): what a load balancer or uptime check reads.

const databaseKind = z.enum(['pglite', 'pg']);

/** 200: the database answered `select 1`. */
export const healthOkSchema = z.object({
  status: z.literal('ok'),
  database: z.object({ kind: databaseKind, status: z.literal('ok'), latencyMs: z.number() }),
});

/** 503 (with Retry-After): the database did not answer (in time, on PostgreSQL). */
export const healthDownSchema = z.object({
  status: z.literal('degraded'),
  message: z.string(),
  database: z.object({ kind: databaseKind, status: z.literal('down') }),
});
