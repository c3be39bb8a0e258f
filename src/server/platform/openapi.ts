import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderApiReference } from './api-reference';
import { areaOf } from './route-index';
import { SESSION_COOKIE } from './session';

// The API's contract as an OpenAPI 3.1 document (docs/api-reference.md): @fastify/swagger collects every route
// as it is added, and the zod type provider's transform turns each route's zod schemas into JSON Schema. The web
// app's typed client (src/web/lib/api-contract.gen.ts) is generated from the same document by
// `npm run routes:index`, so the browser and the document read one contract: the route table's schemas.

const OPENAPI_VERSION = '3.1.0';
export const OPENAPI_URL = '/api/openapi.json';
export const API_REFERENCE_URL = '/api/reference';

/** A reply that is not JSON (a CSV file, an HTML page, TwiML): sent as it is, described in the document. */
export const textReply = (description: string) => z.string().describe(description);

/** Call on the root instance before any route is added (the plugin listens for routes being added). */
export async function installOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: {
        title: 'Referloop API',
        version: '1',
        description:
          'Every /api route of Referloop. Routes marked session need the signed-in owner\'s cookie; public routes ' +
          '(the booking webhook with the business\'s token, the referral page, the embedded forms) need none.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The owner\'s session, set by POST /api/auth/login.' },
        },
      },
    },
    // Only the API: page routes (the web app, the referral page) are listed in docs/routes.md.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      if (!input.url.startsWith('/api/')) return { ...out, schema: { ...out.schema, hide: true } };
      const isPublic = (input.route.config as { access?: string } | undefined)?.access === 'public';
      const described = { tags: [areaOf(input.url)], ...(isPublic ? {} : { security: [{ session: [] }] }) };
      return { ...out, schema: { ...out.schema, ...described } };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

/** GET /api/openapi.json (the document) and GET /api/reference (the same, as a page to read). */
export async function openApiRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'public' as const };
  app.get('/openapi.json', { config, schema: { summary: 'This document', response: { 200: z.looseObject({ openapi: z.string() }) } } }, async () => ({
    openapi: OPENAPI_VERSION,
    ...app.swagger(),
  }));
  app.get('/reference', { config, schema: { summary: 'This document as a page to read', response: { 200: z.string() } } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderApiReference(app.swagger())),
  );
}
