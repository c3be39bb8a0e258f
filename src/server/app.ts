import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { EmailProvider } from './providers/email/types';
import { installErrorHandler } from './platform/errors';
import { frameworkErrors, installBodyParsing } from './platform/body-parsing';
import { installOriginCheck } from './platform/origin-check';
import { requireAuth } from './platform/session';
import { healthRoutes } from './platform/health';
import { privateRouteGroups, publicRouteGroups } from './features/index';

export type AppDeps = {
  config: Config;
  database: Database;
  email: EmailProvider;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export const JSON_BODY_LIMIT = 256 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.logLevel === 'silent' ? false : { level: deps.config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: deps.config.trustProxy,
    frameworkErrors,
  });
  app.decorate('deps', deps);
  app.decorateRequest('auth', null);

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  installErrorHandler(app);
  installOriginCheck(app, deps.config.appUrl);
  installBodyParsing(app);

  await app.register(
    async (api) => {
      await healthRoutes(api);
      for (const group of publicRouteGroups) await group(api);
      await api.register(async (authed) => {
        authed.addHook('preHandler', requireAuth(deps.database.db));
        for (const group of privateRouteGroups) await group(authed);
      });
    },
    { prefix: '/api' },
  );

  await serveWebApp(app, deps.config.webDir);
  return app;
}

/** The built React app; any non-API GET falls back to index.html so client routes work on reload. */
async function serveWebApp(app: FastifyInstance, webDir: string) {
  const hasWeb = fs.existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDir, wildcard: false, index: false });
    app.get('/assets/*', (request, reply) => {
      const rel = (request.params as { '*': string })['*'];
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(path.join('assets', rel));
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (!hasWeb || url.startsWith('/api/') || url === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${url}` });
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
}
