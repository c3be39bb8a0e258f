import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { AREA_NOTES, ROUTE_INDEX_FILE, areasServedElsewhere, renderRouteIndex } from './route-index';
import { WEB_ROUTER_FILE, pageRoutes } from './page-index';
import type { RouteEntry } from './route-table';

// docs/routes.md is the map from a URL to its file (ARCHITECTURE.md links it): it must be what the route table
// says now, and an /api/<area> served outside features/<area>/ must say why.

let t: TestApp;
let routes: RouteEntry[];
beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routeTable();
});
afterAll(() => t.close());

describe('the route index', () => {
  it('knows the file of every route', () => {
    expect(routes.filter((r) => !fs.existsSync(r.file)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('is current: run `npm run routes:index` after adding or moving a route', () => {
    expect(fs.readFileSync(ROUTE_INDEX_FILE, 'utf8')).toBe(renderRouteIndex(routes, pageRoutes(fs.readFileSync(WEB_ROUTER_FILE, 'utf8'))));
  });

  it('says why each area served outside its own feature folder is', () => {
    expect(areasServedElsewhere(routes).filter((area) => !AREA_NOTES[area])).toEqual([]);
  });

  it('keeps no note for an area that is gone or now served by its own feature', () => {
    const elsewhere = new Set(areasServedElsewhere(routes));
    expect(Object.keys(AREA_NOTES).filter((area) => !elsewhere.has(area))).toEqual([]);
  });
});
