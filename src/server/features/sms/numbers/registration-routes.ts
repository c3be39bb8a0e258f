import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicOrigin } from '../../../platform/public-origin';
import { actorOf, businessIdOf } from '../../../platform/session';
import { parse } from '../../../platform/validate';
import { existingServiceSchema, registrationDetailsSchema, registrationSchema } from '../../../../shared/schemas/sms-registration';
import { getRegistration, submitRegistration, type RegistrationContext } from './registration';
import { useExistingService } from './registration-existing';

const savedSchema = z.object({ success: z.literal(true), message: z.string(), registration: registrationSchema });

/** A2P 10DLC registration on the SMS Setup tab (docs/sms-registration.md). */
export async function smsRegistrationRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const contextOf = (request: Parameters<typeof publicOrigin>[0]): RegistrationContext => ({
    database: app.deps.database,
    sms: app.deps.sms,
    origin: publicOrigin(request, app.deps.config.appUrl),
    appUrl: app.deps.config.appUrl,
    log: app.log,
    by: actorOf(request),
  });

  app.get('/sms/registration', { schema: { response: { 200: registrationSchema } } }, async (request) => getRegistration(contextOf(request), businessIdOf(request)));

  app.post('/sms/registration', { config: { role: 'owner' }, schema: { response: { 200: savedSchema } } }, async (request) => {
    const input = parse(registrationDetailsSchema, request.body);
    const registration = await submitRegistration(contextOf(request), businessIdOf(request), input);
    const message =
      registration.status === 'approved'
        ? 'Registration approved: your texts can go out.'
        : registration.status === 'failed'
          ? 'Registration was turned down. See the reason below.'
          : 'Registration submitted. We check its progress with the carriers every few minutes.';
    return { success: true as const, message, registration };
  });

  app.post('/sms/registration/existing', { config: { role: 'owner' }, schema: { response: { 200: savedSchema } } }, async (request) => {
    const input = parse(existingServiceSchema, request.body);
    const registration = await useExistingService(contextOf(request), businessIdOf(request), input.messagingServiceSid);
    return { success: true as const, message: 'Messaging service connected: your texts can go out.', registration };
  });
}
