import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Db } from '../db/client';
import { HttpError } from './errors';
import { installOriginRule } from './origin-check';
import { requireAuth } from './session';
import { TWO_FACTOR_MESSAGES } from '../../shared/schemas/two-factor';
import { ROLE_REFUSALS, ROLES, type Role, roleAllows } from '../../shared/roles';

/**
 * Per-route platform rules (docs/platform-rules.md). A route states what it needs in its Fastify `config`;
 * nothing is exempted by URL, and a feature never reimplements these:
 *
 *   app.post('/webhook/:token', { config: { access: 'public', origin: 'any', bodyLimit: 32 * 1024,
 *     rateLimit: { max: 120, timeWindow: 60_000, keyGenerator: (r) => ... } } }, handler)
 *
 * - `access`: 'session' (default under /api) — requireAuth puts request.auth on the request or answers
 *   401 'Please sign in to continue.'; 'public' — no session needed (the handler may still read one).
 * - `role`: the least role that may call a 'session' route: 'owner', 'manager' (default) or 'staff' (every
 *   signed-in person). Owners may do all a manager may, managers all staff may. A person below it gets 403 with
 *   a sentence naming who may (shared/roles.ts), before the handler runs, so nothing is written. The default
 *   lets staff do nothing a route did not grant them, and keeps owners-only routes (the team, the account's
 *   deletion, the registration, numbers) stating so (docs/accounts.md, "People and roles").
 * - `origin`: 'same' (default) — a state-changing request (not GET/HEAD/OPTIONS) whose Origin header is
 *   another site is refused 403; 'any' — other origins are accepted (webhooks, the embed form, Twilio).
 * - `bodyLimit`: bytes; copied onto Fastify's own route `bodyLimit` (the app default is JSON_BODY_LIMIT).
 *   Past it: 413 'Request body is too large'.
 * - `rateLimit`: @fastify/rate-limit's per-route options (`max`, `timeWindow`, `keyGenerator`...).
 *   Counted in memory per app instance; past it: 429 `{ message }` with `Retry-After` (seconds).
 *   Limits that must hold across instances (sign-in, sign-up, claims, the booking webhook per token) use
 *   rate-limit-counters.ts in PostgreSQL instead.
 *
 * For the route table: an onRoute hook registered after installRoutePolicy (on the root) and after
 * installAccessRule (inside /api) sees `routeOptions.config` with the defaults filled in; `policyOf()`
 * resolves them from any config.
 */
export type RouteAccess = 'public' | 'session';
export type RouteOrigin = 'same' | 'any';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    role?: Role;
    /** Callable while the business requires a second factor the person has not set up (features/two-factor). */
    twoFactorSetup?: boolean;
    origin?: RouteOrigin;
    bodyLimit?: number;
  }
}

export type RoutePolicy = {
  access: RouteAccess | undefined;
  role: Role | undefined;
  origin: RouteOrigin;
  bodyLimit: number | undefined;
  rateLimit: unknown;
};

/** The rules a route runs under, defaults filled in (access is undefined outside /api: static files). */
export function policyOf(config: RouteOptions['config'] | undefined): RoutePolicy {
  const c = (config ?? {}) as Record<string, any>;
  return { access: c.access, role: c.role, origin: c.origin ?? 'same', bodyLimit: c.bodyLimit, rateLimit: c.rateLimit };
}

const ACCESS = new Set<RouteAccess>(['public', 'session']);
const ORIGINS = new Set<RouteOrigin>(['same', 'any']);
/** The role a signed-in route needs when it names none. */
export const DEFAULT_ROLE: Role = 'manager';

/** Root-level: the Origin rule and body limits for every route, and @fastify/rate-limit for routes that ask. */
export async function installRoutePolicy(app: FastifyInstance, options: { appUrl?: string }) {
  app.addHook('onRoute', (route) => {
    const config = { origin: 'same' as RouteOrigin, ...route.config };
    if (!ORIGINS.has(config.origin)) throw new Error(`${route.method} ${route.url}: config.origin must be 'same' or 'any'`);
    if (config.bodyLimit !== undefined) {
      if (!Number.isInteger(config.bodyLimit) || config.bodyLimit <= 0) throw new Error(`${route.method} ${route.url}: config.bodyLimit must be a positive integer`);
      route.bodyLimit = config.bodyLimit;
    }
    route.config = config;
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(429, `Too many requests. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`);
    },
  });
  installOriginRule(app, options.appUrl);
}

/** Inside the /api scope: every route needs a session unless it says `access: 'public'`, and a role. */
export function installAccessRule(api: FastifyInstance, db: Db) {
  api.addHook('onRoute', (route) => {
    const given = route.config ?? {};
    const config = { access: 'session' as RouteAccess, ...given };
    if (!ACCESS.has(config.access)) throw new Error(`${route.method} ${route.url}: config.access must be 'public' or 'session'`);
    if (config.access === 'public' && given.role) throw new Error(`${route.method} ${route.url}: a public route has no role`);
    if (config.access === 'session') config.role ??= DEFAULT_ROLE;
    if (config.role !== undefined && !ROLES.includes(config.role)) throw new Error(`${route.method} ${route.url}: config.role must be one of ${ROLES.join(', ')}`);
    route.config = config;
  });
  const authenticate = requireAuth(db);
  api.addHook('preHandler', async (request) => {
    const { access, role, twoFactorSetup } = request.routeOptions.config;
    if (access === 'public') return;
    await authenticate(request);
    if (request.auth?.twoFactorSetupRequired && !twoFactorSetup) throw new HttpError(403, TWO_FACTOR_MESSAGES.setUpBeforeContinuing);
    const needed = role ?? DEFAULT_ROLE;
    if (request.auth && !roleAllows(request.auth.role, needed)) throw new HttpError(403, ROLE_REFUSALS[needed]);
  });
}
