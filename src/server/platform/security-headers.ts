import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers on every reply, its middleware built once. @fastify/helmet built the middleware
 * anew on every request (parsing the content security policy each time) in two hooks: 3–4 % of the server's
 * time under load on the cheapest calls (docs/benchmarks.md). Pages that need other headers (the embeddable
 * forms) replace them in their handler.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
