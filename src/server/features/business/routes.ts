import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicOrigin } from '../../platform/public-origin';
import { actorOf, businessIdOf, clearSessionCookie } from '../../platform/session';
import { recorded } from '../activity-record/service';
import { parse } from '../../platform/validate';
import {
  ACCOUNT_DELETED,
  WEBHOOK_REGENERATED,
  businessActionResponseSchema,
  businessProfileSchema,
  businessProfileUpdateSchema,
  businessSettingsResponseSchema,
  businessSettingsSchema,
} from '../../../shared/schemas/business';
import { deliveryDriversSchema } from '../../../shared/schemas/delivery';
import * as business from './service';

// The Settings screen's calls (docs/settings.md). Every route needs a session and a same-site Origin.
const BODY_LIMIT = 16 * 1024;

export async function businessRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app.deps;
  const db = database.db;
  const profileOf = (request: Parameters<typeof publicOrigin>[0]) =>
    business.getProfile(db, businessIdOf(request), publicOrigin(request, config.appUrl), config.support);

  app.get('/business/profile', { config: { role: 'staff' }, schema: { response: { 200: businessProfileSchema } } }, async (request) => profileOf(request));

  app.get('/business/delivery', { schema: { response: { 200: deliveryDriversSchema } } }, async () => ({
    sms: app.deps.sms.isSimulator ? ('simulator' as const) : ('twilio' as const),
    email: app.deps.email.name === 'smtp' ? ('smtp' as const) : ('files' as const),
  }));

  app.patch('/business/profile', { config: { bodyLimit: BODY_LIMIT }, schema: { response: { 200: businessProfileSchema } } }, async (request) => {
    const input = parse(businessProfileUpdateSchema, request.body);
    const changed = { kind: 'settings_changed', summary: 'Changed the business profile', object: { type: 'setting' } } as const;
    await recorded(db, actorOf(request), changed, (tx) => business.updateProfile(tx, businessIdOf(request), input));
    return profileOf(request);
  });

  app.put('/business/settings', { config: { bodyLimit: BODY_LIMIT }, schema: { response: { 200: businessSettingsResponseSchema } } }, async (request) => {
    const { googleReviewLink } = parse(businessSettingsSchema, request.body);
    const changed = { kind: 'settings_changed', summary: googleReviewLink ? 'Changed the Google review link' : 'Removed the Google review link', object: { type: 'setting' } } as const;
    const saved = await recorded(db, actorOf(request), changed, (tx) => business.saveGoogleReviewLink(tx, businessIdOf(request), googleReviewLink));
    return { success: true as const, googleReviewLink: saved };
  });

  app.post('/business/webhook/regenerate', { config: { bodyLimit: BODY_LIMIT }, schema: { response: { 200: businessActionResponseSchema } } }, async (request) => {
    const changed = { kind: 'settings_changed', summary: 'Made a new booking webhook URL (the old one stopped working)', object: { type: 'setting' } } as const;
    await recorded(db, actorOf(request), changed, (tx) => business.regenerateWebhookToken(tx, businessIdOf(request)));
    return { success: true as const, message: WEBHOOK_REGENERATED };
  });

  app.delete('/business/account', { config: { role: 'owner', bodyLimit: BODY_LIMIT }, schema: { response: { 200: businessActionResponseSchema } } }, async (request, reply) => {
    await business.deleteAccount({ db, sms: app.deps.sms, log: request.log }, businessIdOf(request));
    clearSessionCookie(reply, config.secureCookies);
    return { success: true as const, message: ACCOUNT_DELETED };
  });
}
