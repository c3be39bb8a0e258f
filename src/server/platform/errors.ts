import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { isDatabaseUnavailable, replyDatabaseUnavailable } from './database-outage';

/** Throw from any handler or service; the error handler answers { message } with this status (and headers, e.g. Retry-After). */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A unique index refused the write (PostgreSQL 23505; drizzle may wrap the driver's error in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The first issue's message, which the shared schemas write in the spec's words. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  return issue.message;
}

const fastifyCodes: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid content length' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: 'Expected a multipart/form-data upload' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'File is too large' },
  FST_FILES_LIMIT: { status: 413, message: 'Too many files' },
  FST_PARTS_LIMIT: { status: 413, message: 'Too many form parts' },
  FST_ERR_VALIDATION: { status: 400, message: 'Invalid input' },
};

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.status).headers(error.headers).send({ message: error.message });
    if (error instanceof ZodError) return reply.status(400).send({ message: zodMessage(error) });
    const code = (error as FastifyError).code;
    const known = code ? fastifyCodes[code] : undefined;
    if (known) {
      const message = code === 'FST_ERR_VALIDATION' && error.message ? error.message : known.message;
      return reply.status(known.status).send({ message });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message || 'Bad request' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, reqId: request.id }, 'database unavailable');
      return replyDatabaseUnavailable(reply);
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
  });
}
