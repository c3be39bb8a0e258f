import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../../platform/errors';
import { actorOf, businessIdOf } from '../../../platform/session';
import { parse, parseId } from '../../../platform/validate';
import { bulkBatchesResponseSchema, bulkBatchSchema, bulkSendResponseSchema, bulkSendSchema } from '../../../../shared/schemas/sms-bulk';
import { sendTimeQuerySchema, sendTimeResponseSchema } from '../../../../shared/schemas/send-time';
import { BULK_NOT_FOUND, PROBLEMS_LISTED, bulkBatch, bulkBatches, startBulkSend } from './bulk';
import { clientSendTime, tapContextOf } from './owner-tap';

const KEY_MISMATCH = 'The Idempotency-Key header and the idempotencyKey field differ; send one key.';

/** Bulk sends as durable server work (docs/sms-outbox.md), and when an owner's one-tap text would go (docs/sms-send-window.md). */
export async function smsOutboxRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { database } = app.deps;

  app.post('/sms/bulk', { schema: { response: { 200: bulkSendResponseSchema } } }, async (request) => {
    const input = parse(bulkSendSchema, request.body);
    const header = request.headers['idempotency-key'];
    if (header !== undefined) {
      const key = parse(bulkSendSchema.shape.idempotencyKey, Array.isArray(header) ? header.join(',') : header);
      if (input.idempotencyKey !== undefined && input.idempotencyKey !== key) throw new HttpError(400, KEY_MISMATCH);
      input.idempotencyKey = key;
    }
    const { batch, repeat } = await startBulkSend(
      { database, jobs: app.deps.jobs, sendWindowOff: app.deps.config.smsSendWindow === 'off', by: actorOf(request) },
      businessIdOf(request),
      input,
    );
    const waiting = batch.total - batch.skipped;
    return {
      success: true as const,
      message: repeat
        ? 'This send was already started; nothing was queued twice.'
        : `${waiting} ${waiting === 1 ? 'text' : 'texts'} queued; they go out about one a second, inside each client's sending hours.`,
      batch,
    };
  });

  app.get('/sms/bulk', { schema: { response: { 200: bulkBatchesResponseSchema } } }, async (request) => ({
    batches: await bulkBatches(database.db, businessIdOf(request), { limit: 5, perBatch: PROBLEMS_LISTED }),
  }));

  app.get('/sms/send-time', { config: { role: 'staff' }, schema: { response: { 200: sendTimeResponseSchema } } }, async (request) => {
    const { clientId } = parse(sendTimeQuerySchema, request.query);
    return { scheduled: await clientSendTime(tapContextOf(app, request), businessIdOf(request), clientId) };
  });

  app.get('/sms/bulk/:id', { schema: { response: { 200: bulkBatchSchema } } }, async (request) =>
    bulkBatch(database.db, businessIdOf(request), parseId((request.params as { id?: unknown }).id, BULK_NOT_FOUND)),
  );
}
