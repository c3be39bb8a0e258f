import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessIdOf } from '../../platform/session';
import { parse } from '../../platform/validate';
import { addClientResponseSchema, addClientSchema } from '../../../shared/schemas/clients';
import { addClient } from './service';

export async function bookingRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { database } = app.deps;

  // Add Client: a completed booking entered by hand (its client found by e-mail or created).
  app.post('/clients', { config: { role: 'staff' }, schema: { response: { 201: addClientResponseSchema } } }, async (request, reply) => {
    const input = parse(addClientSchema, request.body);
    const client = await addClient({ database, jobs: app.deps.jobs, log: request.log }, businessIdOf(request), input);
    return reply.status(201).send({ client });
  });
}
