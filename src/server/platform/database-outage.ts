import type { FastifyReply } from 'fastify';

/**
 * While the database cannot be reached (restart, failover, terminated connections, connection limit),
 * requests answer 503 with Retry-After instead of 500, and the pool reconnects by itself on the next
 * request (docs/operations.md). PGlite runs in the process and never raises these.
 */
export const RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = 'Referloop is briefly unavailable. Please try again in a few seconds.';

// SQLSTATEs: class 08 (connection exception), 57P01-03 (terminated by an administrator, crash,
// cannot connect now: starting or shutting down), 53300 (too many connections).
const unavailableCodes = new Set(['57P01', '57P02', '57P03', '53300']);
// Socket errors from node's net module while connecting or talking to the server.
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// node-postgres's own errors, which carry no code.
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'is not currently accepting connections', // ALTER DATABASE ... ALLOW_CONNECTIONS false (55000)
];

/** Whether the error, or one it wraps (Drizzle wraps driver errors in `cause`), means the database is out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableCodes.has(code) || socketCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (unavailableMessages.some((m) => e instanceof Error && e.message.includes(m))) return true;
  }
  return false;
}

export function replyDatabaseUnavailable(reply: FastifyReply, message = DATABASE_UNAVAILABLE_MESSAGE) {
  return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message });
}
