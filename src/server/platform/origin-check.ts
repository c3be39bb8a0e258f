import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by a browser from another site (CSRF), on every route whose
 * `config.origin` is 'same' (the default; see route-policy.ts). Routes that other sites may call (the
 * booking webhook, later the embed form and Twilio's webhooks) declare `origin: 'any'`. A request without
 * an Origin header (server-to-server calls, curl) is let through; the session cookie is SameSite=Lax.
 */
export function installOriginRule(app: FastifyInstance, appUrl?: string) {
  const allowed = new Set<string>();
  if (appUrl) allowed.add(new URL(appUrl).origin);
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method)) return;
    if (request.routeOptions.config?.origin === 'any') return;
    const origin = request.headers.origin;
    if (!origin) return;
    const host = request.headers.host;
    let ok = false;
    try {
      const o = new URL(origin);
      ok = o.host === host || allowed.has(o.origin);
    } catch {
      ok = false;
    }
    if (!ok) throw new HttpError(403, 'This request came from another site and was refused.');
  });
}
