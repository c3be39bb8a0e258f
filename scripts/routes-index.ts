// `npm run routes:index`: writes docs/routes.md and the web app's API types (src/web/lib/api-contract.gen.ts and api-contract/) from
// the route table of the app as it is built.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { fromPglite } from '../src/server/db/client';
import { API_CONTRACT_DIR, renderApiContract } from '../src/server/platform/api-contract';
import { WEB_ROUTER_FILE, pageRoutes } from '../src/server/platform/page-index';
import { memoryQueue } from '../src/server/platform/jobs/testing';
import { ROUTE_INDEX_FILE, renderRouteIndex } from '../src/server/platform/route-index';
import { MemoryEmail } from '../src/server/testing/memory-email';

// Building the app adds its routes without touching the database, so an empty one will do.
const database = fromPglite(new PGlite());
const app = await buildApp({ config: testConfig(), database, email: new MemoryEmail(), jobs: memoryQueue() });
await app.ready();
fs.writeFileSync(ROUTE_INDEX_FILE, renderRouteIndex(app.routeTable(), pageRoutes(fs.readFileSync(WEB_ROUTER_FILE, 'utf8'))));
const contract = await renderApiContract(app.swagger(), app.routeTable());
fs.rmSync(API_CONTRACT_DIR, { recursive: true, force: true });
fs.mkdirSync(API_CONTRACT_DIR, { recursive: true });
for (const [file, text] of contract) fs.writeFileSync(file, text);
await app.close();
await database.close();
console.log(`wrote ${ROUTE_INDEX_FILE} and the API types (${contract.size} files in src/web/lib)`);
