import type { FastifyInstance, FastifyRequest } from 'fastify';
import { openReviewLink } from './service';

// The review request's short link, GET /r/<token> (docs/reviews.md): public, rate limited per address; it only
// ever redirects to the business's stored review link, and answers a plain page otherwise, never an error page.

/** Opens per address per minute. */
export const LINK_OPENS_PER_MINUTE = 30;

/** Link-preview fetchers (messaging apps, social sites, search crawlers): their visits are no opens. */
const PREVIEW_BOTS = /bot\b|crawler|spider|preview|facebookexternalhit|facebot|slack|whatsapp|telegram|discord|skype|linkedin|embedly|quora link|pinterest|vkshare|w3c_validator|outbrain|google-pagerenderer|headless/i;

/** A person's click: a GET from an ordinary browser (a HEAD, or a link-preview fetcher, prefetches). */
export function countsAsOpen(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' && agent.trim() !== '' && !PREVIEW_BOTS.test(agent);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The plain page: the same shape whatever the reason (unknown token, expired, no review link). */
export function linkPage(businessName: string | null, link: string | null): string {
  const title = businessName ? escapeHtml(businessName) : 'Review link';
  const body = link
    ? `<p>This review link has expired. You can still leave a review here:</p><p><a href="${escapeHtml(link)}" rel="noopener noreferrer">Leave a review</a></p>`
    : '<p>This review link is not active any more.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>${title}</h1>${body}</body></html>`;
}

export async function reviewLinkRoutes(app: FastifyInstance) {
  app.get(
    '/r/:token',
    { config: { access: 'public', rateLimit: { max: LINK_OPENS_PER_MINUTE, timeWindow: 60_000 } } },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const outcome = await openReviewLink(app.deps.database, token, countsAsOpen(request));
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      if ('redirect' in outcome) return reply.redirect(outcome.redirect, 302);
      return reply.type('text/html; charset=utf-8').send(linkPage(outcome.page.businessName, outcome.page.link));
    },
  );
}
