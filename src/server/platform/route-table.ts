import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Role } from '../../shared/roles';

// Every API route the app registers, as registered: method, URL and the rules it declared in its
// `config` (platform/route-policy.ts: access, role, origin, bodyLimit, rateLimit). Tests walk this table
// (fuzz.test.ts, cross-tenant.test.ts), so a route added later is covered without anyone listing it.

export type RouteAccess = 'public' | 'session';

export type RouteEntry = {
  method: string;
  /** The URL pattern with its prefix, e.g. '/api/clients/:id'. */
  url: string;
  /** 'session' unless the route declared `access: 'public'`. */
  access: RouteAccess;
  /** The least role that may call a 'session' route (route-policy.ts); undefined on public routes. */
  role: Role | undefined;
  /** What the route declared, defaults filled in by the platform's onRoute hooks. */
  config: Record<string, unknown>;
  /** Fastify's route schema (request and response schemas), when the route declares one. */
  schema: RouteOptions['schema'];
  /** The file that declared the route, from the repository root (docs/routes.md is built from it). */
  file: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The API routes registered so far (complete once the app is ready). */
    routeTable(): RouteEntry[];
  }
}

/** Call on the root instance before any route is added. */
export function installRouteTable(app: FastifyInstance) {
  const seen: { route: RouteOptions; file: string }[] = [];
  // Hooks of nested scopes (the access rule inside /api) fill `config` in after this one runs, on the same
  // options object; the table reads it when asked.
  app.addHook('onRoute', (route) => {
    seen.push({ route, file: listed(route) ? declaringFile(new Error()) : '' });
  });
  app.decorate('routeTable', () => {
    const out: RouteEntry[] = [];
    for (const { route, file } of seen) {
      if (!listed(route)) continue;
      const config = { ...(route.config ?? {}) } as Record<string, unknown>;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        out.push({ method, url: route.url, access: config.access === 'public' ? 'public' : 'session', role: config.role as Role | undefined, config, schema: route.schema, file });
      }
    }
    return out;
  });
}

/** API routes, and the public pages that declare their access (the review link /r/:token): fuzzed like the API. */
function listed(route: RouteOptions): boolean {
  return route.url.startsWith('/api/') || (route.config as { access?: string } | undefined)?.access === 'public';
}

const SOURCE_ROOT = 'src/server/';

/**
 * The hook runs inside the `app.get(...)` call that added the route, so the first frame in a feature (or the
 * platform's own routes) is the file that declared it.
 */
function declaringFile(at: Error): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 64;
  Error.captureStackTrace(at, declaringFile);
  const stack = at.stack ?? '';
  Error.stackTraceLimit = limit;
  for (const line of stack.split('\n').slice(1)) {
    const found = /(src[\\/]server[\\/][^:)\s]+\.ts)/.exec(line);
    if (!found) continue;
    const file = found[1].replaceAll('\\', '/');
    if (file.startsWith(SOURCE_ROOT + 'features/') || (file.startsWith(SOURCE_ROOT + 'platform/') && !file.endsWith('route-table.ts'))) return file;
  }
  return 'unknown';
}

/** 'POST /api/clients/:id' — the key the test tables use. */
export const routeKey = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;
