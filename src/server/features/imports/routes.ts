import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertAllowedText } from '../../platform/body-parsing';
import { HttpError } from '../../platform/errors';
import { businessIdOf } from '../../platform/session';
import { UPLOAD_LIMIT_BYTES } from '../../../shared/constants';
import { uploadHistorySchema, uploadResultSchema, webhookLogsSchema, webhookReplySchema } from '../../../shared/schemas/imports';
import { WEBHOOK_LOG_LIMIT } from '../../../shared/constants';
import * as imports from './service';
import * as q from './queries';
import { webhookRouteConfig } from './webhook-limits';

const TOO_LARGE = 'File is too large. The limit is 10 MB.';

export async function importRoutes(untyped: FastifyInstance) {
  // Every JSON reply is declared and serialised through its shared schema (docs/platform-rules.md).
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { database } = app.deps;
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10, parts: 20 } });

    scope.withTypeProvider<ZodTypeProvider>().post('/upload/csv', { schema: { response: { 200: uploadResultSchema } } }, async (request) => {
      const businessId = businessIdOf(request);
      // Refuse an obviously oversized body before reading it (multipart framing adds a few hundred bytes).
      if (Number(request.headers['content-length'] ?? 0) > UPLOAD_LIMIT_BYTES + 64 * 1024) throw new HttpError(413, TOO_LARGE);
      if (!request.isMultipart()) throw new HttpError(415, 'Please upload the file as multipart/form-data in the field "csv".');
      let file;
      try {
        file = await request.file();
      } catch (error) {
        throw uploadError(error);
      }
      if (!file || file.fieldname !== 'csv') throw new HttpError(400, 'Please choose a file to upload (form field "csv").');
      assertAllowedText(file.filename ?? '', 'The file name contains a character that is not allowed. Please rename the file and upload it again.');
      try {
        const stream = file.file;
        return await imports.importUpload({ database, jobs: app.deps.jobs, log: request.log }, businessId, file.filename || 'upload.csv', stream, () => stream.truncated);
      } catch (error) {
        throw uploadError(error);
      }
    });
  });

  app.get('/csv-uploads', { schema: { response: { 200: uploadHistorySchema } } }, async (request) => q.selectUploadLogs(database.db, businessIdOf(request), imports.UPLOAD_HISTORY_LIMIT));
  app.get('/webhook-logs', { schema: { response: { 200: webhookLogsSchema } } }, async (request) => q.selectWebhookLogs(database.db, businessIdOf(request), WEBHOOK_LOG_LIMIT));
  app.get('/webhook/logs', { schema: { response: { 200: webhookLogsSchema } } }, async (request) => q.selectWebhookLogs(database.db, businessIdOf(request), WEBHOOK_LOG_LIMIT));
}

function uploadError(error: unknown): unknown {
  const code = (error as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, TOO_LARGE);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, 'Please upload the file as multipart/form-data in the field "csv".');
  return error;
}

/**
 * POST /api/webhook/:token is public and callable from anywhere: the token in the path is the credential.
 * Rate limit per token, body cap: webhook-limits.ts.
 */
export async function webhookRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post('/webhook/:token', { config: webhookRouteConfig, schema: { response: { 200: webhookReplySchema } } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const answer = await imports.handleWebhook({ database: app.deps.database, jobs: app.deps.jobs, log: request.log }, token, request.body, request.ip);
    return reply.status(answer.status).send(answer.body);
  });
}
