import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { EmailProvider } from './providers/email/types';
import { createSmsProvider } from './providers/sms/index';
import type { SmsProvider } from './providers/sms/types';
import type { JobQueue } from './platform/jobs/index';
import { installErrorHandler } from './platform/errors';
import { frameworkErrors, installBodyParsing } from './platform/body-parsing';
import { installRouteTable } from './platform/route-table';
import { installAccessRule, installRoutePolicy } from './platform/route-policy';
import { healthRoutes } from './platform/health';
import { installOpenApi, openApiRoutes } from './platform/openapi';
import { installCompression } from './platform/compression';
import { installSecurityHeaders } from './platform/security-headers';
import { installResponseSchemas } from './platform/response-schemas';
import { serveWebApp } from './platform/web-app';
import { routeGroups } from './features/index';
import { reviewLinkRoutes } from './features/reviews/link-routes';
import { browserTestHookRoutes } from './features/reviews/browser-test-hooks';

export type AppDeps = {
  config: Config;
  database: Database;
  email: EmailProvider;
  /** The job queue (pg-boss; features send defined jobs: e-mail, texts, follow-ups). docs/jobs.md */
  jobs: JobQueue;
  /** Texts (providers/sms): chosen from config when not given — Twilio with TWILIO_* set, else the simulator. */
  sms?: SmsProvider;
  /** The clock the owner's sends are timed by (docs/sms-send-window.md); tests fix it. The system clock when not given. */
  now?: () => Date;
};

/** The deps as the routes see them: the SMS provider always chosen. */
export type AppContext = AppDeps & { sms: SmsProvider };

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppContext;
  }
}

export const JSON_BODY_LIMIT = 256 * 1024;

/**
 * TRUST_PROXY's hop count as Fastify's trust function (docs/operations.md "Client address behind a proxy"): the
 * socket and the X-Forwarded-For entries appended by the nearest `hops - 1` proxies are trusted, so the client
 * address is the entry the outermost proxy appended. Not `true`, which takes the left-most entry (the client
 * writes it), and not a bare number, which Fastify 5 ignores.
 */
const trustHops = (hops: number) => (hops > 0 ? (_address: string, hop: number) => hop < hops : false);

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.logLevel === 'silent' ? false : { level: deps.config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustHops(deps.config.trustProxy),
    frameworkErrors,
  });
  app.decorate('deps', { ...deps, sms: deps.sms ?? createSmsProvider(deps.config) });
  app.decorateRequest('auth', null);

  await app.register(cookie);
  installSecurityHeaders(app, {
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
  await installCompression(app);
  installResponseSchemas(app);
  installErrorHandler(app);
  await installRoutePolicy(app, { appUrl: deps.config.appUrl });
  installRouteTable(app);
  await installOpenApi(app);
  installBodyParsing(app);

  await app.register(
    async (api) => {
      // Every /api route needs a session unless it declares config.access 'public' (platform/route-policy.ts).
      installAccessRule(api, deps.database.db);
      await healthRoutes(api);
      await openApiRoutes(api);
      for (const group of routeGroups) await group(api);
    },
    { prefix: '/api' },
  );

  // The review request's short link, outside /api (docs/reviews.md).
  await reviewLinkRoutes(app);
  if (deps.config.browserTestHooks) await browserTestHookRoutes(app);
  await serveWebApp(app, deps.config.webDir);
  return app;
}
