import { PRERENDERED, SIGNED_IN_PAGES, STANDALONE_PAGES } from './web-app';

// The page routes for docs/routes.md: the URLs a person opens (the web app's screens, the public referral page,
// the share link), beside the /api routes. The server's own pages come from platform/web-app.ts; the web app's
// screens from the routes declared in its router (read from its source, so a new screen joins the index).

export const WEB_ROUTER_FILE = 'src/web/router.tsx';
const WEB_APP_FILE = 'src/server/platform/web-app.ts';

export type PageRoute = { path: string; servedBy: string };

export function pageRoutes(routerSource: string): PageRoute[] {
  const pages = new Map<string, string>();
  const add = (path: string, servedBy: string) => pages.set(path, pages.has(path) ? `${pages.get(path)}; ${servedBy}` : servedBy);
  add('/ref/:code', `redirect to \`/refer?code=\` ([platform/web-app.ts](../${WEB_APP_FILE}))`);
  add('/robots.txt', `[platform/web-app.ts](../${WEB_APP_FILE})`);
  for (const [path, file] of Object.entries(STANDALONE_PAGES)) add(path, `standalone page \`src/web/${file}\`, no React app`);
  for (const [path, file] of Object.entries(PRERENDERED)) add(path, `signed out: prerendered \`${file}\``);
  for (const [path, file] of Object.entries(SIGNED_IN_PAGES)) add(path, `signed in: prerendered frame \`${file}\``);
  const screens = [...routerSource.matchAll(/<Route path="([^"*]+)"/g)].map((m) => m[1]);
  for (const path of [...new Set(screens)]) add(path, `web app screen ([router.tsx](../${WEB_ROUTER_FILE}))`);
  add('/api/forms/:embedToken/embed', 'the embedded form, a page served under /api (see `/api/forms` above)');
  return [...pages].map(([path, servedBy]) => ({ path, servedBy })).sort((a, b) => a.path.localeCompare(b.path));
}

export function renderPageIndex(pages: PageRoute[]): string[] {
  return [
    '## Pages',
    '',
    'The URLs a person opens. Any other path that is not a file is the web app (its `*` route shows the landing page',
    'signed out, or not found signed in).',
    '',
    '| Page | Served by |',
    '| --- | --- |',
    ...pages.map((p) => `| \`${p.path}\` | ${p.servedBy} |`),
    '',
  ];
}
