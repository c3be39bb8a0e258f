import type { FastifyRequest } from 'fastify';

/**
 * The site's public origin for links (e-mail, referral links, webhook URLs) and for the URL a provider
 * signed: APP_URL, else the address the request came to (a local install without APP_URL; production sets
 * APP_URL, so links never follow a Host header).
 */
export function publicOrigin(request: FastifyRequest, appUrl: string | undefined): string {
  return appUrl ?? `${request.protocol}://${request.host}`;
}
