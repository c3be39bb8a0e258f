import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessIdOf } from '../../platform/session';
import { parse } from '../../platform/validate';
import { setupProgressInputSchema, setupProgressSchema } from '../../../shared/schemas/onboarding';
import { getSetupProgress, saveSetupProgress } from './service';

/** The setup guide's server-side progress (docs/setup-guide.md). Signed in, same origin (the defaults). */
export async function onboardingRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get('/setup/progress', { config: { role: 'staff' }, schema: { response: { 200: setupProgressSchema } } }, async (request) => getSetupProgress(db, businessIdOf(request)));

  app.put('/setup/progress', { config: { bodyLimit: 1024 }, schema: { response: { 200: setupProgressSchema } } }, async (request) => {
    const input = parse(setupProgressInputSchema, request.body);
    return saveSetupProgress(db, businessIdOf(request), input);
  });
}
