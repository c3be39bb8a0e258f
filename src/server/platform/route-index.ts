import { renderPageIndex, type PageRoute } from './page-index';
import type { RouteEntry } from './route-table';

// docs/routes.md, the route -> file index, rendered from the route table. `npm run routes:index` writes it;
// route-index.test.ts fails when a route was added or moved without writing it again.

export const ROUTE_INDEX_FILE = 'docs/routes.md';

/**
 * Why an /api/<area> prefix is not served only by src/server/features/<area>/. Every such area needs a line
 * here (the test says which one is missing); an area served by its own feature needs none.
 */
export const AREA_NOTES: Record<string, string> = {
  account: 'Served by `features/accounts`: the signed-in person\'s own sessions and password (docs/accounts.md, "Sessions and password").',
  activities: 'The dashboard\'s activity panels, each served by the feature whose data it shows: `features/referrals` the recent conversions and pending referrals, `features/activities` the unread replies and the text feed.',
  analytics: 'The dashboard\'s charts, each served by the feature whose data it shows: `features/clients` the bookings over time, `features/referrals` the top referrers.',
  auth: 'Served by `features/accounts`: signing up, in and out, and password resets are the account\'s life cycle; the URL prefix is the one the web app has always called.',
  business: '`features/business` serves the profile and settings; `features/notifications` serves `/api/business/notifications`, the owner\'s e-mail notification settings, beside the jobs that send them.',
  clients: '`features/clients` serves the list and a client\'s detail; `features/bookings` serves the bookings added to a client by hand, which go through the same booking rules as an import.',
  dashboard: 'Served by `features/clients`: the headline figures are counted from the clients\' read model (docs/clients-api.md).',
  'csv-uploads': 'Served by `features/imports`, which owns every way bookings come in (file upload, webhook) and their logs.',
  forms: '`features/forms` serves the owner\'s form builder; `features/forms-public` serves the embedded form and its submission, which are public and load no app code.',
  health: 'Served by `platform/health.ts`: a load balancer\'s probe of the process and database, not a feature.',
  'openapi.json': 'Served by `platform/openapi.ts`: the API\'s OpenAPI 3.1 document, generated from the route table (docs/api-reference.md).',
  outreach: 'Served by `features/sms`: outreach is the texts an owner sends to clients (a referral ask, a review request) through the same send path as every text.',
  r: 'Not under `/api`: the review request\'s short link `/r/<token>`, a public page served by `features/reviews` (docs/reviews.md), listed here because it is fuzzed like the API.',
  public: 'Served by `features/referrals-public`: the public referral page\'s lookup and claim, without a session.',
  reference: 'Served by `platform/openapi.ts`: the OpenAPI document as a page to read (docs/api-reference.md).',
  referrals: '`features/referrals` serves the owner\'s tracker; `features/referral-conversion` serves converting a referral into a client, which writes clients and bookings.',
  'two-factor': 'Served by `features/accounts`: a person\'s second factor is part of signing in (docs/accounts.md, "Two-factor sign-in").',
  setup: 'Served by `features/onboarding`: the setup checklist of a new business.',
  upload: 'Served by `features/imports` (see `/api/csv-uploads`).',
  webhook: 'Served by `features/imports`: the booking webhook a scheduling tool calls with the business\'s token.',
  'webhook-logs': 'Served by `features/imports` (see `/api/webhook`).',
};

/** '/api/clients/:id' -> 'clients'; a public page outside /api by its first segment ('/r/:token' -> 'r'). */
export const areaOf = (url: string) => (url.startsWith('/api/') ? url.split('/')[2] : url.split('/')[1]) ?? '';

/** The feature folder a file belongs to ('src/server/features/sms/inbox/routes.ts' -> 'sms'). */
const featureOf = (file: string) => /^src\/server\/features\/([^/]+)\//.exec(file)?.[1];

/** Areas whose routes are declared outside features/<area>/. */
export function areasServedElsewhere(routes: RouteEntry[]): string[] {
  const out = new Set<string>();
  for (const route of routes) if (featureOf(route.file) !== areaOf(route.url)) out.add(areaOf(route.url));
  return [...out].sort();
}

export function renderRouteIndex(routes: RouteEntry[], pages: PageRoute[]): string {
  const byArea = new Map<string, RouteEntry[]>();
  for (const route of routes) {
    const area = areaOf(route.url);
    byArea.set(area, [...(byArea.get(area) ?? []), route]);
  }
  const lines = [
    '# Routes',
    '',
    'Every page and every `/api` route, by its URL, with the file that serves it. Generated from the route table',
    '(`src/server/platform/route-table.ts`) by `npm run routes:index`; `src/server/platform/route-index.test.ts`',
    'fails when a route is added or moved without running it. Each `/api/<area>` is served by',
    '`src/server/features/<area>/`, or its note says why not. Access `session` needs a signed-in person whose role is at least the route\'s Role (docs/accounts.md, "People and roles"). The API\'s',
    'schemas: `/api/openapi.json`, or `/api/reference` to read (docs/api-reference.md).',
    '',
    ...renderPageIndex(pages),
  ];
  for (const area of [...byArea.keys()].sort()) {
    lines.push(`## ${byArea.get(area)![0].url.startsWith('/api/') ? '/api' : ''}/${area}`, '');
    if (AREA_NOTES[area]) lines.push(AREA_NOTES[area], '');
    lines.push('| Method | URL | Access | Role | File |', '| --- | --- | --- | --- | --- |');
    const sorted = [...byArea.get(area)!].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
    for (const r of sorted) lines.push(`| ${r.method} | \`${r.url}\` | ${r.access} | ${r.role ?? ''} | [${r.file.replace('src/server/', '')}](../${r.file}) |`);
    lines.push('');
  }
  return lines.join('\n');
}
