import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isApiPath } from './compression';
import { SESSION_COOKIE } from './session';

/** Files Vite names by content hash: they never change, so browsers keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages and other unhashed files: kept, but checked with the server (ETag) before each use. */
export const REVALIDATE = 'no-cache';

/**
 * Signed-out screens prerendered at build by scripts/prerender-landing.tsx (path -> file in the web
 * folder): they paint before any script runs, and the app hydrates them.
 */
export const PRERENDERED: Record<string, string> = { '/': 'prerendered/landing.html', '/login': 'prerendered/login.html' };

/**
 * Signed-in screens: index.html with the screen's code and first API reads preloaded (written by the same
 * script), sent instead of index.html to a visitor with a session cookie and no query string.
 */
export const SIGNED_IN_PAGES: Record<string, string> = {
  '/clients': 'prerendered/app-clients.html',
  // The signed-in home, Lead Management (docs/leads.md): with a cookie, / is this frame, never the landing page.
  '/': 'prerendered/app-home.html',
  '/leads': 'prerendered/app-leads.html',
};

/**
 * Public pages with their own small entry (no React app), the same for everyone, with any query string:
 * the referral page reads its code from `?code=` (docs/referrals.md "Public claim").
 */
export const STANDALONE_PAGES: Record<string, string> = { '/refer': 'features/referrals-public/refer.html' };

export const ROBOTS_TXT = [
  'User-agent: *',
  'Disallow: /api/',
  'Disallow: /refer',
  'Disallow: /reset-password',
  'Allow: /',
  '',
].join('\n');

/**
 * The built React app. Hashed files under /assets are immutable; any other non-API GET falls back to
 * index.html so client routes work on reload. The landing page and sign-in, asked for without a query
 * string by a visitor without a session cookie, are the prerendered pages; with a cookie it is the app
 * shell, so a signed-in owner never sees the landing page flash before their dashboard.
 */
export async function serveWebApp(app: FastifyInstance, webDir: string) {
  const hasWeb = fs.existsSync(path.join(webDir, 'index.html'));
  const built = (pages: Record<string, string>) =>
    new Map(Object.entries(pages).filter(([, file]) => hasWeb && fs.existsSync(path.join(webDir, file))));
  const prerendered = built(PRERENDERED);
  const signedIn = built(SIGNED_IN_PAGES);
  const standalone = built(STANDALONE_PAGES);

  // The hosted share link (Referral Tracker's Share dialog): every code goes to the page, which shows the
  // error card for a code that is not valid.
  app.get('/ref/:code', (request, reply) => {
    const { code } = request.params as { code: string };
    reply.header('cache-control', 'no-store');
    return reply.redirect(`/refer?code=${encodeURIComponent(code)}`, 302);
  });

  app.get('/robots.txt', (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return reply.type('text/plain; charset=utf-8').send(ROBOTS_TXT);
  });

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply: FastifyReply, filePath: string) {
        const rel = path.relative(webDir, filePath).split(path.sep);
        reply.header('cache-control', rel[0] === 'assets' ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (!hasWeb || isApiPath(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${url}` });
    }
    if (url.startsWith('/assets/')) {
      // Built after the server started (the static routes are listed at start), or gone: answering a
      // missing script with the page would run HTML as a script.
      const rel = path.normalize(decodeURIComponentSafe(url.slice(1)));
      if (rel.startsWith(`assets${path.sep}`) && fs.existsSync(path.join(webDir, rel))) return reply.sendFile(rel);
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const alone = standalone.get(url);
    if (alone) return sendPage(reply, alone, false);
    const page = prerendered.get(url);
    const owner = signedIn.get(url);
    const cookie = Boolean(request.cookies[SESSION_COOKIE]);
    const plain = !request.url.includes('?');
    if (owner && cookie && plain) return sendPage(reply, owner, true);
    return sendPage(reply, page && !cookie && plain ? page : 'index.html', page !== undefined || owner !== undefined);
  });
}

function sendPage(reply: FastifyReply, file: string, dependsOnCookie: boolean) {
  reply.header('cache-control', REVALIDATE);
  if (dependsOnCookie) reply.header('vary', 'Cookie');
  return reply.type('text/html; charset=utf-8').sendFile(file);
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
