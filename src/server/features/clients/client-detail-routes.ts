import type { FastifyInstance } from 'fastify';
import { businessIdOf } from '../../platform/session';
import { parseId } from '../../platform/validate';
import { CLIENT_NOT_FOUND } from '../../../shared/schemas/client-detail';
import { clientDetail, deleteClient } from './client-detail';

const clientIdOf = (params: unknown) => parseId((params as { id?: unknown })?.id, CLIENT_NOT_FOUND);

/** The client detail view and client delete (docs/clients-api.md). */
export async function clientDetailRoutes(app: FastifyInstance) {
  const { database } = app.deps;

  app.get('/clients/:id', async (request) => clientDetail(database.db, businessIdOf(request), clientIdOf(request.params)));

  app.delete('/clients/:id', async (request) => deleteClient(database, businessIdOf(request), clientIdOf(request.params)));
}
