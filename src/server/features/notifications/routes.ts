import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, businessIdOf } from '../../platform/session';
import { recorded } from '../activity-record/service';
import { parse } from '../../platform/validate';
import { notificationSettingsInputSchema, notificationSettingsSchema } from '../../../shared/schemas/notifications';
import * as service from './service';

// Settings, Notifications (docs/settings.md).

export async function notificationRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get('/business/notifications', { schema: { response: { 200: notificationSettingsSchema } } }, async (request) => service.settings(db, businessIdOf(request)));

  app.put('/business/notifications', { schema: { response: { 200: notificationSettingsSchema } } }, async (request) =>
    recorded(db, actorOf(request), { kind: 'settings_changed', summary: 'Changed the e-mail notifications', object: { type: 'setting' } }, (tx) =>
      service.saveSettings(tx, businessIdOf(request), parse(notificationSettingsInputSchema, request.body)),
    ),
  );
}
