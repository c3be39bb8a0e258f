import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * Replies are typed by the zod schemas in src/shared/schemas (ARCHITECTURE.md, "Replies"): a route declares
 * `schema: { response: { 200: someSchema } }` (with `app.withTypeProvider<ZodTypeProvider>()` its handler
 * must return that shape), and the reply is serialised through the schema, so a field the schema does not
 * list (a password hash) never leaves the server. A reply that does not match is a server bug: 500, logged.
 * Routes without a response schema serialise as before.
 */
export function installResponseSchemas(app: FastifyInstance) {
  app.setSerializerCompiler(serializerCompiler);
}
