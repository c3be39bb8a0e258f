import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, businessIdOf } from '../../platform/session';
import { parse, parseId } from '../../platform/validate';
import { CLIENT_NOT_FOUND, clientDeletedSchema, clientDetailSchema, updateClientSchema } from '../../../shared/schemas/client-detail';
import { clientDetail, deleteClient, updateClient } from './client-detail';

const clientIdOf = (params: unknown) => parseId((params as { id?: unknown })?.id, CLIENT_NOT_FOUND);

/** The client detail view, its Edit and client delete (docs/clients-api.md). */
export async function clientDetailRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { database } = app.deps;

  app.get('/clients/:id', { config: { role: 'staff' }, schema: { response: { 200: clientDetailSchema } } }, async (request) => clientDetail(database.db, businessIdOf(request), clientIdOf(request.params)));

  app.patch('/clients/:id', { config: { role: 'staff' }, schema: { response: { 200: clientDetailSchema } } }, async (request) => {
    const clientId = clientIdOf(request.params);
    return updateClient(database, businessIdOf(request), clientId, parse(updateClientSchema, request.body), actorOf(request));
  });

  app.delete('/clients/:id', { schema: { response: { 200: clientDeletedSchema } } }, async (request) => deleteClient(database, businessIdOf(request), clientIdOf(request.params), actorOf(request)));
}
